import { Link, useNavigate } from 'react-router';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { useCreateProductService } from '../api/create-product-service.ts';
import { ProductServiceForm } from './product-service-form.tsx';
import { PRODUCTS_SERVICES_PATH } from './products-services-list.tsx';

/** /productos-servicios/nuevo. */
export function ProductServiceCreate() {
  const navigate = useNavigate();
  const create = useCreateProductService();
  return (
    <>
      <nav aria-label="Ruta" className="small mb-2">
        <Link to={PRODUCTS_SERVICES_PATH}>Productos y servicios</Link> / Nuevo
      </nav>
      <h1 className="h3 fw-bold mb-4">Nuevo producto o servicio</h1>
      <ProductServiceForm
        onSubmit={async (request) => {
          const product = await create.mutateAsync(request);
          notify('success', `«${product.description}» fue registrado.`);
          await navigate(PRODUCTS_SERVICES_PATH);
        }}
        actions={
          <Link className="btn btn-outline-secondary" to={PRODUCTS_SERVICES_PATH}>
            Cancelar
          </Link>
        }
      />
    </>
  );
}
