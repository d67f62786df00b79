import { ProductsServicesImportReport } from '#src/features/productos-servicios/components/products-services-import-report.tsx';

export default function ProductosServiciosImportarReporteScreen() {
  return <ProductsServicesImportReport />;
}
