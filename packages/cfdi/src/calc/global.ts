import { CONCEPTO_GLOBAL, IMPUESTO, OBJETO_IMP, TIPO_FACTOR, type Impuesto } from '../catalogos.ts';
import { Decimal, decimal, formatear, isDecimalText } from '../decimal.ts';
import { calcularComprobante } from './calcular-comprobante.ts';
import type {
  ConceptoDraft,
  ErrorCalculo,
  ImpuestoDraft,
  LineaImpuesto,
  TotalesCalculados,
} from './types.ts';

/**
 * The amounts of a factura global (rules 8.2): one concepto per ticket of the period, Cantidad 1,
 * ValorUnitario = Importe = the ticket's amount before taxes, the ticket's discount, and the taxes of
 * the ticket's tax group. Taxes are distributed by largest remainder (rules 2.9), so each tax group
 * of the global is the rounding of its exact total: tickets priced with tax included add up to the
 * sum of their totals, where rounding each line would drift a cent every few tickets. Browser-safe:
 * the global invoice form shows these numbers live and the API stamps the same ones.
 */

/** One ticket (comprobante de operaciones con el público en general) of the period. */
export interface TicketGlobalDraft {
  /** Folio de venta / número de operación → NoIdentificacion. */
  folioVenta: string;
  /** Ticket amount before taxes → ValorUnitario and Importe. */
  subtotal: string;
  /** Ticket discount amount, if any. */
  descuento?: string;
  /** The federal transferred taxes of the ticket's tax group; none = not object of tax (01). */
  impuestos?: readonly ImpuestoDraft[];
}

/** One sale as the form and the PDF show it. */
export interface VentaCalculada {
  folioVenta: string;
  subtotal: string;
  descuento: string;
  /** Sum of the sale's transferred taxes. */
  impuestos: string;
  totalVenta: string;
  traslados: LineaImpuesto[];
}

export type ResultadoGlobal =
  | { ok: true; totales: TotalesCalculados; ventas: VentaCalculada[] }
  | { ok: false; errores: ErrorCalculo[] };

export const FOLIO_VENTA_REQUERIDO = 'Indique el folio de venta (de 1 a 100 caracteres, sin "|").';
/** @alias: the spec names the message of a folio too long apart; it says the same. */
export const FOLIO_VENTA_LARGO = FOLIO_VENTA_REQUERIDO;
export const FOLIO_VENTA_REPETIDO = 'Este folio de venta ya está en la factura global.';
export const SUBTOTAL_VENTA =
  'El subtotal de la venta debe ser un importe mayor a cero con hasta 2 decimales.';

/** The folios de venta of the tickets: present, 1–100 characters without "|", each once. */
export function erroresDeFolios(tickets: readonly { folioVenta: string }[]): ErrorCalculo[] {
  const errores: ErrorCalculo[] = [];
  const vistos = new Set<string>();
  tickets.forEach((t, i) => {
    const field = `tickets[${i}].folioVenta`;
    const folio = (t.folioVenta ?? '').trim();
    if (folio === '') errores.push({ field, message: FOLIO_VENTA_REQUERIDO });
    else if (folio.length > 100 || folio.includes('|'))
      errores.push({ field, message: FOLIO_VENTA_LARGO });
    else if (vistos.has(folio)) errores.push({ field, message: FOLIO_VENTA_REPETIDO });
    vistos.add(folio);
  });
  return errores;
}

/** The engine's concepto of one ticket (amounts only; the fixed texts are added by buildGlobal). */
export function conceptoDeTicket(t: TicketGlobalDraft): ConceptoDraft {
  const impuestos = t.impuestos ?? [];
  return {
    cantidad: CONCEPTO_GLOBAL.Cantidad,
    valorUnitario: t.subtotal.trim(),
    ...(t.descuento !== undefined && t.descuento.trim() !== '' && !/^0+(\.0+)?$/.test(t.descuento)
      ? { descuento: { tipo: 'importe' as const, valor: t.descuento.trim() } }
      : {}),
    objetoImp: impuestos.length > 0 ? OBJETO_IMP.SI_OBJETO : OBJETO_IMP.NO_OBJETO,
    impuestos,
  };
}

