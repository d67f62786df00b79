import { z } from 'zod';
import { CfdiDatos, FechaDia } from './facturas.ts';

/**
 * Global invoices (factura global a público en general), spec sections 2, 3 ("Global invoice form"),
 * 4 (statuses unissued, saved, timbrada, cancelled), 7 ("Global invoices") and 9 ("Global invoice
 * editable: year within 2 years"). Names are the spec's: the line template (folioVenta,
 * grupoImpuestosId, subtotal, impuestos, totalVenta, impuestosTrasladados) and the form (formaPago,
 * creationDate, month, year, partidas, serie with folio). The id of every route is the comprobante's.
 * Amounts are exact decimal strings.
 */

// ------------------------------------------------------------------------------------ messages

export const FOLIO_VENTA_MESSAGE = 'Indique el folio de venta (de 1 a 100 caracteres, sin "|").';
export const GRUPO_IMPUESTOS_MESSAGE = 'Elija el grupo de impuestos de la venta';
export const SUBTOTAL_MESSAGE =
  'El subtotal de la venta debe ser un importe mayor a cero con hasta 2 decimales.';
export const DESCUENTO_VENTA_MESSAGE =
  'El descuento de la venta debe ser un importe mayor o igual a cero con hasta 2 decimales';
export const FORMA_PAGO_GLOBAL_MESSAGE =
  'Elija la forma de pago (la de la venta de mayor importe; no puede ser 99 Por definir)';
export const MONTH_MESSAGE = 'El mes debe ser un número del 1 al 12';
export const YEAR_MESSAGE = 'El año debe tener 4 dígitos (2019 o posterior)';
export const PERIODICIDAD_GLOBAL_MESSAGE = 'La periodicidad debe ser 04 (Mensual) o 05 (Bimestral)';
export const SERIE_GLOBAL_MESSAGE = 'Elija la serie de facturas globales';
export const PARTIDAS_GLOBAL_MESSAGE = 'Agregue al menos una venta a la factura global';
export const MAX_PARTIDAS_GLOBAL = 20_000;
export const PARTIDAS_GLOBAL_MAX_MESSAGE = `Una factura global admite como máximo ${MAX_PARTIDAS_GLOBAL.toLocaleString('en-US')} ventas`;
export const FOLIO_VENTA_REPETIDO_MESSAGE = 'Este folio de venta ya está en la factura global.';

/** Spec section 9: a saved global stays editable while its year is within 2 years of today. */
export const GLOBAL_EDITABLE_YEARS = 2;

// ------------------------------------------------------------------------------------ request

const importe = (message: string, positive: boolean) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim().replace(/[$,\s]/g, '')))
    .refine((v) => /^[0-9]{1,15}(\.[0-9]{1,2})?$/.test(v), message)
    .refine((v) => !positive || !/^0+(\.0+)?$/.test(v), message);

/** One sale (ticket) of the period: the spec's line template. Computed fields are answers only. */
export const PartidaGlobalRequest = z.object({
  folioVenta: z
    .string({ error: FOLIO_VENTA_MESSAGE })
    .trim()
    .min(1, FOLIO_VENTA_MESSAGE)
    .max(100, FOLIO_VENTA_MESSAGE)
    .refine((v) => !v.includes('|'), FOLIO_VENTA_MESSAGE),
  /** A tax group (rubro de impuestos) of the enterprise: the sale's taxes. */
  grupoImpuestosId: z.coerce
    .number({ error: GRUPO_IMPUESTOS_MESSAGE })
    .int(GRUPO_IMPUESTOS_MESSAGE)
    .positive(GRUPO_IMPUESTOS_MESSAGE),
  /** Amount of the sale before taxes. */
  subtotal: importe(SUBTOTAL_MESSAGE, true),
  /** Discount of the sale, if any. */
  descuento: importe(DESCUENTO_VENTA_MESSAGE, false)
    .nullish()
    .transform((v) => (v && !/^0+(\.0+)?$/.test(v) ? v : null)),
});
export type PartidaGlobalRequest = z.infer<typeof PartidaGlobalRequest>;
export type PartidaGlobalRequestInput = z.input<typeof PartidaGlobalRequest>;

/**
 * Body of POST /facturacion/V40/facturas-globales (stamp) and POST .../facturas-globales/save
 * (save, status saved). With `id`, the saved global of that id is updated (or stamped).
 */
