import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import type { AnticipoItem, PasoAnticipo } from '@repo/contracts/anticipos';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { AplicarAnticipo } from './aplicar-anticipo.tsx';

/** What remains to do, in the user's words. */
const QUE_FALTA: Record<PasoAnticipo, { texto: string; color: string }> = {
  factura_final: { texto: 'Falta: emitir la factura por el valor total', color: 'warning' },
  aplicar: { texto: 'Falta: aplicar el anticipo', color: 'warning' },
  aplicado: { texto: 'Aplicado', color: 'success' },
  cancelado: { texto: 'Anticipo cancelado', color: 'secondary' },
};

const ESTADO: Record<string, string> = {
  timbrada: 'Timbrada',
  cancelada: 'Cancelada',
  sellada: 'Sellada, en espera del PAC',
};

/** One advance with its three steps (Guía de llenado 4.0, Apéndice 6) and what remains to do. */
export function AnticipoTarjeta(props: {
  anticipo: AnticipoItem;
  /** Paths composed by the app: an income invoice's detail, a new one for this advance, a note. */
  rutas: {
    factura: (id: number) => string;
    facturaFinal: (a: AnticipoItem) => string;
    nota: (id: number) => string;
  };
}) {
  const a = props.anticipo;
  const falta = QUE_FALTA[a.paso];
  const paso = (n: number, hecho: boolean, titulo: string) => (
    <div className="fw-semibold small">
      <span className={hecho ? 'text-success' : 'text-body-secondary'}>
        {hecho ? '✓' : `${n}.`}
      </span>{' '}
      {titulo}
    </div>
  );
  return (
    <Card data-testid="anticipo" data-anticipo={a.serie_folio}>
      <Card.Body className="d-flex flex-column gap-3">
        <div className="d-flex flex-wrap justify-content-between gap-2">
          <div>
            <div className="fw-bold">
              Anticipo {a.serie_folio} · {a.client_name}
            </div>
            <div className="small text-body-secondary">
              {formatCurrency(a.total)} {a.moneda === 'MXN' ? '' : a.moneda} (
              {formatCurrency(a.subtotal)} antes de impuestos) · por aplicar{' '}
              {formatCurrency(a.restante_total)}
            </div>
          </div>
          <Badge
            bg={falta.color}
            {...(falta.color === 'warning' ? { text: 'dark' as const } : {})}
            className="align-self-start"
            data-testid="anticipo-paso"
          >
            {falta.texto}
          </Badge>
        </div>
        <div>
          {paso(1, a.status === 'timbrada' || a.status === 'cancelada', 'Factura del anticipo')}
          <div className="small ms-3">
            <Link to={props.rutas.factura(a.id)}>{a.serie_folio}</Link> ·{' '}
            {ESTADO[a.status] ?? a.status}
            {a.uuid && <span className="text-body-secondary text-break"> · {a.uuid}</span>}
          </div>
        </div>
        {a.paso !== 'cancelado' && (
          <div>
            {paso(
              2,
              a.facturas.some((f) => f.status === 'timbrada'),
              'Factura por el valor total (relación 07)',
            )}
            <div className="small ms-3 d-flex flex-column gap-1">
              {a.facturas.map((f) => (
                <div key={f.id}>
                  <Link to={props.rutas.factura(f.id)}>{f.serie_folio}</Link> ·{' '}
                  {formatCurrency(f.total)} · {f.metodo_pago} · {ESTADO[f.status] ?? f.status}
                </div>
              ))}
              {a.paso === 'factura_final' && (
                <div>
                  Cuando sepa el bien o servicio y su precio,{' '}
                  <Link to={props.rutas.facturaFinal(a)} data-testid="emitir-factura-final">
                    emita la factura por el valor total
                  </Link>
                  : ya lleva el cliente y el anticipo relacionado con el tipo de relación 07.
                </div>
              )}
            </div>
          </div>
        )}
        {a.paso !== 'cancelado' && (
          <div>
            {paso(
              3,
              a.paso === 'aplicado',
              'Nota de crédito que aplica el anticipo (forma de pago 30)',
            )}
            <div className="small ms-3 d-flex flex-column gap-1">
              {a.aplicaciones.map((x) => (
                <div key={x.id}>
                  <Link to={props.rutas.nota(x.id)}>{x.serie_folio}</Link> ·{' '}
                  {formatCurrency(x.total)} · {ESTADO[x.status] ?? x.status}
                </div>
              ))}
              {a.paso === 'aplicar' && <AplicarAnticipo anticipo={a} />}
            </div>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
