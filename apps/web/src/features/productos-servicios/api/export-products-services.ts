import { downloadFile } from '#src/shared/ui/list/download-file.ts';

/** Spec section 9: the export is named Productos y Servicios. */
export const PRODUCTS_SERVICES_EXPORT_NAME = 'Productos y Servicios.xlsx';

/** GET /products-services/export: every product and service in the import template's columns. */
export function exportProductsServices(): Promise<void> {
  return downloadFile('products-services/export', PRODUCTS_SERVICES_EXPORT_NAME);
}
