import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { PagoItem, SaldoFactura } from '@repo/contracts/complementos-pago';
import type { FacturaDetail } from '@repo/contracts/facturas';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { useSession } from '#src/shared/session/session-store.ts';
import { useFormasPago, useSellosFiscales } from '#src/shared/comprobantes/api/datos-maestros.ts';
import { PENDIENTES_QUERY_KEY, usePagos, useSeriesPagos } from '../api/complementos-pago.ts';
import { CancelarPagoModal } from './cancelar-pago-modal.tsx';
import { SustituirPago } from './sustituir-pago.tsx';
import {
  HIGHLIGHT_MS,
  type ListaPagos,
  actualizarPago,
  agregarPago,
  alternarPago,
  listaDe,
  sinHighlight,
} from '../model/pagos-lista.ts';
import { PagoCard } from './pago-card.tsx';
import { PagoFormDiferido } from './pago-form-diferido.tsx';
import { usePuede } from '#src/shared/session/permisos.ts';

/**
 * The payments of a stamped PPD invoice (spec sections 3 and 4): what it still owes, the form of a
 * new payment and the list, newest on top, each with its complement's PDF, XML, e-mail and share.
 */
export function PagosFactura(props: { factura: FacturaDetail; abrirFormulario: boolean }) {
  const { factura } = props;
  const queryClient = useQueryClient();
  const { enterprise } = useSession();
  const pagos = usePagos(factura.id, true);
  const series = useSeriesPagos(enterprise?.id ?? null);
  const sellos = useSellosFiscales(enterprise?.id ?? null);
  const formas = useFormasPago();
  const [lista, setLista] = useState<ListaPagos | null>(null);
  const [saldo, setSaldo] = useState<SaldoFactura | null>(null);
  const [form, setForm] = useState(props.abrirFormulario);
  const [cancelando, setCancelando] = useState<PagoItem | null>(null);
  const [sustituyendo, setSustituyendo] = useState<PagoItem | null>(null);

  // The list arrives once; from then on stamps and cancellations update it in place.
  if (pagos.data && lista === null) {
    setLista(listaDe(pagos.data.data));
    setSaldo(pagos.data.saldo);
  }
  const highlight = lista?.highlight ?? null;
  useEffect(() => {
    if (highlight === null) return;
    const timer = setTimeout(() => setLista((l) => (l ? sinHighlight(l) : l)), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);

  const nombreForma = (clave: string) => {
    const f = formas.data?.find((x) => x.clave === clave);
    return f ? `${clave} - ${f.descripcion}` : clave;
  };
  const actual = saldo ?? pagos.data?.saldo ?? null;
  const cancelada = factura.status === 'cancelled';
  // Issue 27: only a role that issues is offered to register a payment.
  const puedeEmitir = usePuede('emitir');
  // Its credit notes took something off (an exact text test: "0.00" is none).
  const conNotas = actual !== null && !/^[0.]*$/.test(actual.acreditado);
  const liquidada = actual !== null && Number(actual.saldo) <= 0;
  const moneda = factura.moneda !== 'MXN' ? ` ${factura.moneda}` : '';
  // After a substitution the original is cancelled too: the list and balance are read again, the
  // substitute on top.
  const recargar = async (nuevo: number) => {
    const r = await pagos.refetch();
    if (!r.data) return;
    const l = listaDe(r.data.data);
    const sustituto = r.data.data.find((p) => p.id === nuevo);
    setLista(sustituto ? agregarPago(l, sustituto) : l);
    setSaldo(r.data.saldo);
  };

  return (
    <Card className="shadow-sm" data-testid="pagos-factura">
      <Card.Header as="h2" className="h6 fw-bold bg-body d-flex flex-wrap gap-2 align-items-center">
        Pagos de la factura (complementos de pago)
        {!cancelada && !liquidada && !form && puedeEmitir && (
          <Button size="sm" className="ms-auto" onClick={() => setForm(true)}>
            Registrar pago
          </Button>
        )}
      </Card.Header>
      <Card.Body>
        {pagos.isError && (
          <Alert variant="danger">No fue posible consultar los pagos de la factura.</Alert>
        )}
        {actual && (
          <Row className="mb-3 g-2">
            <Col xs={conNotas ? 6 : 4} md>
              <div className="small text-body-secondary">Total</div>
              <div className="fw-semibold">
                {formatCurrency(actual.total)}
                {moneda}
              </div>
            </Col>
            {/* What its credit notes took off: the balance is net of them (issue 25). */}
            {conNotas && (
              <Col xs={conNotas ? 6 : 4} md>
                <div className="small text-body-secondary">Notas de crédito</div>
                <div className="fw-semibold" data-testid="pagos-acreditado">
                  {formatCurrency(actual.acreditado)}
                  {moneda}
                </div>
              </Col>
            )}
            <Col xs={conNotas ? 6 : 4} md>
              <div className="small text-body-secondary">Pagado</div>
              <div className="fw-semibold" data-testid="pagos-pagado">
                {formatCurrency(actual.pagado)}
                {moneda}
              </div>
            </Col>
            <Col xs={conNotas ? 6 : 4} md>
              <div className="small text-body-secondary">Saldo</div>
              <div className="fw-bold" data-testid="pagos-saldo">
                {formatCurrency(actual.saldo)}
                {moneda}
              </div>
            </Col>
          </Row>
        )}
        {liquidada && (
          <Alert variant="success" className="py-2 small">
            La factura está pagada por completo.
          </Alert>
        )}
        {cancelada && (
          <Alert variant="secondary" className="py-2 small">
            La factura está cancelada: no se le pueden registrar pagos.
          </Alert>
        )}
        {form && actual && (
          <Card className="mb-3 border-primary-subtle">
            <Card.Body>
              <h3 className="h6 fw-bold mb-3">Nuevo pago</h3>
              {series.data && series.data.length === 0 && (
                <Alert variant="warning" className="small">
                  Registre una serie de recepción de pagos en Configuraciones › Series y folios para
                  emitir complementos de pago.
                </Alert>
              )}
              <PagoFormDiferido
                facturas={[
                  {
                    factura_id: factura.id,
                    serieFolio: `${factura.serie}-${String(factura.folio ?? '')}`,
                    fecha: factura.fecha,
                    saldo: actual.saldo,
                    client_id: factura.client_id,
                  },
                ]}
                moneda={factura.moneda}
                series={series.data ?? []}
                sellos={sellos.data ?? null}
                onCancel={() => setForm(false)}
                onStamped={(r) => {
                  setForm(false);
                  setSaldo(r.saldo);
                  setLista((l) => agregarPago(l ?? listaDe([]), r.data));
                }}
              />
            </Card.Body>
          </Card>
        )}
        {sustituyendo && actual && (
          <SustituirPago
            pago={sustituyendo}
            facturaId={factura.id}
            saldo={actual.saldo}
            moneda={factura.moneda}
            series={series.data ?? []}
            sellos={sellos.data ?? null}
            onCancel={() => setSustituyendo(null)}
            onStamped={(r) => {
              setSustituyendo(null);
              void recargar(r.data.id);
            }}
          />
        )}
        {lista && lista.pagos.length === 0 && !form && (
          <p className="text-body-secondary mb-0">Esta factura aún no tiene pagos registrados.</p>
        )}
        {lista?.pagos.map((p) => (
          <PagoCard
            key={p.pago.id}
            pago={p.pago}
            opened={p.opened}
            highlight={lista.highlight === p.pago.id}
            formaPago={nombreForma(p.pago.forma_pago)}
            clientId={factura.client_id}
            onToggle={() => setLista((l) => (l ? alternarPago(l, p.pago.id) : l))}
            onCancel={() => setCancelando(p.pago)}
            onSustituir={
              puedeEmitir && !sustituyendo
                ? () => {
                    setForm(false);
                    setSustituyendo(p.pago);
                  }
                : null
            }
            rutaFactura={`/facturacion/facturas/detalle/${String(factura.id)}`}
          />
        ))}
      </Card.Body>
      <CancelarPagoModal
        pago={cancelando}
        onHide={() => setCancelando(null)}
        onCancelled={(pago, nuevo) => {
          setCancelando(null);
          setSaldo(nuevo);
          setLista((l) => (l ? actualizarPago(l, pago) : l));
          notify(
            'success',
            `El complemento ${pago.comprobante.serie}-${String(pago.comprobante.folio ?? '')} fue cancelado; el saldo de la factura es ${formatCurrency(nuevo.saldo)}.`,
          );
          void queryClient.invalidateQueries({ queryKey: ['facturas'] });
          void queryClient.invalidateQueries({ queryKey: ['facturas-ingreso'] });
          void queryClient.invalidateQueries({ queryKey: PENDIENTES_QUERY_KEY });
        }}
      />
    </Card>
  );
}
