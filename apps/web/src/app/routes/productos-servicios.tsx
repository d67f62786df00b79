import { ProductsServicesList } from '#src/features/productos-servicios/components/products-services-list.tsx';

export default function ProductosServiciosScreen() {
  return <ProductsServicesList />;
}
