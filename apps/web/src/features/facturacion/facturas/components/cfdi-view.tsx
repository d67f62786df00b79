import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import type { CfdiDatos } from '@repo/contracts/facturas';
import {
  claveConDescripcion,
  useCatalogo,
} from '#src/features/facturacion/shared/api/get-catalogo.ts';
import {
  formatCantidadXml,
  formatFechaCfdi,
  formatImporteXml,
  formatTasaOCuota,
  nombreImpuesto,
  serieFolio,
} from '../format-cfdi.ts';

const OBJETO_IMP: Record<string, string> = {
  '01': '01 - No objeto de impuesto',
  '02': '02 - Sí objeto de impuesto',
  '03': '03 - Sí objeto del impuesto y no obligado al desglose',
  '04': '04 - Sí objeto del impuesto y no causa impuesto',
};

const EXPORTACION: Record<string, string> = {
  '01': '01 - No aplica',
  '02': '02 - Definitiva con clave A1',
  '03': '03 - Temporal',
  '04': '04 - Definitiva con clave distinta a A1',
};

function Datum({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="mb-2">
      <div className="small text-body-secondary">{label}</div>
      <div className="fw-semibold text-break" data-testid={testId}>
        {children}
      </div>
    </div>
  );
}

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

/** Every datum of a CFDI 4.0 as its XML holds it: the numbers on screen are the XML's own text. */
export function CfdiView({ cfdi }: { cfdi: CfdiDatos }) {
  const regimenes = useCatalogo('regimenes-fiscales').data;
  const usos = useCatalogo('usos-cfdis').data;
  const formas = useCatalogo('formas-pagos').data;
  const metodos = useCatalogo('metodos-pago').data;
  const c = cfdi;
  const locales = c.impuestos_locales;
  const timbre = c.timbre;
  const moneda = c.moneda === 'MXN' ? '' : ` ${c.moneda}`;
  const money = (value: string | null) => `${formatImporteXml(value)}${moneda}`;

  return (
    <div className="d-flex flex-column gap-4">
      <Card className="shadow-sm">
        <Card.Header as="h2" className="h6 fw-bold bg-body">
          Comprobante
        </Card.Header>
        <Card.Body>
          <Row>
            <Col sm={6} lg={3}>
              <Datum label="Serie y folio" testId="cfdi-serie-folio">
                {serieFolio(c.serie, c.folio)}
              </Datum>
              <Datum label="Fecha de emisión">{formatFechaCfdi(c.fecha)}</Datum>
            </Col>
            <Col sm={6} lg={3}>
              <Datum label="Tipo de comprobante">I - Ingreso (CFDI {c.version})</Datum>
              <Datum label="Lugar de expedición">{c.lugar_expedicion}</Datum>
            </Col>
            <Col sm={6} lg={3}>
              <Datum label="Forma de pago">
                {c.forma_pago ? claveConDescripcion(formas, c.forma_pago) : 'No aplica'}
              </Datum>
              <Datum label="Método de pago">
                {c.metodo_pago ? claveConDescripcion(metodos, c.metodo_pago) : 'No aplica'}
              </Datum>
            </Col>
            <Col sm={6} lg={3}>
              <Datum label="Moneda">
                {c.moneda}
                {c.tipo_cambio && ` (tipo de cambio ${c.tipo_cambio})`}
              </Datum>
              <Datum label="Exportación">{EXPORTACION[c.exportacion] ?? c.exportacion}</Datum>
            </Col>
            {c.condiciones_pago && (
              <Col sm={6} lg={3}>
                <Datum label="Condiciones de pago">{c.condiciones_pago}</Datum>
              </Col>
            )}
            {c.no_certificado && (
              <Col sm={6} lg={3}>
                <Datum label="No. de certificado del emisor">{c.no_certificado}</Datum>
              </Col>
            )}
            {c.informacion_global && (
              <Col sm={6} lg={3}>
                <Datum label="Información global">
                  Periodicidad {c.informacion_global.periodicidad} · Mes{' '}
                  {c.informacion_global.meses} · Año {c.informacion_global.anio}
                </Datum>
              </Col>
            )}
          </Row>
          {c.cfdi_relacionados.map((rel) => (
            <Datum
              key={rel.tipo_relacion}
              label={`CFDI relacionados (tipo de relación ${rel.tipo_relacion})`}
            >
              {rel.uuids.join(', ')}
            </Datum>
          ))}
        </Card.Body>
      </Card>

      <Row className="g-4">
        <Col md={6}>
          <Card className="shadow-sm h-100">
            <Card.Header as="h2" className="h6 fw-bold bg-body">
              Emisor
            </Card.Header>
            <Card.Body>
              <Datum label="RFC" testId="cfdi-emisor-rfc">
                {c.emisor.rfc}
              </Datum>
              <Datum label="Nombre o razón social">{c.emisor.nombre}</Datum>
              <Datum label="Régimen fiscal">
                {claveConDescripcion(regimenes, c.emisor.regimen_fiscal)}
              </Datum>
            </Card.Body>
          </Card>
        </Col>
        <Col md={6}>
          <Card className="shadow-sm h-100">
            <Card.Header as="h2" className="h6 fw-bold bg-body">
              Receptor
            </Card.Header>
            <Card.Body>
              <Datum label="RFC" testId="cfdi-receptor-rfc">
                {c.receptor.rfc}
              </Datum>
              <Datum label="Nombre o razón social">{c.receptor.nombre}</Datum>
              <Row>
                <Col sm={6}>
                  <Datum label="Domicilio fiscal (código postal)">
                    {c.receptor.domicilio_fiscal}
                  </Datum>
                </Col>
                <Col sm={6}>
                  <Datum label="Uso del CFDI">
                    {claveConDescripcion(usos, c.receptor.uso_cfdi)}
                  </Datum>
                </Col>
              </Row>
              <Datum label="Régimen fiscal">
                {claveConDescripcion(regimenes, c.receptor.regimen_fiscal)}
              </Datum>
              {c.receptor.residencia_fiscal && (
                <Datum label="Residencia fiscal">{c.receptor.residencia_fiscal}</Datum>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>

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
            {c.conceptos.map((concepto, index) => (
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

      <Row className="g-4">
        <Col lg={7}>
          {timbre && (
            <Card className="shadow-sm">
              <Card.Header as="h2" className="h6 fw-bold bg-body">
                Timbre fiscal digital
              </Card.Header>
              <Card.Body>
                <Datum label="Folio fiscal (UUID)" testId="cfdi-uuid">
                  {timbre.uuid}
                </Datum>
                <Row>
                  <Col sm={6}>
                    <Datum label="Fecha de timbrado">
                      {formatFechaCfdi(timbre.fecha_timbrado)}
                    </Datum>
                    <Datum label="RFC del proveedor de certificación">
                      {timbre.rfc_prov_certif}
                    </Datum>
                  </Col>
                  <Col sm={6}>
                    <Datum label="No. de certificado del SAT">{timbre.no_certificado_sat}</Datum>
                    {c.no_certificado && (
                      <Datum label="No. de certificado del emisor">{c.no_certificado}</Datum>
                    )}
                  </Col>
                </Row>
                <Datum label="Sello digital del CFDI">
                  <span className="font-monospace small fw-normal">{timbre.sello_cfd}</span>
                </Datum>
                <Datum label="Sello digital del SAT">
                  <span className="font-monospace small fw-normal">{timbre.sello_sat}</span>
                </Datum>
              </Card.Body>
            </Card>
          )}
        </Col>
        <Col lg={5}>
          <Card className="shadow-sm">
            <Card.Header as="h2" className="h6 fw-bold bg-body">
              Totales
            </Card.Header>
            <Table className="mb-0" aria-label="Totales" data-testid="cfdi-totales">
              <tbody>
                <TotalRow label="Subtotal" value={money(c.subtotal)} />
                {c.descuento !== null && (
                  <TotalRow label="Descuento" value={`-${money(c.descuento)}`} />
                )}
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
        </Col>
      </Row>
    </div>
  );
}
