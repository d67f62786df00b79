import { downloadFile } from '#src/shared/ui/list/download-file.ts';

/** GET /products-service/import/download-import-products-services-template (xlsx; the spec's path). */
export function downloadProductsServicesTemplate(): Promise<void> {
  return downloadFile(
    'products-service/import/download-import-products-services-template',
    'Plantilla de importación de productos y servicios.xlsx',
  );
}
