import { Decimal } from '../decimal.ts';

/**
 * Reference exchange rates (rules 1.3, CFDI40118): MXN per unit of a currency, as Banxico publishes
 * them. Pure: the API's exchange-rate module fetches and stores them, the engine and the sandbox PAC
 * read them through `HistorialTipoCambio`.
 */

/** One published rate: the day it was determined (AAAA-MM-DD) and its value ("17.4520"). */
export interface ReferenciaTipoCambio {
  fecha: string;
  valor: string;
  /** Banxico SIE series it comes from ("SF43718"). */
  serie: string;
}

/**
 * Banxico SIE series of the reference rate per c_Moneda key. SF43718 is the FIX ("tipo de cambio
 * para solventar obligaciones denominadas en moneda extranjera, fecha de determinación"). The euro,
 * yen, pound and yuan are Banxico's cross rates (the FIX times the IMF's dollar equivalents, cuadro
 * CA91), the Canadian dollar's is built on the Bank of Canada's rate: what Banxico publishes for
 * them ("tipos de cambio de otras divisas"). Any other currency has no reference here, and its TipoCambio is not compared
 * locally: a real PAC checks it against its own published rates, which we cannot know offline, so
 * refusing it would only block invoices a PAC may accept (rules 1.3, unverified item 8).
 */
export const SERIE_BANXICO: Readonly<Record<string, string>> = {
  USD: 'SF43718',
  EUR: 'SF46410',
  JPY: 'SF46406',
  GBP: 'SF46407',
  CNY: 'SF290383',
  CAD: 'SF60632',
};

/**
 * How many calendar days a published rate stays the reference: FIX is determined on business days,
 * so a long weekend with holidays leaves at most 5 days without one. An older rate decides nothing.
 */
export const DIAS_VIGENCIA_REFERENCIA = 6;

const ISO = /^\d{4}-\d{2}-\d{2}$/;

function diasEntre(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The published rates of each currency, newest first per currency. */
export class HistorialTipoCambio {
  private readonly porMoneda = new Map<string, ReferenciaTipoCambio[]>();

  constructor(filas: Iterable<ReferenciaTipoCambio & { moneda: string }> = []) {
    for (const f of filas) this.agregar(f.moneda, f);
  }

  /** Adds (or replaces) the rate of a currency for a day. */
  agregar(moneda: string, r: ReferenciaTipoCambio): void {
    if (!ISO.test(r.fecha) || !/^\d+(\.\d+)?$/.test(r.valor)) return;
    const lista = (this.porMoneda.get(moneda) ?? []).filter((x) => x.fecha !== r.fecha);
    lista.push({ fecha: r.fecha, valor: r.valor, serie: r.serie });
    lista.sort((a, b) => (a.fecha < b.fecha ? 1 : a.fecha > b.fecha ? -1 : 0));
    this.porMoneda.set(moneda, lista);
  }

  /**
   * The reference for an invoice dated `dia`: the newest rate determined on or before that day, at
   * most DIAS_VIGENCIA_REFERENCIA days old; undefined when none is known.
   */
  referencia(moneda: string, dia: string): ReferenciaTipoCambio | undefined {
    const r = (this.porMoneda.get(moneda) ?? []).find((x) => x.fecha <= dia);
    return r && diasEntre(r.fecha, dia) <= DIAS_VIGENCIA_REFERENCIA ? r : undefined;
  }

  /**
   * The newest rate determined on or before `dia`, however old: the exchange-rate rules weigh its
   * age (bandaTipoCambio). Undefined when none is known for the currency up to that day.
   */
  ultima(moneda: string, dia: string): ReferenciaTipoCambio | undefined {
    return (this.porMoneda.get(moneda) ?? []).find((x) => x.fecha <= dia);
  }

  /** Every rate of a currency between two days (inclusive), oldest first. */
  entre(moneda: string, desde: string, hasta: string): ReferenciaTipoCambio[] {
    return (this.porMoneda.get(moneda) ?? [])
      .filter((x) => x.fecha >= desde && x.fecha <= hasta)
      .reverse();
  }

  /** The newest day known for a currency. */
  ultimaFecha(moneda: string): string | undefined {
    return this.porMoneda.get(moneda)?.[0]?.fecha;
  }
}

/** The band of CFDI40118: reference × (1 ± porcentaje/100), at the 6 decimals of TipoCambio. */
export function limitesTipoCambio(
  referencia: string,
  porcentaje: number,
): { li: Decimal; ls: Decimal } {
  const r = new Decimal(referencia);
  const p = new Decimal(porcentaje).dividedBy(100);
  return {
    li: r.times(new Decimal(1).minus(p)).toDecimalPlaces(6, Decimal.ROUND_UP),
    ls: r.times(new Decimal(1).plus(p)).toDecimalPlaces(6, Decimal.ROUND_DOWN),
  };
}

/** Banxico SIE answer (`GET /SieAPIRest/service/v1/series/{ids}/datos/...`) → rates per series. */
export function leerRespuestaSie(json: unknown): (ReferenciaTipoCambio & { moneda: string })[] {
  const series = (json as { bmx?: { series?: unknown } })?.bmx?.series;
  if (!Array.isArray(series)) throw new Error('La respuesta de Banxico no trae bmx.series.');
  const monedaDe = new Map(Object.entries(SERIE_BANXICO).map(([m, s]) => [s, m]));
  const out: (ReferenciaTipoCambio & { moneda: string })[] = [];
  for (const s of series as { idSerie?: string; datos?: { fecha?: string; dato?: string }[] }[]) {
    const moneda = s.idSerie ? monedaDe.get(s.idSerie) : undefined;
    if (!moneda || !s.idSerie) continue;
    for (const d of s.datos ?? []) {
      const f = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(d.fecha ?? '');
      const valor = (d.dato ?? '').replace(/,/g, '');
      // "N/E" (no publicado) on days without a rate.
      if (!f || !/^\d+(\.\d+)?$/.test(valor)) continue;
      out.push({ moneda, serie: s.idSerie, fecha: `${f[3]}-${f[2]}-${f[1]}`, valor });
    }
  }
  return out;
}

/** The committed history file (TSV: moneda, serie, fecha, valor; `#` comments) → rates. */
export function leerHistorialTsv(texto: string): (ReferenciaTipoCambio & { moneda: string })[] {
  const out: (ReferenciaTipoCambio & { moneda: string })[] = [];
  for (const linea of texto.split('\n')) {
    const l = linea.trim();
    if (!l || l.startsWith('#') || l.startsWith('moneda\t')) continue;
    const [moneda, serie, fecha, valor] = l.split('\t');
    if (moneda && serie && fecha && valor) out.push({ moneda, serie, fecha, valor });
  }
  return out;
}

/** Where the reference rates come from (the API's exchange-rate module, a test's fixed history). */
export interface FuenteTipoCambio {
  /**
   * The reference of a currency for a document dated `dia` (AAAA-MM-DD), fetching the day's if
   * needed: the newest known on or before that day, however old (the rules weigh its age).
   */
  referencia(moneda: string, dia: string): Promise<ReferenciaTipoCambio | undefined>;
}