/** "conceptos[3].valorUnitario" → "tickets[3].subtotal": errors named after the global's draft. */
function campoDeTicket(field: string): string {
  const m = /^conceptos\[(\d+)\]\.?(.*)$/.exec(field);
  if (!m) return field;
  const sub = m[2] ?? '';
  const nombre = sub.startsWith('valorUnitario')
    ? 'subtotal'
    : sub.startsWith('descuento')
      ? 'descuento'
      : sub.startsWith('impuestos') || sub.startsWith('objetoImp')
        ? 'impuestos'
        : sub;
  return `tickets[${m[1]}]${nombre ? `.${nombre}` : ''}`;
}

/** What the SAT and the product ask of the tickets before any amount is computed. */
export function erroresDeTickets(tickets: readonly TicketGlobalDraft[]): ErrorCalculo[] {
  const errores = erroresDeFolios(tickets);
  tickets.forEach((t, i) => {
    const s = (t.subtotal ?? '').trim();
    if (!isDecimalText(s) || s.startsWith('-') || /^0*(\.0*)?$/.test(s) || /\.\d{3,}$/.test(s))
      errores.push({ field: `tickets[${i}].subtotal`, message: SUBTOTAL_VENTA });
    (t.impuestos ?? []).forEach((imp) => {
      if (imp.tipo === 'retencion')
        errores.push({ field: `tickets[${i}].impuestos`, message: GLOBAL_SIN_RETENCIONES });
      else if (imp.impuesto === IMPUESTO.IEPS && imp.tipoFactor === TIPO_FACTOR.CUOTA)
        errores.push({ field: `tickets[${i}].impuestos`, message: GLOBAL_SIN_IEPS_CUOTA });
    });
  });
  if (tickets.length === 0)
    errores.push({ field: 'tickets', message: 'Agregue al menos una venta a la factura global.' });
  return errores;
}

/**
 * The engine's words for a concepto, as a sale of the global says them: a global's user types
 * sales (tickets), never conceptos, so a message about "el concepto" would name nothing on screen.
 */
const DE_CONCEPTO_A_VENTA: readonly (readonly [RegExp, string])[] = [
  [/el importe del concepto/g, 'el subtotal de la venta'],
  [/todo el importe del concepto/g, 'todo el subtotal de la venta'],
  [/quite los impuestos del concepto/g, 'elija un grupo de impuestos sin impuestos para la venta'],
  [/Un concepto objeto de impuesto/g, 'Una venta con impuestos'],
  [/Un concepto que no es objeto de impuesto/g, 'Una venta sin impuestos'],
  [/Un concepto/g, 'Una venta'],
  [/un concepto/g, 'una venta'],
  [/del concepto/g, 'de la venta'],
  [/el concepto/g, 'la venta'],
];

export function mensajeDeVenta(message: string): string {
  return DE_CONCEPTO_A_VENTA.reduce((m, [de, a]) => m.replace(de, a), message);
}

/** The engine's errors named after the global's draft (tickets[i].subtotal…), in its words. */
export function erroresDeGlobal(errores: readonly ErrorCalculo[]): ErrorCalculo[] {
  return errores.map((e) => {
    const field = campoDeTicket(e.field);
    const deVenta = field.startsWith('tickets[');
    return { ...e, field, ...(deVenta ? { message: mensajeDeVenta(e.message) } : {}) };
  });
}

/** Every amount of the global and of each sale, or the errors per ticket. */
export function calcularGlobal(
  tickets: readonly TicketGlobalDraft[],
  moneda: string = 'MXN',
): ResultadoGlobal {
  const errores = erroresDeTickets(tickets);
  if (errores.length > 0) return { ok: false, errores };
  const calc = calcularComprobante({ moneda, conceptos: tickets.map(conceptoDeTicket) });
  if (!calc.ok) return { ok: false, errores: erroresDeGlobal(calc.errores) };
  return { ok: true, totales: calc.totales, ventas: ventasDe(tickets, calc.totales) };
}

