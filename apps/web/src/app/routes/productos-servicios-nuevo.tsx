import { ProductServiceCreate } from '#src/features/productos-servicios/components/product-service-create.tsx';

export default function ProductosServiciosNuevoScreen() {
  return <ProductServiceCreate />;
}
