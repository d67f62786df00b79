import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { MAX_WEBHOOKS, type WebhookResponse } from '@repo/contracts/webhooks';
import { confirmDelete, notify } from '#src/shared/feedback/feedback-store.ts';
import type { WebhooksApi } from '../api/webhooks-api.ts';
import { Entregas } from './entregas.tsx';
import { SecretoAviso } from './secreto-aviso.tsx';
import { WebhookForm } from './webhook-form.tsx';

/** Webhooks: the enterprise's endpoints, a form to add one, and each one's delivery log. */
export function Webhooks(props: { api: WebhooksApi }) {
  const { api } = props;
  const queryClient = useQueryClient();
  const lista = useQuery({
    queryKey: api.key,
    queryFn: api.listar,
    // While deliveries wait, their count changes within seconds.
    refetchInterval: (q) => (q.state.data?.some((w) => w.pendientes > 0) ? 3000 : false),
  });
  const [secreto, setSecreto] = useState<string | null>(null);
  const refrescar = () => queryClient.invalidateQueries({ queryKey: api.key });

  return (
    <div className="d-flex flex-column gap-4">
      {lista.isPending ? (
        <Spinner size="sm" />
      ) : lista.isError ? (
        <Alert variant="danger">No fue posible cargar sus webhooks.</Alert>
      ) : lista.data.length === 0 ? (
        <p className="text-body-secondary mb-0">
          Aún no tiene webhooks. Agregue la dirección de su sistema para recibir un aviso cuando se
          timbre o cancele un documento.
        </p>
      ) : (
        lista.data.map((w) => (
          <WebhookCard
            key={w.id}
            api={api}
            webhook={w}
            onSecreto={setSecreto}
            refrescar={refrescar}
          />
        ))
      )}
      {lista.data && lista.data.length < MAX_WEBHOOKS && (
        <Card className="shadow-sm" as="section" aria-labelledby="nuevo-webhook">
          <Card.Body className="p-4">
            <h2 id="nuevo-webhook" className="h5 fw-bold mb-3">
              Agregar webhook
            </h2>
            <WebhookForm
              idPrefix="nuevo-webhook"
              submitLabel="Agregar webhook"
              onSubmit={async (values) => {
                const creado = await api.crear(values);
                await refrescar();
                setSecreto(creado.secreto);
                notify('success', 'Webhook agregado.');
              }}
            />
          </Card.Body>
        </Card>
      )}
      <SecretoAviso secreto={secreto} onClose={() => setSecreto(null)} />
    </div>
  );
}

function WebhookCard(props: {
  api: WebhooksApi;
  webhook: WebhookResponse;
  onSecreto: (s: string) => void;
  refrescar: () => Promise<void>;
}) {
  const { api, webhook: w } = props;
  const [editando, setEditando] = useState(false);
  const [verEntregas, setVerEntregas] = useState(false);

  const eliminar = () =>
    confirmDelete({
      message: `¿Desea eliminar el webhook ${w.url}? Dejará de recibir avisos y se borrará su historial de entregas.`,
      onAccept: async () => {
        await api.eliminar(w.id);
        await props.refrescar();
        notify('success', 'Webhook eliminado.');
      },
    });
  const probar = async () => {
    await api.probar(w.id);
    setVerEntregas(true);
    await props.refrescar();
    notify('success', 'Se enviará un aviso de prueba en unos segundos.');
  };
  const rotar = async () => {
    const r = await api.rotarSecreto(w.id);
    props.onSecreto(r.secreto);
  };

  return (
    <Card className="shadow-sm" as="section" data-testid={`webhook-${w.id}`}>
      <Card.Body className="p-4">
        <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
          <div className="text-break">
            <h2 className="h6 fw-bold mb-1 font-monospace">{w.url}</h2>
            {w.descripcion && <div className="text-body-secondary">{w.descripcion}</div>}
          </div>
          <div className="d-flex gap-1 align-items-start">
            <Badge bg={w.activo ? 'success' : 'secondary'}>
              {w.activo ? 'Activo' : 'Inactivo'}
            </Badge>
            {w.pendientes > 0 && (
              <Badge bg="warning" text="dark">
                {w.pendientes === 1 ? '1 entrega pendiente' : `${w.pendientes} entregas pendientes`}
              </Badge>
            )}
            {w.fallidas > 0 && (
              <Badge bg="danger">
                {w.fallidas === 1 ? '1 entrega fallida' : `${w.fallidas} entregas fallidas`} (7
                días)
              </Badge>
            )}
          </div>
        </div>
        <div className="mb-3 d-flex flex-wrap gap-1">
          {w.eventos.map((e) => (
            <code key={e} className="small bg-body-tertiary px-2 rounded">
              {e}
            </code>
          ))}
        </div>
        {editando ? (
          <WebhookForm
            idPrefix={`webhook-${w.id}`}
            initial={w}
            submitLabel="Guardar"
            onCancel={() => setEditando(false)}
            onSubmit={async (values) => {
              await api.actualizar(w.id, values);
              await props.refrescar();
              setEditando(false);
              notify('success', 'Webhook guardado.');
            }}
          />
        ) : (
          <div className="d-flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline-primary"
              onClick={() => setVerEntregas(!verEntregas)}
            >
              {verEntregas ? 'Ocultar entregas' : 'Ver entregas'}
            </Button>
            <Button size="sm" variant="outline-primary" onClick={() => void probar()}>
              Enviar prueba
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={() => setEditando(true)}>
              Editar
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={() => void rotar()}>
              Generar nuevo secreto
            </Button>
            <Button size="sm" variant="outline-danger" onClick={eliminar}>
              Eliminar
            </Button>
          </div>
        )}
        {verEntregas && (
          <div className="mt-3">
            <h3 className="h6 fw-semibold">Entregas</h3>
            <Entregas api={api} endpointId={w.id} />
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
