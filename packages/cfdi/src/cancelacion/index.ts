/**
 * Whether the SAT will ask the receiver to accept a cancellation, and until when a CFDI may be
 * cancelled: one implementation for the cancellation dialog (SPA), the API and the sandbox PAC.
 *
 * RMF 2026 regla 2.7.1.35 (cfdi40-rules.md 9.2): a CFDI is cancelled WITHOUT the receiver's
 * acceptance when it is
 *   I    of a total up to $1,000.00 MXN, except a CFDI with the Complemento para recepción de pagos
 *        (regla 2.7.1.32; exclusion added by RMF 2026);
 *   II   nómina (tipo N);  III  egresos (tipo E);  IV  traslado (tipo T);
 *   VII  an operation with the público en general (regla 2.7.1.21: RFC XAXX010101000);
 *   VIII issued to a residente en el extranjero (regla 2.7.1.23: RFC XEXX010101000);
 *   IX   cancelled within the business day following its issue.
 * Otherwise the receiver is asked through its Buzón Tributario and has three business days to
 * answer; silence counts as acceptance ("Plazo vencido"). Fracciones V, VI, X–XII concern CFDI
 * the product does not issue.
 *
 * The deadline (CFF art. 29-A, fourth paragraph, cfdi40-rules.md 9.5): at the latest in the month
 * the annual return of the year of issue is due: 31 March of the following year for a persona
 * moral (RFC of 12 characters), 30 April for a persona física.
 */
import { Decimal } from '../decimal.ts';
import { fechaLocal, instanteDeFechaLocal } from '../xml/fecha.ts';

export const ZONA_CENTRO = 'America/Mexico_City';

export type Aceptacion = 'Cancelable sin aceptación' | 'Cancelable con aceptación';

/** Why a cancellation needs, or does not need, the receiver's acceptance (a fracción of 2.7.1.35). */
export type MotivoAceptacion =
  | 'nomina'
  | 'egreso'
  | 'traslado'
  | 'publico_en_general'
  | 'extranjero'
  | 'monto'
  | 'dia_habil_siguiente'
  | 'pagos'
  | 'regla_general';

export interface DocumentoCancelable {
  /** c_TipoDeComprobante: I, E, T, N or P. */
  tipoDeComprobante: string;
  rfcReceptor: string;
  /** Comprobante/@Total as written. */
  total: string;
  moneda: string;
  tipoCambio?: string | null | undefined;
  /** The instant the PAC stamped it (FechaTimbrado read in Zona Centro). */
  instanteTimbrado: Date;
}

export interface ClasificacionAceptacion {
  esCancelable: Aceptacion;
  motivo: MotivoAceptacion;
  /** With acceptance: the end of the third business day the receiver would have from `ahora`. */
  plazoReceptor?: Date;
}

