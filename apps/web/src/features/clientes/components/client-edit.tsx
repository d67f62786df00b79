import { useCallback } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useNavigate } from 'react-router';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { errorMessageOf } from '#src/shared/http/api-error.ts';
import { DeleteButton } from '#src/shared/ui/list/delete-button.tsx';
import { ListLoading } from '#src/shared/ui/list/list-loading.tsx';
import { checkClientRfcUnique } from '../api/check-rfc-unique.ts';
import { useDeleteClient } from '../api/delete-client.ts';
import { useClient } from '../api/get-client.ts';
import { useUpdateClient } from '../api/update-client.ts';
import { ClientForm } from './client-form.tsx';
import { CLIENTS_PATH } from './clients-list.tsx';

/** /clientes/editar/:id. */
export function ClientEdit(props: { id: number }) {
  const { id } = props;
  const navigate = useNavigate();
  const client = useClient(id);
  const update = useUpdateClient(id);
  const deleteClient = useDeleteClient();
  const checkRfc = useCallback((rfc: string) => checkClientRfcUnique(rfc, id), [id]);
  const crumbs = (
    <nav aria-label="Ruta" className="small mb-2">
      <Link to={CLIENTS_PATH}>Mis clientes</Link> / Editar cliente
    </nav>
  );
  if (client.isError || !Number.isInteger(id)) {
    return (
      <>
        {crumbs}
        <Alert variant="warning">
          {errorMessageOf(client.error, 'No encontramos este cliente.')}{' '}
          <Link to={CLIENTS_PATH}>Volver a Mis clientes</Link>
        </Alert>
      </>
    );
  }
  if (!client.data) return <ListLoading />;
  const data = client.data;
  return (
    <>
      {crumbs}
      <h1 className="h3 fw-bold mb-4">Editar cliente</h1>
      <ClientForm
        key={data.id}
        client={data}
        checkRfcUnique={checkRfc}
        onSubmit={async (request) => {
          const saved = await update.mutateAsync(request);
          notify('success', `Los datos de ${saved.name_razon_social} fueron actualizados.`);
          await navigate(CLIENTS_PATH);
        }}
        actions={
          <>
            <Link className="btn btn-outline-secondary" to={CLIENTS_PATH}>
              Cancelar
            </Link>
            <span className="ms-auto">
              <DeleteButton
                message={`¿Desea eliminar el cliente ${data.name_razon_social} (${data.rfc})? Esta acción no se puede deshacer.`}
                onDelete={() => deleteClient(data.id)}
                redirectTo={() => CLIENTS_PATH}
                label="Eliminar cliente"
              />
            </span>
          </>
        }
      />
    </>
  );
}
