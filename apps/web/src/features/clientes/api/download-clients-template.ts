import { downloadFile } from '#src/shared/ui/list/download-file.ts';

/** GET /clients/import/download-import-clients-template (xlsx). */
export function downloadClientsTemplate(): Promise<void> {
  return downloadFile(
    'clients/import/download-import-clients-template',
    'Plantilla de importación de clientes.xlsx',
  );
}
