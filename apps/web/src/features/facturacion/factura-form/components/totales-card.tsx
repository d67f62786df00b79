import Card from 'react-bootstrap/Card';
import { formatCurrency } from '#src/shared/format/currency.ts';
import type { TotalesFactura } from '../model/calcular-factura.ts';

function Linea(props: { label: string; value: string | null; testId?: string; strong?: boolean }) {
  return (
    <div
      className={`d-flex justify-content-between ${props.strong ? 'fw-bold fs-5 border-top pt-2 mt-2' : ''}`}
    >
      <span className={props.strong ? '' : 'text-body-secondary'}>{props.label}</span>
      <span data-testid={props.testId}>
        {props.value === null ? 'Exento' : formatCurrency(props.value)}
      </span>
    </div>
  );
}

/** The invoice's totals as the CFDI will carry them (computed by the engine in the browser). */
export function TotalesCard(props: {
  totales: TotalesFactura;
  moneda: string;
  incompleta: boolean;
  errores: string[];
}) {
  const t = props.totales;
  return (
    <Card className="shadow-sm" data-testid="totales">
      <Card.Body>
        <Card.Title as="h2" className="h6 fw-bold mb-3">
          Totales ({props.moneda})
        </Card.Title>
        <Linea label="Subtotal" value={t.subtotal} testId="total-subtotal" />
        <Linea label="Descuento" value={t.descuento} testId="total-descuento" />
        {t.traslados.map((x) => (
          <Linea
            key={`t-${x.etiqueta}`}
            label={`${x.etiqueta} trasladado`}
            value={x.importe}
            testId={`total-traslado-${x.etiqueta}`}
          />
        ))}
        {t.retenciones.map((x) => (
          <Linea
            key={`r-${x.etiqueta}`}
            label={x.etiqueta}
            value={x.importe}
            testId={`total-retencion-${x.etiqueta}`}
          />
        ))}
        {t.localesTrasladados.map((x) => (
          <Linea
            key={`lt-${x.etiqueta}`}
            label={`${x.etiqueta} (local trasladado)`}
            value={x.importe}
          />
        ))}
        {t.localesRetenidos.map((x) => (
          <Linea
            key={`lr-${x.etiqueta}`}
            label={`${x.etiqueta} (local retenido)`}
            value={x.importe}
          />
        ))}
        <Linea label="Total" value={t.total} testId="total-total" strong />
        {props.incompleta && (
          <p className="small text-warning-emphasis mt-2 mb-0">
            Hay conceptos incompletos: los totales solo suman los conceptos completos.
          </p>
        )}
        {props.errores.map((e) => (
          <p key={e} className="small text-danger mt-2 mb-0">
            {e}
          </p>
        ))}
      </Card.Body>
    </Card>
  );
}
