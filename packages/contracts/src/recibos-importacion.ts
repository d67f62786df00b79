import { z } from 'zod';

/**
 * Sales receipts imported from a spreadsheet (xlsx or CSV, issue 28): one row per line of a
 * receipt; the rows with the same Ticket are one receipt. All or nothing: one bad row and no
 * receipt is recorded, with every error named by its row and column.
 */

export const COLUMNAS_RECIBOS = [
  'Ticket',
  'Fecha',
  'Forma de pago',
  'Producto',
  'Cantidad',
  'Precio unitario',
  'Grupo de impuestos',
] as const;
export type ColumnaRecibo = (typeof COLUMNAS_RECIBOS)[number];
/** Columns a file must have; the others take the product's values when empty or absent. */
export const COLUMNAS_RECIBOS_OBLIGATORIAS: readonly ColumnaRecibo[] = [
  'Fecha',
  'Forma de pago',
  'Producto',
  'Cantidad',
];
export const MAX_IMPORT_RECIBOS_FILAS = 2000;

export const IMPORT_RECIBOS_MENSAJES = {
  noFile: 'Seleccione un archivo de Excel (.xlsx) o CSV para importar.',
  badFile:
    'El archivo no es un libro de Excel (.xlsx) ni un CSV. Descargue la plantilla y vuelva a intentarlo.',
  noRows: 'El archivo no contiene recibos para importar.',
  tooManyRows: `El archivo tiene más de ${MAX_IMPORT_RECIBOS_FILAS} filas. Divídalo en varios archivos.`,
  missingColumns: (columnas: readonly string[]) =>
    `Al archivo le faltan columnas de la plantilla: ${columnas.join(', ')}. Descargue la plantilla y vuelva a intentarlo.`,
  /** The prefix of every error of a cell. */
  celda: (fila: number, columna: string, mensaje: string) =>
    `Fila ${fila}, columna «${columna}»: ${mensaje}`,
  fila: (fila: number, mensaje: string) => `Fila ${fila}: ${mensaje}`,
  ninguno: 'No se importó ningún recibo. Corrija el archivo y vuelva a importarlo.',
  fecha: 'escriba la fecha de la venta como AAAA-MM-DD (por ejemplo 2026-03-15).',
  fechaFutura: 'la fecha no puede ser posterior a hoy.',
  fechaAntigua: 'la fecha no puede tener más de un año de antigüedad.',
  formaPago: 'escriba la clave de la forma de pago del catálogo del SAT (por ejemplo 01 Efectivo).',
  formaPago99: 'un recibo es una venta pagada: la forma de pago no puede ser 99 (Por definir).',
  producto: (texto: string) =>
    `no hay un producto o servicio con la clave interna o descripción «${texto}» en su catálogo.`,
  productoVacio: 'escriba la clave interna o la descripción de un producto de su catálogo.',
  cantidad: 'escriba una cantidad mayor que cero, con hasta 6 decimales.',
  precio: 'escriba un precio mayor que cero, con hasta 6 decimales.',
  grupo: (texto: string) => `no tiene un grupo de impuestos llamado «${texto}».`,
  grupoConRetenciones: (texto: string) =>
    `el grupo de impuestos «${texto}» tiene retenciones: un recibo solo lleva impuestos trasladados.`,
  distintoDelTicket: (columna: string, ticket: string) =>
    `todas las filas del ticket «${ticket}» deben tener la misma ${columna.toLowerCase()}.`,
  ticketRegistrado: (ticket: string, folio: number) =>
    `el ticket «${ticket}» ya está registrado como el recibo con folio ${folio}.`,
  ticketLargo: 'el ticket admite hasta 100 caracteres.',
  demasiadasPartidas: (ticket: string) =>
    `el ticket «${ticket}» tiene más de 200 partidas; un recibo admite como máximo 200.`,
} as const;

/** The answer of POST /recibos/{enterpriseId}/importar: every receipt recorded, by folio. */
export const ReciboImportResponse = z.object({
  importados: z.number().int(),
  recibos: z.array(
    z.object({
      folio: z.number().int(),
      referencia: z.string().nullable(),
      total: z.string(),
    }),
  ),
});
export type ReciboImportResponse = z.infer<typeof ReciboImportResponse>;
