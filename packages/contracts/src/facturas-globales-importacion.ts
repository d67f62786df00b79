import { z } from 'zod';
import { MAX_PARTIDAS_GLOBAL } from './facturas-globales-mensajes.ts';

/** Global invoices: the sales imported from a file or pasted text. */

// ------------------------------------------------------------------------------------ import

/** Columns of the sales template (xlsx, CSV, or text pasted from a spreadsheet), in order. */
export const COLUMNAS_VENTAS = [
  'Folio de venta',
  'Grupo de impuestos',
  'Subtotal',
  'Descuento',
  'Total de la venta',
] as const;

export const MAX_IMPORT_VENTAS = MAX_PARTIDAS_GLOBAL;

export const IMPORT_VENTAS_MESSAGES = {
  noFile: 'Seleccione un archivo de Excel (.xlsx) o CSV con las ventas del periodo.',
  badFile:
    'El archivo no es un libro de Excel válido ni un CSV. Descargue la plantilla y vuelva a intentarlo.',
  noRows: 'El archivo no contiene ventas para importar.',
  tooManyRows: `El archivo tiene más de ${MAX_IMPORT_VENTAS.toLocaleString('en-US')} ventas. Divídalo en varios archivos.`,
  missingColumns: (columns: readonly string[]) =>
    `Al archivo le faltan columnas de la plantilla: ${columns.join(', ')}. Descargue la plantilla y vuelva a intentarlo.`,
  grupoDesconocido: (nombre: string) =>
    `No existe un grupo de impuestos llamado "${nombre}". Use el nombre exacto de uno de sus grupos de impuestos.`,
  totalNoCoincide: (esperado: string) =>
    `El total de la venta no coincide con el subtotal, el descuento y los impuestos de su grupo (se esperaba ${esperado}).`,
} as const;

/** Body of POST .../facturas-globales/import when the sales are pasted (else multipart `file`). */
export const ImportarVentasTexto = z.object({
  texto: z.string().min(1, IMPORT_VENTAS_MESSAGES.noRows).max(5_000_000),
});

/** A row of the file as read (texts kept as typed, so a wrong one can be fixed in the form). */
export const VentaImportada = z.object({
  /** Row number in the file (1 = the header). */
  fila: z.number().int(),
  folioVenta: z.string(),
  /** The tax group named in the row, when it exists. */
  grupoImpuestosId: z.number().int().nullable(),
  subtotal: z.string(),
  descuento: z.string(),
  /** Spanish messages of what is wrong with the row; empty when it is right. */
  errores: z.array(z.string()),
});
export type VentaImportada = z.infer<typeof VentaImportada>;

export const ImportacionGlobal = z.object({
  ventas: z.array(VentaImportada),
  total_filas: z.number().int(),
  filas_con_error: z.number().int(),
});
export type ImportacionGlobal = z.infer<typeof ImportacionGlobal>;
