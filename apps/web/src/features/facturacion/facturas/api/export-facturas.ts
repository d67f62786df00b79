import { downloadFile } from '#src/shared/ui/list/download-file.ts';
import { type FacturasFilters, exportPathOf } from '../facturas-query.ts';

export const FACTURAS_EXPORT_NAME = 'Facturas.xlsx';

/** GET /facturacion/V40/facturas-ingreso/export: every invoice of the list's filters, as xlsx. */
export function exportFacturas(filters: FacturasFilters): Promise<void> {
  return downloadFile(exportPathOf(filters), FACTURAS_EXPORT_NAME);
}
