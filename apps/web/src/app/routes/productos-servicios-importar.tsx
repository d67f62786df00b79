import { ProductsServicesImport } from '#src/features/productos-servicios/components/products-services-import.tsx';

export default function ProductosServiciosImportarScreen() {
  return <ProductsServicesImport />;
}
