import Button from 'react-bootstrap/Button';
import type { ClientResponse } from '@repo/contracts/clients';
import type { ProductServiceResponse } from '@repo/contracts/products-services';
import { checkClientRfcUnique } from '#src/features/clientes/api/check-rfc-unique.ts';
import { useCreateClient } from '#src/features/clientes/api/create-client.ts';
import { ClientForm } from '#src/features/clientes/components/client-form.tsx';
import { useCreateProductService } from '#src/features/productos-servicios/api/create-product-service.ts';
import { ProductServiceForm } from '#src/features/productos-servicios/components/product-service-form.tsx';
import { notify } from '#src/shared/feedback/feedback-store.ts';

export interface Props<T> {
  onCreated: (record: T) => void;
  onCancel: () => void;
}

const checkRfc = (rfc: string) => checkClientRfcUnique(rfc, null);

function Cancelar(props: { onClick: () => void }) {
  return (
    <Button variant="outline-secondary" onClick={props.onClick}>
      Cancelar
    </Button>
  );
}

/** The client form of Clientes › Nuevo cliente, saving through the same call. */
export function NuevoCliente(props: Props<ClientResponse>) {
  const create = useCreateClient();
  return (
    <ClientForm
      checkRfcUnique={checkRfc}
      submitLabel="Guardar cliente"
      onSubmit={async (request) => {
        const client = await create.mutateAsync(request);
        notify('success', `El cliente ${client.name_razon_social} fue registrado.`);
        props.onCreated(client);
      }}
      actions={<Cancelar onClick={props.onCancel} />}
    />
  );
}

/** The product form of Productos y servicios › Nuevo, saving through the same call. */
export function NuevoProducto(props: Props<ProductServiceResponse>) {
  const create = useCreateProductService();
  return (
    <ProductServiceForm
      onSubmit={async (request) => {
        const product = await create.mutateAsync(request);
        notify('success', `«${product.description}» fue registrado.`);
        props.onCreated(product);
      }}
      actions={<Cancelar onClick={props.onCancel} />}
    />
  );
}