/** Each sale's amounts from the computed conceptos (one per ticket, same order). */
export function ventasDe(
  tickets: readonly TicketGlobalDraft[],
  totales: TotalesCalculados,
): VentaCalculada[] {
  const d = totales.decimales;
  return totales.conceptos.map((c, i): VentaCalculada => {
    const impuestos = c.Traslados.reduce(
      (a, l) => (l.Importe ? a.plus(decimal(l.Importe)) : a),
      new Decimal(0),
    );
    return {
      folioVenta: tickets[i]!.folioVenta.trim(),
      subtotal: c.Importe,
      descuento: c.Descuento ?? formatear(new Decimal(0), d),
      impuestos: formatear(impuestos, d),
      totalVenta: formatear(decimal(c.BaseLocal).plus(impuestos), d),
      traslados: c.Traslados,
    };
  });
}

export const GLOBAL_SIN_RETENCIONES =
  'Una factura global a público en general no lleva impuestos retenidos: use un grupo de impuestos solo con impuestos trasladados.';
export const GLOBAL_SIN_IEPS_CUOTA =
  'Una factura global no admite IEPS por cuota (requiere las unidades vendidas): use un grupo con IEPS por tasa.';
export const GLOBAL_SIN_LOCALES =
  'Una factura global no admite impuestos locales: use un grupo de impuestos solo con impuestos federales trasladados.';

/** A tax of a tax group as the API answers it (GET /rubros-impuestos). */
export interface ImpuestoDeGrupo {
  selected: boolean;
  tax_type: 'IVA' | 'IEPS' | 'ISR';
  tipo_factor: 'Tasa' | 'Cuota' | 'Exento';
  value: string | null;
}

/** A tax group (rubro de impuestos) as the API answers it; only what the global needs. */
export interface GrupoImpuestos {
  objeto_impuesto_key: string;
  impuestos_trasladados: readonly ImpuestoDeGrupo[];
  impuestos_retenidos: readonly { selected: boolean }[];
  impuestos_locales_trasladados: readonly { selected: boolean }[];
  impuestos_locales_retenidos: readonly { selected: boolean }[];
}

const CLAVE: Record<ImpuestoDeGrupo['tax_type'], Impuesto> = {
  ISR: IMPUESTO.ISR,
  IVA: IMPUESTO.IVA,
  IEPS: IMPUESTO.IEPS,
};
/** Spec section 9: IEPS, then IVA, then ISR. */
const ORDEN: Record<ImpuestoDeGrupo['tax_type'], number> = { IEPS: 0, IVA: 1, ISR: 2 };

/**
 * The taxes a ticket gets from its tax group: the selected transferred taxes (Tasa, 0 % and Exento
 * included) when the group is object of tax (02); none for 01. A group with withholdings, local taxes
 * or IEPS by cuota does not fit a global and answers the reason.
 */
export function impuestosDeGrupo(
  g: GrupoImpuestos,
): { ok: true; impuestos: ImpuestoDraft[] } | { ok: false; message: string } {
  if (g.objeto_impuesto_key !== OBJETO_IMP.SI_OBJETO) return { ok: true, impuestos: [] };
  if (g.impuestos_retenidos.some((t) => t.selected))
    return { ok: false, message: GLOBAL_SIN_RETENCIONES };
  if (
    [...g.impuestos_locales_trasladados, ...g.impuestos_locales_retenidos].some((t) => t.selected)
  )
    return { ok: false, message: GLOBAL_SIN_LOCALES };
  const sel = g.impuestos_trasladados.filter((t) => t.selected);
  if (sel.some((t) => t.tax_type === 'IEPS' && t.tipo_factor === 'Cuota'))
    return { ok: false, message: GLOBAL_SIN_IEPS_CUOTA };
  return {
    ok: true,
    impuestos: [...sel]
      .sort((a, b) => ORDEN[a.tax_type] - ORDEN[b.tax_type])
      .map((t) => ({
        tipo: 'traslado' as const,
        impuesto: CLAVE[t.tax_type],
        tipoFactor: t.tipo_factor,
        ...(t.tipo_factor === 'Exento' || t.value === null ? {} : { tasaOCuota: t.value }),
      })),
  };
}
