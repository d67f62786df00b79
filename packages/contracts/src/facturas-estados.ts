import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './envelope.ts';
import {
  FOLIO_SUSTITUCION_MESSAGE,
  FechaDia,
  METODO_PAGO_MESSAGE,
  MOTIVO_CANCELACION_MESSAGE,
  PAGE_SIZE_MESSAGE,
  STATUS_FILTER_MESSAGE,
  UUID_RE,
} from './facturas-mensajes.ts';

/** Income invoices: statuses, the list and its filters, cancellation. */

// ------------------------------------------------------------------------------------ statuses

/**
 * Spec section 4, invoice statuses, and two of a stamping attempt: sealed and sent but the PAC's
 * answer never came (its folio and one credit reserved; resent until it answers), and refused by the
 * PAC (its folio used, its credit refunded; the reason explains the gap in the serie).
 */
export const FacturaStatus = z.enum([
  'pre_factura',
  'timbrada',
  'cancelled',
  'pendiente_pac',
  'rechazada',
]);
export type FacturaStatus = z.infer<typeof FacturaStatus>;

/** Status filter of the list (spec section 9): Todos, Canceladas, Timbradas, Pre Factura. */
export const FacturaStatusFilter = z.enum(['Todos', 'cancelled', 'timbrada', 'pre_factura'], {
  error: STATUS_FILTER_MESSAGE,
});

export const PENDIENTE_PAC = 'Pendiente de respuesta del PAC';

/** Spanish label of a status, with the SAT cancellation status while a cancellation is pending. */
export function facturaViewStatus(status: FacturaStatus, estatusCancelacion: string): string {
  if (status === 'pre_factura') return 'Pre Factura';
  if (status === 'pendiente_pac') return PENDIENTE_PAC;
  if (status === 'rechazada') return 'Rechazada por el PAC';
  if (status === 'cancelled') return 'Cancelada';
  if (estatusCancelacion === 'En proceso') return 'Cancelación en proceso';
  if (estatusCancelacion === 'Solicitud rechazada') return 'Timbrada (cancelación rechazada)';
  return 'Timbrada';
}

// ------------------------------------------------------------------------------------ list

/** A row of GET/POST .../facturas-ingreso lists (spec section 3, invoice list item). */
export const FacturaListItem = z.object({
  id: z.number().int(),
  status: FacturaStatus,
  /** Spanish label: Pre Factura, Timbrada, Cancelada, Cancelación en proceso... */
  view_status: z.string(),
  metodo_pago: z.enum(['PUE', 'PPD']),
  /** PPD: total minus the stamped payments (decimal string); null for PUE and pre-invoices. */
  PPD_pending_amount: z.string().nullable(),
  /** Year and month (01-12) of the invoice date. */
  year: z.number().int(),
  month_key: z.string(),
  serie: z.string(),
  /** Null for a pre-invoice: the folio is taken when it is stamped. */
  folio: z.number().int().nullable(),
  client_id: z.number().int().nullable(),
  client_name: z.string(),
  client_rfc: z.string(),
  /** AAAA-MM-DDThh:mm:ss (the CFDI Fecha once stamped; the save time of a pre-invoice). */
  fecha: z.string(),
  moneda: z.string(),
  total: z.string(),
  uuid: z.string().nullable(),
  /** SAT cancellation status: '', En proceso, Cancelado sin aceptación, ... */
  estatus_cancelacion: z.string(),
});
export type FacturaListItem = z.infer<typeof FacturaListItem>;

const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: PAGE_SIZE_MESSAGE });

/** Query of GET /facturacion/V40/facturas-ingreso and of the ppd-pending-payments list. */
export const FacturaListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  items_per_page: pageSize.default(DEFAULT_PAGE_SIZE),
});

/** Body of POST /facturacion/V40/facturas-ingreso/search?page. */
export const FacturaSearchRequest = z.object({
  /** Matches the client's name or RFC, or the UUID. */
  rfc_name: z.string().trim().max(300).default(''),
  from_date: FechaDia.nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  to_date: FechaDia.nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  /** A serie's letters, or several. */
  serie: z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .transform((v) =>
      (Array.isArray(v) ? v : v ? [v] : []).map((s) => s.trim()).filter((s) => s !== ''),
    ),
  series: z
    .array(z.string())
    .nullish()
    .transform((v) => (v ?? []).map((s) => s.trim()).filter((s) => s !== '')),
  status: FacturaStatusFilter.default('Todos'),
  metodo_pago: z
    .enum(['PUE', 'PPD', 'Todos', ''], { error: METODO_PAGO_MESSAGE })
    .nullish()
    .transform((v) => (v === 'PUE' || v === 'PPD' ? v : null)),
  items_per_page: pageSize.default(DEFAULT_PAGE_SIZE),
  current_page: z.coerce.number().int().min(1).optional(),
});
export type FacturaSearchRequest = z.infer<typeof FacturaSearchRequest>;
export type FacturaSearchRequestInput = z.input<typeof FacturaSearchRequest>;

/** Query of GET /facturacion/V40/facturas-ingreso/export: the list's filters, every page. */
export const FacturaExportQuery = FacturaSearchRequest.omit({
  items_per_page: true,
  current_page: true,
});
export type FacturaExportQuery = z.infer<typeof FacturaExportQuery>;
export type FacturaExportQueryInput = z.input<typeof FacturaExportQuery>;

// ------------------------------------------------------------------------------------ cancel

/** Body of POST /facturacion/V40/cancelar-factura (spec section 5: motives without 01 and 04 in the UI). */
export const CancelarFacturaRequest = z
  .object({
    factura_id: z.coerce.number({ error: 'La factura es obligatoria' }).int().positive(),
    motivo: z.enum(['01', '02', '03'], { error: MOTIVO_CANCELACION_MESSAGE }),
    /** UUID of the replacing invoice (stamped, relating this one with tipo 04); motivo 01 only. */
    folio_sustitucion: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v.toUpperCase() : null))
      .refine((v) => v === null || UUID_RE.test(v), FOLIO_SUSTITUCION_MESSAGE),
  })
  .superRefine((v, ctx) => {
    if (v.motivo === '01' && !v.folio_sustitucion) {
      ctx.addIssue({
        code: 'custom',
        path: ['folio_sustitucion'],
        message:
          'Con el motivo 01 indique el folio fiscal (UUID) de la factura que sustituye a ésta',
      });
    }
    if (v.motivo !== '01' && v.folio_sustitucion) {
      ctx.addIssue({
        code: 'custom',
        path: ['folio_sustitucion'],
        message: 'El folio de sustitución solo se indica con el motivo 01',
      });
    }
  });
export type CancelarFacturaRequest = z.infer<typeof CancelarFacturaRequest>;

/**
 * Answer of cancelar-factura and of POST /facturacion/V40/facturas-ingreso/{id}/estado-cancelacion
 * (refresh): the SAT status as the PAC reports it. `status` becomes cancelled only once the SAT says
 * Cancelado; meanwhile estatus_cancelacion shows 'En proceso'.
 */
export const CancelacionResponse = z.object({
  factura_id: z.number().int(),
  status: FacturaStatus,
  view_status: z.string(),
  /** Vigente, Cancelado, No Encontrado. */
  estado: z.string(),
  /** Cancelable sin aceptación, Cancelable con aceptación, No cancelable. */
  es_cancelable: z.string(),
  estatus_cancelacion: z.string(),
  motivo_cancelacion: z.string(),
  folio_sustitucion: z.string(),
});
export type CancelacionResponse = z.infer<typeof CancelacionResponse>;
