import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { formatInstante } from '#src/shared/format/instante.ts';
import { Pagination } from '#src/shared/ui/list/pagination.tsx';
import type { WebhooksApi } from '../api/webhooks-api.ts';
import { EntregaDetalle } from './entrega-detalle.tsx';
import { EstadoBadge } from './estado-badge.tsx';

/** An endpoint's delivery log, newest first: each event, its state, last answer, and "Reenviar". */
export function Entregas(props: { api: WebhooksApi; endpointId: number }) {
  const { api, endpointId } = props;
  const [page, setPage] = useState(1);
  const [abierta, setAbierta] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const key = [...api.key, 'entregas', endpointId, page];
  const entregas = useQuery({
    queryKey: key,
    queryFn: () => api.entregas(endpointId, page),
    // A pending delivery changes within seconds: the log follows it while it is open.
    refetchInterval: (q) =>
      q.state.data?.data.some((e) => e.estado === 'pendiente') ? 3000 : false,
  });

  const reenviar = async (id: number) => {
    await api.reenviar(id);
    notify('success', 'La entrega se enviará de nuevo en unos segundos.');
    await queryClient.invalidateQueries({ queryKey: [...api.key] });
  };

  if (entregas.isPending) return <Spinner size="sm" />;
  if (entregas.isError) return <Alert variant="danger">No fue posible cargar las entregas.</Alert>;
  const { data, last_page: ultima, total } = entregas.data;
  if (total === 0) {
    return (
      <p className="text-body-secondary mb-0">
        Aún no hay entregas: llegarán cuando ocurra uno de sus eventos, o pulse «Enviar prueba».
      </p>
    );
  }
  return (
    <>
      <div className="table-responsive">
        <Table size="sm" className="align-middle mb-2" data-testid={`entregas-${endpointId}`}>
          <thead>
            <tr>
              <th>Evento</th>
              <th>Estado</th>
              <th className="d-none d-md-table-cell">Intentos</th>
              <th className="d-none d-md-table-cell">Última respuesta</th>
              <th className="text-end">Acciones</th>
            </tr>
          </thead>
          <tbody>
            {data.map((e) => (
              <tr key={e.id}>
                <td className="text-break">
                  <code>{e.evento}</code>
                  <div className="small text-body-secondary">{formatInstante(e.created_at)}</div>
                </td>
                <td>
                  <EstadoBadge estado={e.estado} />
                </td>
                <td className="d-none d-md-table-cell">{e.intentos}</td>
                <td className="small d-none d-md-table-cell">
                  {e.ultimo_codigo !== null ? `HTTP ${e.ultimo_codigo}` : e.ultimo_error || '—'}
                </td>
                <td className="text-end">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    className="me-2 mb-1 mb-md-0"
                    onClick={() => setAbierta(e.id)}
                  >
                    Ver
                  </Button>
                  <Button size="sm" variant="outline-primary" onClick={() => void reenviar(e.id)}>
                    Reenviar
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <Pagination page={page} lastPage={ultima} onPage={setPage} label="Páginas de entregas" />
      <EntregaDetalle
        api={api}
        id={abierta}
        onClose={() => setAbierta(null)}
        onReenviar={reenviar}
      />
    </>
  );
}