export const FacturaGlobalRequest = z
  .object({
    id: z.coerce
      .number()
      .int()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
    /** c_FormaPago of the sale with the largest amount; never 99 (the global is PUE). */
    formaPago: z
      .string({ error: FORMA_PAGO_GLOBAL_MESSAGE })
      .trim()
      .regex(/^[0-9]{2}$/, FORMA_PAGO_GLOBAL_MESSAGE)
      .refine((v) => v !== '99', FORMA_PAGO_GLOBAL_MESSAGE),
    /** Issue date (AAAA-MM-DD): today (default) or up to two days back (PAC 72-hour window). */
    creationDate: FechaDia.nullish().transform((v) => v ?? null),
    month: z.coerce
      .number({ error: MONTH_MESSAGE })
      .int(MONTH_MESSAGE)
      .min(1, MONTH_MESSAGE)
      .max(12, MONTH_MESSAGE),
    year: z.coerce
      .number({ error: YEAR_MESSAGE })
      .int(YEAR_MESSAGE)
      .min(2019, YEAR_MESSAGE)
      .max(2099, YEAR_MESSAGE),
    /** c_Periodicidad: 04 Mensual (default); 05 Bimestral for régimen 621 (the bimester of `month`). */
    periodicidad: z.enum(['04', '05'], { error: PERIODICIDAD_GLOBAL_MESSAGE }).default('04'),
    /** A serie of kind facturas-globales; its folio is taken when stamping. */
    serie: z.object(
      {
        id: z.coerce
          .number({ error: SERIE_GLOBAL_MESSAGE })
          .int(SERIE_GLOBAL_MESSAGE)
          .positive(SERIE_GLOBAL_MESSAGE),
        serie: z.string().optional(),
        folio: z.union([z.string(), z.number()]).nullish(),
      },
      { error: SERIE_GLOBAL_MESSAGE },
    ),
    partidas: z
      .array(PartidaGlobalRequest, { error: PARTIDAS_GLOBAL_MESSAGE })
      .min(1, PARTIDAS_GLOBAL_MESSAGE)
      .max(MAX_PARTIDAS_GLOBAL, PARTIDAS_GLOBAL_MAX_MESSAGE),
    /** Key of this stamping attempt: sending it again answers the first stamp, never a second. */
    idempotency_key: z
      .string()
      .trim()
      .min(8)
      .max(100)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    const vistos = new Set<string>();
    v.partidas.forEach((p, i) => {
      if (vistos.has(p.folioVenta))
        ctx.addIssue({
          code: 'custom',
          path: ['partidas', i, 'folioVenta'],
          message: FOLIO_VENTA_REPETIDO_MESSAGE,
        });
      vistos.add(p.folioVenta);
    });
  });
export type FacturaGlobalRequest = z.infer<typeof FacturaGlobalRequest>;
export type FacturaGlobalRequestInput = z.input<typeof FacturaGlobalRequest>;

// ------------------------------------------------------------------------------------ answers

/**
 * Spec section 4: global invoice statuses (unissued only in the year list: no global yet), and a
 * stamping attempt sealed and sent whose PAC answer never came (its folio and credit reserved; the
 * recovery job resends it).
 */
export const FacturaGlobalStatus = z.enum([
  'unissued',
  'saved',
  'timbrada',
  'cancelled',
  'pendiente_pac',
]);
export type FacturaGlobalStatus = z.infer<typeof FacturaGlobalStatus>;

export const FACTURA_GLOBAL_STATUS_LABEL: Record<FacturaGlobalStatus, string> = {
  unissued: 'Sin emitir',
  saved: 'Guardada',
  timbrada: 'Timbrada',
  cancelled: 'Cancelada',
  pendiente_pac: 'Pendiente de respuesta del PAC',
};

export const ImpuestoTrasladado = z.object({
  /** 002 IVA, 003 IEPS. */
  impuesto: z.string(),
  tipo_factor: z.string(),
  tasa_o_cuota: z.string().nullable(),
  base: z.string(),
  importe: z.string().nullable(),
});
export type ImpuestoTrasladado = z.infer<typeof ImpuestoTrasladado>;

/** A sale with its amounts as the engine computes them (the spec's line template). */
export const PartidaGlobal = z.object({
  folioVenta: z.string(),
  grupoImpuestosId: z.number().int(),
  subtotal: z.string(),
  descuento: z.string().nullable(),
  /** Sum of the sale's transferred taxes. */
  impuestos: z.string(),
  totalVenta: z.string(),
  impuestosTrasladados: z.array(ImpuestoTrasladado),
});
export type PartidaGlobal = z.infer<typeof PartidaGlobal>;

export const TotalesGlobal = z.object({
  subtotal: z.string(),
  descuento: z.string().nullable(),
  impuestos: z.string(),
  total: z.string(),
  ventas: z.number().int(),
});
export type TotalesGlobal = z.infer<typeof TotalesGlobal>;

/** GET /facturacion/V40/facturas-globales/{id} and the answer of save and stamp. */
export const FacturaGlobalResponse = z.object({
  id: z.number().int(),
  status: FacturaGlobalStatus,
  /** Spanish label, with the SAT cancellation status while one is pending. */
  view_status: z.string(),
  /** Whether the form may still change it (saved, year within 2 years). */
  editable: z.boolean(),
  formaPago: z.string(),
  creationDate: z.string().nullable(),
  month: z.number().int(),
  year: z.number().int(),
  periodicidad: z.enum(['04', '05']),
  /** c_Meses of the period (01–12, 13–18). */
  meses: z.string(),
  /** "Marzo 2026", "Bimestre Enero-Febrero 2026". */
  periodo: z.string(),
  serie: z.object({ id: z.number().int(), serie: z.string(), folio: z.number().int().nullable() }),
  partidas: z.array(PartidaGlobal),
  totales: TotalesGlobal,
  uuid: z.string().nullable(),
  fecha: z.string().nullable(),
  estatus_cancelacion: z.string(),
  /** The CFDI's data once stamped; null for a saved global. */
  cfdi: CfdiDatos.nullable(),
  /** Day (AAAA-MM-DD) by which rules 8.4 ask it to be issued. */
  limite_emision: z.string(),
});
export type FacturaGlobalResponse = z.infer<typeof FacturaGlobalResponse>;

