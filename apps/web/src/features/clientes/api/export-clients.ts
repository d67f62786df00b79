import { downloadFile } from '#src/shared/ui/list/download-file.ts';

/** Spec section 9: the export is named Clientes. */
export const CLIENTS_EXPORT_NAME = 'Clientes.xlsx';

/** GET /clients/export: every client in the import template's columns. */
export function exportClients(): Promise<void> {
  return downloadFile('clients/export', CLIENTS_EXPORT_NAME);
}
