import { formatCurrency } from '#src/shared/format/currency.ts';
import type { ImpuestoMostrado, PartidaCalculada } from '../model/calcular-factura.ts';

function ListaImpuestos(props: { titulo: string; lista: ImpuestoMostrado[]; signo: '+' | '−' }) {
  if (props.lista.length === 0) return null;
  return (
    <>
      {props.lista.map((t) => (
        <div key={`${props.titulo}-${t.etiqueta}`} className="d-flex justify-content-between small">
          <span className="text-body-secondary">
            {props.signo} {t.etiqueta}
          </span>
          <span>{t.importe === null ? 'Exento' : formatCurrency(t.importe)}</span>
        </div>
      ))}
    </>
  );
}

/** A partida's amounts: subtotal, discount, base, each tax and its total (zero while invalid). */
export function PartidaImportes({ prefix, c }: { prefix: string; c: PartidaCalculada | null }) {
  return (
    <div className="border rounded p-2 bg-body-tertiary" data-testid={`${prefix}-importes`}>
      <div className="d-flex justify-content-between small">
        <span className="text-body-secondary">Subtotal</span>
        <span data-testid={`${prefix}-subtotal`}>{formatCurrency(c?.subtotal ?? 0)}</span>
      </div>
      {c && c.descuentoMonto !== '0.00' && (
        <div className="d-flex justify-content-between small">
          <span className="text-body-secondary">− Descuento</span>
          <span>{formatCurrency(c.descuentoMonto)}</span>
        </div>
      )}
      <div className="d-flex justify-content-between small">
        <span className="text-body-secondary">Importe base</span>
        <span data-testid={`${prefix}-base`}>{formatCurrency(c?.importeBase ?? 0)}</span>
      </div>
      {c && (
        <>
          <ListaImpuestos titulo="t" lista={c.traslados} signo="+" />
          <ListaImpuestos titulo="r" lista={c.retenciones} signo="−" />
          <ListaImpuestos titulo="lt" lista={c.localesTrasladados} signo="+" />
          <ListaImpuestos titulo="lr" lista={c.localesRetenidos} signo="−" />
        </>
      )}
      <div className="d-flex justify-content-between fw-semibold border-top mt-1 pt-1">
        <span>Total</span>
        <span data-testid={`${prefix}-total`}>{formatCurrency(c?.total ?? 0)}</span>
      </div>
    </div>
  );
}
