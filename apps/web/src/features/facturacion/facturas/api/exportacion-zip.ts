import {
  EXPORTACION_ZIP_PATH,
  type CrearExportacionZipRequest,
  type ExportacionZip,
} from '@repo/contracts/exportacion-zip';
import { request } from '#src/shared/http/api-client.ts';
import { downloadFile } from '#src/shared/ui/list/download-file.ts';

/** POST /facturacion/V40/comprobantes-zip: the period's export (or the one already in progress). */
export function crearExportacionZip(body: CrearExportacionZipRequest): Promise<ExportacionZip> {
  return request<ExportacionZip>(EXPORTACION_ZIP_PATH, { method: 'POST', body });
}

/** GET /facturacion/V40/comprobantes-zip/{id}: its progress. */
export function getExportacionZip(id: number): Promise<ExportacionZip> {
  return request<ExportacionZip>(`${EXPORTACION_ZIP_PATH}/${id}`);
}

/** GET …/{id}/descargar: the ready ZIP, saved (a 401/403 ends the session like other downloads). */
export function descargarExportacionZip(exportacion: ExportacionZip): Promise<void> {
  return downloadFile(`${EXPORTACION_ZIP_PATH}/${exportacion.id}/descargar`, exportacion.file_name);
}
