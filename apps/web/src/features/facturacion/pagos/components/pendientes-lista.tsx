import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { PpdPendingPayment } from '@repo/contracts/facturas';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { plazoComplemento } from '../model/plazo-complemento.ts';
import { usePuede } from '#src/shared/session/permisos.ts';

function fechaCorta(fecha: string | null): string {
  if (!fecha) return '—';
  const [a, m, d] = fecha.slice(0, 10).split('-');
  return `${d}/${m}/${a}`;
}

function conMoneda(importe: string, moneda: string): string {
  return moneda === 'MXN' ? formatCurrency(importe) : `${formatCurrency(importe)} ${moneda}`;
}

interface ListaProps {
  filas: readonly PpdPendingPayment[];
  seleccionadas: ReadonlySet<number>;
  onAlternar: (fila: PpdPendingPayment) => void;
}

/**
 * The SAT's deadline, only on an invoice with a payment received whose complement is not stamped
 * (waiting for the PAC or refused): counted from that payment's date (cfdi40-rules 7.8).
 */
function Plazo(props: { fila: PpdPendingPayment; ancho?: string }) {
  const fecha = props.fila.pago_sin_complemento;
  if (!fecha) return null;
  return (
    <Badge
      bg="warning"
      text="dark"
      className="fw-normal text-wrap text-start"
      data-testid={`plazo-${String(props.fila.id)}`}
      {...(props.ancho ? { style: { maxWidth: props.ancho } } : {})}
    >
      Pago del {fechaCorta(fecha)} sin complemento: {plazoComplemento(fecha).texto.toLowerCase()}
    </Badge>
  );
}

function Seleccionar(props: { fila: PpdPendingPayment; id: string; lista: ListaProps }) {
  if (!usePuede('emitir')) return null;
  const { fila } = props;
  return (
    <Form.Check
      id={props.id}
      aria-label={`Seleccionar la factura ${fila.serie}-${String(fila.folio ?? '')}`}
      checked={props.lista.seleccionadas.has(fila.id)}
      onChange={() => props.lista.onAlternar(fila)}
    />
  );
}

function RegistrarPago(props: { fila: PpdPendingPayment }) {
  // Issue 27: a read-only role sees what is owed, and is not offered to register a payment.
  if (!usePuede('emitir')) return null;
  return (
    <Link
      to={`/facturacion/facturas/detalle/${String(props.fila.id)}?pago=nuevo`}
      className="btn btn-sm btn-primary text-nowrap"
    >
      Registrar pago
    </Link>
  );
}

/** On a phone (below md) each pending invoice is a card in the screen's width. */
function PendientesCards(props: ListaProps) {
  return (
    <ListGroup className="d-md-none shadow-sm" aria-label="Facturas con saldo pendiente">
      {props.filas.map((r) => (
        <ListGroup.Item key={r.id} data-testid={`pendiente-card-${String(r.id)}`}>
          <div className="d-flex gap-2 align-items-start">
            <Seleccionar fila={r} id={`pendiente-card-sel-${String(r.id)}`} lista={props} />
            <div className="flex-grow-1" style={{ minWidth: 0 }}>
              <div className="d-flex justify-content-between gap-2">
                <Link to={`/facturacion/facturas/detalle/${String(r.id)}`} className="fw-semibold">
                  {r.serie}-{r.folio}
                </Link>
                <span className="fw-bold text-nowrap">
                  {conMoneda(r.PPD_pending_amount, r.moneda)}
                </span>
              </div>
              <div className="text-break">{r.client_name}</div>
              <div className="small text-body-secondary">
                {r.client_rfc} · {fechaCorta(r.fecha)} · {r.dias_desde_emision} días
              </div>
              <div className="small text-body-secondary">
                Total {conMoneda(r.total, r.moneda)} · Pagado {conMoneda(r.pagado, r.moneda)}
              </div>
              <div className="small text-body-secondary">
                Último pago: {fechaCorta(r.fecha_ultimo_pago)}
              </div>
              <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mt-2">
                <Plazo fila={r} />
                <RegistrarPago fila={r} />
              </div>
            </div>
          </div>
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}

/** From md up: the table of spec section 2 with a selection column. */
function PendientesTabla(props: ListaProps) {
  return (
    <div className="d-none d-md-block">
      <Table responsive hover className="bg-body shadow-sm" data-testid="pendientes-tabla">
        <thead>
          <tr>
            <th>
              <span className="visually-hidden">Seleccionar</span>
            </th>
            <th>Cliente</th>
            <th className="text-nowrap">Serie-folio</th>
            <th>Fecha</th>
            <th className="text-end">Total</th>
            <th className="text-end">Pagado</th>
            <th className="text-end">Saldo</th>
            <th className="text-end">Días</th>
            <th>Último pago</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {props.filas.map((r) => (
            <tr key={r.id} data-testid={`pendiente-${String(r.id)}`}>
              <td>
                <Seleccionar fila={r} id={`pendiente-sel-${String(r.id)}`} lista={props} />
              </td>
              <td>
                <div className="fw-semibold">{r.client_name}</div>
                <div className="small text-body-secondary">{r.client_rfc}</div>
              </td>
              <td className="text-nowrap">
                {r.serie}-{r.folio}
              </td>
              <td>{fechaCorta(r.fecha)}</td>
              <td className="text-end text-nowrap">{conMoneda(r.total, r.moneda)}</td>
              <td className="text-end text-nowrap">{conMoneda(r.pagado, r.moneda)}</td>
              <td className="text-end fw-bold text-nowrap">
                {conMoneda(r.PPD_pending_amount, r.moneda)}
              </td>
              <td className="text-end">{r.dias_desde_emision}</td>
              <td>
                {fechaCorta(r.fecha_ultimo_pago)}
                <div>
                  <Plazo fila={r} ancho="10rem" />
                </div>
              </td>
              <td>
                <RegistrarPago fila={r} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

/** The pending PPD invoices: a table from md up, cards on a phone; rows can be selected. */
export function PendientesLista(props: ListaProps) {
  return (
    <>
      <PendientesCards {...props} />
      <PendientesTabla {...props} />
    </>
  );
}
