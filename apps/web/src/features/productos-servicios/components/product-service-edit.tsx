import Alert from 'react-bootstrap/Alert';
import { Link, useNavigate } from 'react-router';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { errorMessageOf } from '#src/shared/http/api-error.ts';
import { DeleteButton } from '#src/shared/ui/list/delete-button.tsx';
import { ListLoading } from '#src/shared/ui/list/list-loading.tsx';
import { useDeleteProductService } from '../api/delete-product-service.ts';
import { useProductService } from '../api/get-product-service.ts';
import { useUpdateProductService } from '../api/update-product-service.ts';
import { ProductServiceForm } from './product-service-form.tsx';
import { PRODUCTS_SERVICES_PATH } from './products-services-list.tsx';

/** /productos-servicios/editar/:id. */
export function ProductServiceEdit(props: { id: number }) {
  const { id } = props;
  const navigate = useNavigate();
  const product = useProductService(id);
  const update = useUpdateProductService(id);
  const deleteProduct = useDeleteProductService();
  const crumbs = (
    <nav aria-label="Ruta" className="small mb-2">
      <Link to={PRODUCTS_SERVICES_PATH}>Productos y servicios</Link> / Editar
    </nav>
  );
  if (product.isError || !Number.isInteger(id)) {
    return (
      <>
        {crumbs}
        <Alert variant="warning">
          {errorMessageOf(product.error, 'No encontramos este producto o servicio.')}{' '}
          <Link to={PRODUCTS_SERVICES_PATH}>Volver a Productos y servicios</Link>
        </Alert>
      </>
    );
  }
  if (!product.data) return <ListLoading />;
  const data = product.data;
  return (
    <>
      {crumbs}
      <h1 className="h3 fw-bold mb-4">Editar producto o servicio</h1>
      <ProductServiceForm
        key={data.id}
        product={data}
        onSubmit={async (request) => {
          const saved = await update.mutateAsync(request);
          notify('success', `«${saved.description}» fue actualizado.`);
          await navigate(PRODUCTS_SERVICES_PATH);
        }}
        actions={
          <>
            <Link className="btn btn-outline-secondary" to={PRODUCTS_SERVICES_PATH}>
              Cancelar
            </Link>
            <span className="ms-auto">
              <DeleteButton
                message={`¿Desea eliminar «${data.description}»? Esta acción no se puede deshacer.`}
                onDelete={() => deleteProduct(data.id)}
                redirectTo={() => PRODUCTS_SERVICES_PATH}
                label="Eliminar producto o servicio"
              />
            </span>
          </>
        }
      />
    </>
  );
}
