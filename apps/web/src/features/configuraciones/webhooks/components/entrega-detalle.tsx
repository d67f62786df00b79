import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { formatInstante } from '#src/shared/format/instante.ts';
import type { WebhooksApi } from '../api/webhooks-api.ts';
import { EstadoBadge } from './estado-badge.tsx';

/** One delivery as it was sent (headers and body) and every attempt with the receiver's answer. */
export function EntregaDetalle(props: {
  api: WebhooksApi;
  id: number | null;
  onClose: () => void;
  onReenviar: (id: number) => Promise<void>;
}) {
  const { id } = props;
  const entrega = useQuery({
    queryKey: [...props.api.key, 'entrega', id],
    queryFn: () => props.api.entrega(id ?? 0),
    enabled: id !== null,
    // A delivery waiting for its next attempt changes within seconds: the dialog follows it.
    refetchInterval: (q) => (q.state.data?.estado === 'pendiente' ? 2000 : false),
  });
  const d = entrega.data;
  return (
    <Modal show={id !== null} onHide={props.onClose} size="lg" centered scrollable>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          Entrega {d ? <code>{d.evento}</code> : null}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {entrega.isPending ? (
          <Spinner size="sm" />
        ) : entrega.isError || !d ? (
          <Alert variant="danger">No fue posible cargar la entrega.</Alert>
        ) : (
          <>
            <p className="mb-3">
              <EstadoBadge estado={d.estado} />{' '}
              {d.estado === 'pendiente' && d.siguiente_intento && (
                <span className="small">
                  Siguiente intento: {formatInstante(d.siguiente_intento)}
                </span>
              )}
              {d.estado === 'fallida' && (
                <span className="small">Se dejó de intentar un día después del evento.</span>
              )}
            </p>
            <h3 className="h6 fw-semibold">Solicitud enviada</h3>
            <pre
              className="bg-body-tertiary p-2 small text-wrap text-break"
              data-testid="entrega-encabezados"
            >
              {Object.entries(d.encabezados)
                .map(([k, v]) => `${k}: ${v}`)
                .join('\n')}
            </pre>
            <pre className="bg-body-tertiary p-2 small" data-testid="entrega-cuerpo">
              {d.cuerpo}
            </pre>
            <h3 className="h6 fw-semibold">Intentos</h3>
            {d.intentos_detalle.length === 0 ? (
              <p className="text-body-secondary">Aún no se ha intentado.</p>
            ) : (
              <ol className="ps-3 mb-0">
                {d.intentos_detalle.map((i) => (
                  <li key={i.id} className="mb-2">
                    <div className="small">
                      {formatInstante(i.enviado_at)} · {i.duracion_ms} ms ·{' '}
                      {i.codigo !== null ? `HTTP ${i.codigo}` : 'sin respuesta'}
                    </div>
                    {(i.respuesta || i.error) && (
                      <pre
                        className="bg-body-tertiary p-2 small text-break mb-0"
                        style={{ whiteSpace: 'pre-wrap' }}
                      >
                        {i.error || i.respuesta}
                      </pre>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        {id !== null && (
          <Button
            variant="outline-primary"
            onClick={() => void props.onReenviar(id).then(() => entrega.refetch())}
          >
            Reenviar
          </Button>
        )}
        <Button variant="secondary" onClick={props.onClose}>
          Cerrar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
