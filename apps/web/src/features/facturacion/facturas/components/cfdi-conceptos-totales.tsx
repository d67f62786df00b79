import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import type { CfdiDatos } from '@repo/contracts/facturas';
import {
  formatCantidadXml,
  formatImporteXml,
  formatTasaOCuota,
  nombreImpuesto,
} from '#src/shared/comprobantes/format-cfdi.ts';

const OBJETO_IMP: Record<string, string> = {
  '01': '01 - No objeto de impuesto',
  '02': '02 - Sí objeto de impuesto',
  '03': '03 - Sí objeto del impuesto y no obligado al desglose',
  '04': '04 - Sí objeto del impuesto y no causa impuesto',
};

type Concepto = CfdiDatos['conceptos'][number];

function ConceptoImpuestos({ concepto }: { concepto: Concepto }) {
  const { traslados, retenciones, cuenta_predial: predial } = concepto;
  if (traslados.length === 0 && retenciones.length === 0 && predial.length === 0) return null;
  return (
    <ul className="list-unstyled small text-body-secondary mb-0 mt-1">
      {traslados.map((t, i) => (
        <li key={`t${i}`}>
          Traslado {nombreImpuesto(t.impuesto)} {formatTasaOCuota(t.tipo_factor, t.tasa_o_cuota)} ·
          Base {formatImporteXml(t.base)}
          {t.importe !== null && <> · Importe {formatImporteXml(t.importe)}</>}
        </li>
      ))}
      {retenciones.map((r, i) => (
        <li key={`r${i}`}>
          Retención {nombreImpuesto(r.impuesto)} {formatTasaOCuota(r.tipo_factor, r.tasa_o_cuota)} ·
          Base {formatImporteXml(r.base)} · Importe {formatImporteXml(r.importe)}
        </li>
      ))}
      {predial.map((numero) => (
        <li key={numero}>Cuenta predial {numero}</li>
      ))}
    </ul>
  );
}

/** The CFDI's "Conceptos" table; `money` writes an XML amount with the CFDI's currency. */
export function CfdiConceptosCard(props: {
  conceptos: CfdiDatos['conceptos'];
  money: (value: string | null) => string;
}) {
  const { money } = props;
  return (
    <Card className="shadow-sm">
      <Card.Header as="h2" className="h6 fw-bold bg-body">
        Conceptos
      </Card.Header>
      <Table responsive className="mb-0 align-top" aria-label="Conceptos">
        <thead className="table-light small">
          <tr>
            <th>Clave prod./serv.</th>
            <th>Descripción</th>
            <th className="text-end">Cantidad</th>
            <th>Unidad</th>
            <th className="text-end">Valor unitario</th>
            <th className="text-end">Descuento</th>
            <th className="text-end">Importe</th>
          </tr>
        </thead>
        <tbody>
          {props.conceptos.map((concepto, index) => (
            <tr key={index} data-testid="cfdi-concepto">
              <td className="text-nowrap">
                {concepto.clave_prod_serv}
                {concepto.no_identificacion && (
                  <div className="small text-body-secondary">{concepto.no_identificacion}</div>
                )}
              </td>
              <td>
                {concepto.descripcion}
                <div className="small text-body-secondary">
                  Objeto de impuesto: {OBJETO_IMP[concepto.objeto_imp] ?? concepto.objeto_imp}
                </div>
                <ConceptoImpuestos concepto={concepto} />
              </td>
              <td className="text-end">{formatCantidadXml(concepto.cantidad)}</td>
              <td className="text-nowrap">
                {concepto.clave_unidad}
                {concepto.unidad && ` - ${concepto.unidad}`}
              </td>
              <td className="text-end text-nowrap">{money(concepto.valor_unitario)}</td>
              <td className="text-end text-nowrap">
                {concepto.descuento ? money(concepto.descuento) : '—'}
              </td>
              <td className="text-end text-nowrap">{money(concepto.importe)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <tr className={strong ? 'fw-bold fs-5' : undefined}>
      <th scope="row" className="fw-normal text-body-secondary">
        {label}
      </th>
      <td className="text-end text-nowrap">{value}</td>
    </tr>
  );
}

/** The CFDI's "Totales": subtotal, discount, federal and local taxes and the total. */
export function CfdiTotalesCard(props: {
  cfdi: CfdiDatos;
  money: (value: string | null) => string;
}) {
  const { cfdi: c, money } = props;
  const locales = c.impuestos_locales;
  return (
    <Card className="shadow-sm">
      <Card.Header as="h2" className="h6 fw-bold bg-body">
        Totales
      </Card.Header>
      <Table className="mb-0" aria-label="Totales" data-testid="cfdi-totales">
        <tbody>
          <TotalRow label="Subtotal" value={money(c.subtotal)} />
          {c.descuento !== null && <TotalRow label="Descuento" value={`-${money(c.descuento)}`} />}
          {(c.impuestos?.traslados ?? []).map((t, i) => (
            <TotalRow
              key={`t${i}`}
              label={`${nombreImpuesto(t.impuesto)} trasladado ${formatTasaOCuota(t.tipo_factor, t.tasa_o_cuota)}`}
              value={t.importe === null ? 'Exento' : money(t.importe)}
            />
          ))}
          {(c.impuestos?.retenciones ?? []).map((r, i) => (
            <TotalRow
              key={`r${i}`}
              label={`${nombreImpuesto(r.impuesto)} retenido`}
              value={`-${money(r.importe)}`}
            />
          ))}
          {(locales?.traslados ?? []).map((t, i) => (
            <TotalRow
              key={`lt${i}`}
              label={`${t.nombre} trasladado ${t.tasa}%`}
              value={money(t.importe)}
            />
          ))}
          {(locales?.retenciones ?? []).map((r, i) => (
            <TotalRow
              key={`lr${i}`}
              label={`${r.nombre} retenido ${r.tasa}%`}
              value={`-${money(r.importe)}`}
            />
          ))}
          <TotalRow label="Total" value={money(c.total)} strong />
        </tbody>
      </Table>
    </Card>
  );
}
