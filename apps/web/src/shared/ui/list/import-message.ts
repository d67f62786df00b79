import { ApiError, firstErrorMessage } from '../../http/api-error.ts';

/** Spec section 8, item 7: the server's message for a failed import, or the list's fallback. */
export function importFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return firstErrorMessage(error.body?.dataError) || fallback;
  return fallback;
}

export const XLSX_ONLY_MESSAGE = 'Seleccione un archivo de Excel (.xlsx) para importar.';

/** The import takes the template's Excel workbook only. */
export function isXlsxFile(file: { name: string }): boolean {
  return /\.xlsx$/i.test(file.name);
}
