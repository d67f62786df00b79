import { Link, useNavigate } from 'react-router';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { checkClientRfcUnique } from '../api/check-rfc-unique.ts';
import { useCreateClient } from '../api/create-client.ts';
import { ClientForm } from './client-form.tsx';
import { CLIENTS_PATH } from './clients-list.tsx';

const checkRfc = (rfc: string) => checkClientRfcUnique(rfc, null);

/** /clientes/nuevo. */
export function ClientCreate() {
  const navigate = useNavigate();
  const create = useCreateClient();
  return (
    <>
      <nav aria-label="Ruta" className="small mb-2">
        <Link to={CLIENTS_PATH}>Mis clientes</Link> / Nuevo cliente
      </nav>
      <h1 className="h3 fw-bold mb-4">Nuevo cliente</h1>
      <ClientForm
        checkRfcUnique={checkRfc}
        onSubmit={async (request) => {
          const client = await create.mutateAsync(request);
          notify('success', `El cliente ${client.name_razon_social} fue registrado.`);
          await navigate(CLIENTS_PATH);
        }}
        actions={
          <Link className="btn btn-outline-secondary" to={CLIENTS_PATH}>
            Cancelar
          </Link>
        }
      />
    </>
  );
}
