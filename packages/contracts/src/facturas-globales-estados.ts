import { z } from 'zod';
import { GLOBAL_EDITABLE_YEARS, YEAR_MESSAGE } from './facturas-globales-mensajes.ts';

/** Global invoices: statuses, the year list and its search, cancellation. */

// ------------------------------------------------------------------------------------ statuses

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

/** Spanish label of a global's status, with the SAT cancellation status while one is pending. */
export function globalViewStatus(status: FacturaGlobalStatus, estatusCancelacion: string): string {
  if (status === 'timbrada' && estatusCancelacion === 'En proceso') return 'Cancelación en proceso';
  return FACTURA_GLOBAL_STATUS_LABEL[status];
}

// ------------------------------------------------------------------------------------ year list

/**
 * A global of a day, week or fortnight inside a month of the year list (several per month): each
 * live or cancelled one, in the order of its first day.
 */
export const GlobalDelMes = z.object({
  id: z.number().int(),
  status: FacturaGlobalStatus,
  view_status: z.string(),
  editable: z.boolean(),
  periodicidad: z.string(),
  /** "Semana del 2 al 8 de marzo de 2026". */
  periodo: z.string(),
  inicio: z.string(),
  fin: z.string(),
  serie: z.string().nullable(),
  folio: z.number().int().nullable(),
  ventas: z.number().int(),
  total: z.string(),
});
export type GlobalDelMes = z.infer<typeof GlobalDelMes>;

/**
 * One month of the year list: its global (the live one, else the last cancelled) or none; with
 * globals by day, week or fortnight, each of them in `por_periodo` and the month's figures their sum.
 */
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
  /** The globals of a day, week or fortnight in this month (empty for a monthly one). */
  por_periodo: z.array(GlobalDelMes),
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