function siguienteDia(dia: string): string {
  const d = new Date(`${dia}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function esHabil(dia: string, feriados: ReadonlySet<string>): boolean {
  const wd = new Date(`${dia}T12:00:00Z`).getUTCDay();
  return wd !== 0 && wd !== 6 && !feriados.has(dia);
}

/**
 * The first instant after the end (Zona Centro) of the `n`-th business day following `desde`'s day:
 * Monday–Friday minus `feriados` (AAAA-MM-DD).
 */
export function finDeDiasHabiles(desde: Date, n: number, feriados: ReadonlySet<string>): Date {
  let dia = fechaLocal(desde, ZONA_CENTRO).slice(0, 10);
  let cuenta = 0;
  while (cuenta < n) {
    dia = siguienteDia(dia);
    if (esHabil(dia, feriados)) cuenta++;
  }
  return instanteDeFechaLocal(`${siguienteDia(dia)}T00:00:00`, ZONA_CENTRO);
}

/** The total in pesos: Total × TipoCambio for another currency (our reading; unverified, 9.2). */
function totalEnPesos(d: DocumentoCancelable): Decimal | null {
  try {
    const total = new Decimal(d.total);
    if (d.moneda === 'MXN' || d.moneda === 'XXX') return total;
    return d.tipoCambio ? total.mul(d.tipoCambio) : null;
  } catch {
    return null;
  }
}

/** Regla 2.7.1.35 for a CFDI in force that nothing blocks, at the instant `ahora`. */
export function clasificarAceptacion(
  d: DocumentoCancelable,
  ahora: Date,
  feriados: ReadonlySet<string> = new Set(),
): ClasificacionAceptacion {
  const sin = (motivo: MotivoAceptacion): ClasificacionAceptacion => ({
    esCancelable: 'Cancelable sin aceptación',
    motivo,
  });
  const tipo = d.tipoDeComprobante;
  if (tipo === 'N') return sin('nomina');
  if (tipo === 'E') return sin('egreso');
  if (tipo === 'T') return sin('traslado');
  const rfc = d.rfcReceptor.toUpperCase();
  if (rfc === 'XAXX010101000') return sin('publico_en_general');
  if (rfc === 'XEXX010101000') return sin('extranjero');
  const pesos = totalEnPesos(d);
  if (tipo === 'I' && pesos && pesos.lte(1000)) return sin('monto');
  if (ahora < finDeDiasHabiles(d.instanteTimbrado, 1, feriados)) return sin('dia_habil_siguiente');
  return {
    esCancelable: 'Cancelable con aceptación',
    motivo: tipo === 'P' ? 'pagos' : 'regla_general',
    plazoReceptor: finDeDiasHabiles(ahora, 3, feriados),
  };
}

export interface PlazosCancelacion {
  /** MM-DD of the last day for a persona moral's CFDI of the previous year. */
  moral: string;
  /** MM-DD of the last day for a persona física's. */
  fisica: string;
}

export const PLAZOS_CFF_29A: PlazosCancelacion = { moral: '03-31', fisica: '04-30' };

/**
 * The last instant a CFDI stamped on `fechaTimbrado` (AAAA-MM-DD…, Zona Centro) may be cancelled:
 * the end of the deadline day of the following year (CFF art. 29-A).
 */
export function plazoDeCancelacion(
  fechaTimbrado: string,
  rfcEmisor: string,
  plazos: PlazosCancelacion = PLAZOS_CFF_29A,
): Date {
  const anio = Number(fechaTimbrado.slice(0, 4)) + 1;
  const md = rfcEmisor.length === 12 ? plazos.moral : plazos.fisica;
  return instanteDeFechaLocal(`${anio}-${md}T23:59:59`, ZONA_CENTRO);
}

const FRACCION: Record<Exclude<MotivoAceptacion, 'pagos' | 'regla_general'>, string> = {
  nomina: 'es de nómina (fracción II)',
  egreso: 'es un comprobante de egreso (fracción III)',
  traslado: 'es un comprobante de traslado (fracción IV)',
  publico_en_general: 'se emitió al público en general (fracción VII)',
  extranjero: 'se emitió a un residente en el extranjero (fracción VIII)',
  monto: 'su total es de hasta $ 1,000.00 (fracción I)',
  dia_habil_siguiente: 'se cancela dentro del día hábil siguiente a su emisión (fracción IX)',
};

/** The dialog's sentence: what the SAT will do with the request (regla 2.7.1.35 RMF 2026). */
export function explicarAceptacion(c: ClasificacionAceptacion): string {
  if (c.esCancelable === 'Cancelable sin aceptación') {
    return `El SAT la cancelará sin pedir la aceptación del receptor, porque ${FRACCION[c.motivo as keyof typeof FRACCION]}, según la regla 2.7.1.35 de la Resolución Miscelánea Fiscal.`;
  }
  const porque =
    c.motivo === 'pagos'
      ? 'Los complementos de pago requieren la aceptación del receptor aunque su total sea cero (regla 2.7.1.35, fracción I, RMF 2026).'
      : 'No está en ninguno de los casos sin aceptación de la regla 2.7.1.35 de la Resolución Miscelánea Fiscal.';
  return `El SAT pedirá al receptor que acepte la cancelación en su buzón tributario; tiene 3 días hábiles para responder y, si no responde, se considera aceptada. Mientras tanto el comprobante sigue vigente. ${porque}`;
}
