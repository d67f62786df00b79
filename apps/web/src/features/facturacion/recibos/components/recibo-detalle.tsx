import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { ESTADO_RECIBO_TEXTO } from '@repo/contracts/recibos';
import { confirmDelete, notify } from '#src/shared/feedback/feedback-store.ts';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { usePuede } from '#src/shared/session/permisos.ts';
import { codigoLegible, type RecibosApi } from '../api/recibos-api.ts';

function fechaDia(dia: string) {
  return dia.split('-').reverse().join('/');
}

/** One receipt: its QR and code for the ticket, its amounts, until when it may be invoiced, cancel. */
export function ReciboDetalle(props: { api: RecibosApi; id: number | null; onClose: () => void }) {
  const { api, id } = props;
  const queryClient = useQueryClient();
  const puedeEmitir = usePuede('emitir');
  const recibo = useQuery({
    queryKey: [...api.key, 'detalle', id],
    queryFn: () => api.detalle(id ?? 0),
    enabled: id !== null,
  });
  const r = recibo.data;
  const cancelar = () =>
    confirmDelete({
      title: 'Cancelar recibo',
      message: `¿Desea cancelar el recibo ${r?.folio ?? ''}? Su cliente ya no podrá facturarlo.`,
      onAccept: async () => {
        await api.cancelar(id ?? 0);
        await queryClient.invalidateQueries({ queryKey: api.key });
        notify('success', 'Recibo cancelado.');
      },
    });
  return (
    <Modal show={id !== null} onHide={props.onClose} centered>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          Recibo {r?.folio ?? ''}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {recibo.isPending ? (
          <Spinner size="sm" />
        ) : !r ? (
          <Alert variant="danger">No fue posible cargar el recibo.</Alert>
        ) : (
          <div data-testid="recibo-detalle">
            <div className="text-center mb-3">
              {r.qr_svg && (
                <img
                  src={`data:image/svg+xml;utf8,${encodeURIComponent(r.qr_svg)}`}
                  alt={`Código QR del portal de facturación para el recibo ${r.folio}`}
                  width={180}
                  height={180}
                />
              )}
              <div className="font-monospace fs-5">{codigoLegible(r.codigo)}</div>
              <div className="small text-body-secondary text-break">{r.url_portal}</div>
            </div>
            <dl className="row mb-0">
              <dt className="col-6">Subtotal</dt>
              <dd className="col-6 text-end">{formatCurrency(r.subtotal)}</dd>
              {r.descuento !== '0.00' && (
                <>
                  <dt className="col-6">Descuento</dt>
                  <dd className="col-6 text-end">{formatCurrency(r.descuento)}</dd>
                </>
              )}
              <dt className="col-6">Impuestos trasladados</dt>
              <dd className="col-6 text-end">{formatCurrency(r.impuestos)}</dd>
              <dt className="col-6">Total</dt>
              <dd className="col-6 text-end fw-semibold">{formatCurrency(r.total)}</dd>
              <dt className="col-6">Estado</dt>
              <dd className="col-6 text-end">{ESTADO_RECIBO_TEXTO[r.estado]}</dd>
              {r.estado === 'abierto' && (
                <>
                  <dt className="col-6">Facturable hasta</dt>
                  <dd className="col-6 text-end">{fechaDia(r.facturable_hasta)}</dd>
                </>
              )}
              {r.referencia && (
                <>
                  <dt className="col-6">Referencia del punto de venta</dt>
                  <dd className="col-6 text-end text-break">{r.referencia}</dd>
                </>
              )}
            </dl>
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        {r?.estado === 'abierto' && puedeEmitir && (
          <Button variant="outline-danger" onClick={cancelar}>
            Cancelar recibo
          </Button>
        )}
        <Button variant="secondary" onClick={props.onClose}>
          Cerrar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