/** One month of the year list: its global (the live one, else the last cancelled) or none. */
export const FacturaGlobalMes = z.object({
  month: z.number().int(),
  year: z.number().int(),
  status: FacturaGlobalStatus,
  view_status: z.string(),
  id: z.number().int().nullable(),
  editable: z.boolean(),
  periodicidad: z.string().nullable(),
  serie: z.string().nullable(),
  folio: z.number().int().nullable(),
  uuid: z.string().nullable(),
  fecha: z.string().nullable(),
  ventas: z.number().int(),
  subtotal: z.string(),
  impuestos: z.string(),
  total: z.string(),
  /** Cancelled globals of the month besides the one shown. */
  canceladas: z.number().int(),
});
export type FacturaGlobalMes = z.infer<typeof FacturaGlobalMes>;

export const FacturaGlobalYear = z.object({
  year: z.number().int(),
  months: z.array(FacturaGlobalMes),
});
export type FacturaGlobalYear = z.infer<typeof FacturaGlobalYear>;

/** Body of POST /facturacion/V40/facturas-globales/search. */
export const FacturaGlobalSearchRequest = z.object({
  year: z.coerce
    .number({ error: YEAR_MESSAGE })
    .int(YEAR_MESSAGE)
    .min(2019, YEAR_MESSAGE)
    .max(2099, YEAR_MESSAGE),
});

/**
 * Spec section 9: saved globals stay editable while their year is within 2 years of the current
 * one; `currentYear` is the caller's clock (the API's, in the enterprise's zone).
 */
export function globalEditable(status: FacturaGlobalStatus, year: number, currentYear: number) {
  return status === 'saved' && currentYear - year <= GLOBAL_EDITABLE_YEARS;
}

/**
 * Spec section 2, where a row of the year list goes: timbrada, cancelled or saved older than 2 years
 * to the detail; saved within 2 years to edit; unissued to create with its month and year.
 */
export function rutaDeMesGlobal(
  m: Pick<FacturaGlobalMes, 'status' | 'id' | 'month' | 'year' | 'editable'>,
): string {
  if (m.status === 'unissued' || m.id === null)
    return `/facturacion/facturas-globales/nuevo/${m.month}/${m.year}`;
  if (m.status === 'saved' && m.editable) return `/facturacion/facturas-globales/editar/${m.id}`;
  return `/facturacion/facturas-globales/detalle/${m.id}`;
}

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
    'El archivo no es un libro de Excel (.xlsx) ni un CSV válido. Descargue la plantilla y vuelva a intentarlo.',
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

/** The draft as stored (the request without its id and idempotency key). */
export type FacturaGlobalDraft = Omit<FacturaGlobalRequest, 'id' | 'idempotency_key'>;

// ------------------------------------------------------------------------------------ cancel

export const MOTIVO_CANCELACION_GLOBAL_MESSAGE = 'El motivo de cancelación debe ser 01, 02 o 03';

/** Body of POST /facturacion/V40/facturas-globales/{id}/cancelar. */
export const CancelarGlobalRequest = z
  .object({
    motivo: z.enum(['01', '02', '03'], { error: MOTIVO_CANCELACION_GLOBAL_MESSAGE }),
    /** UUID of the global that replaces this one (stamped, relating it with tipo 04); motivo 01. */
    folio_sustitucion: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v.toUpperCase() : null)),
  })
  .superRefine((v, ctx) => {
    if (v.motivo === '01' && !v.folio_sustitucion)
      ctx.addIssue({
        code: 'custom',
        path: ['folio_sustitucion'],
        message: 'Con el motivo 01 indique el folio fiscal (UUID) de la factura que la sustituye',
      });
  });
export type CancelarGlobalRequest = z.infer<typeof CancelarGlobalRequest>;

export const CancelacionGlobalResponse = z.object({
  id: z.number().int(),
  status: FacturaGlobalStatus,
  view_status: z.string(),
  estado: z.string(),
  es_cancelable: z.string(),
  estatus_cancelacion: z.string(),
});
export type CancelacionGlobalResponse = z.infer<typeof CancelacionGlobalResponse>;

/** Spanish label of a global's status, with the SAT cancellation status while one is pending. */
export function globalViewStatus(status: FacturaGlobalStatus, estatusCancelacion: string): string {
  if (status === 'timbrada' && estatusCancelacion === 'En proceso') return 'Cancelación en proceso';
  return FACTURA_GLOBAL_STATUS_LABEL[status];
}
