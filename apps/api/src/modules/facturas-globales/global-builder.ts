import {
  calcularGlobal,
  impuestosDeGrupo,
  periodoElegido,
  sumarDias,
  type ImpuestoDraft,
  type VentaCalculada,
} from '@repo/cfdi/calc';
import { Decimal, decimal, formatear } from '@repo/cfdi/decimal';
import type { Comprobante, GlobalDraft } from '@repo/cfdi/xml';
import type {
  FacturaGlobalDraft,
  PartidaGlobal,
  TotalesGlobal,
} from '@repo/contracts/facturas-globales';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import type { GlobalRowValues } from './facturas-globales.queries.ts';

/**
 * From a global invoice's draft (the spec's form) and the enterprise's data to the engine's
 * GlobalDraft, and back from the engine's numbers (or the stamped XML) to the spec's line template.
 * Pure: the service loads the data.
 */

export interface ContextoGlobal {
  emisor: { rfc: string; nombre: string; regimenFiscal: string; codigoPostal: string };
  /** IANA zone of the emisor's postal code (LugarExpedicion). */
  zona: string;
  serie: { id: number; serie: string; folio: number };
  /** The taxes of each tax group the draft names (only groups that fit a global). */
  grupos: ReadonlyMap<number, ImpuestoDraft[]>;
}

/**
 * The draft's period: its days, InformacionGlobal and name. The request's schema already refused a
 * day outside the month, so a period always exists; `dia` is absent from drafts saved before
 * periodicidades 01–03 (all monthly or bimonthly).
 */
export function periodoDe(
  draft: Pick<FacturaGlobalDraft, 'periodicidad' | 'month' | 'year'> & { dia?: string | null },
) {
  const p = periodoElegido({
    periodicidad: draft.periodicidad,
    year: draft.year,
    month: draft.month,
    dia: draft.dia ?? null,
  });
  if (!p) throw new Error(`periodoDe: no period for ${JSON.stringify(draft)}`);
  return {
    ig: p.ig,
    meses: p.ig.Meses,
    inicio: p.inicio,
    fin: p.fin,
    mes_inicio: Number(p.inicio.slice(5, 7)),
    mes_fin: Number(p.fin.slice(5, 7)),
    nombre: p.nombre,
    /** Rules 8.4 (RMF 2.7.1.21): issued within the 24 hours after the period closes. */
    limite: sumarDias(p.fin, 1),
  };
}

/** The taxes of the groups a draft names, or the message per sale whose group does not fit. */
export function gruposDeRubros(rubros: readonly RubroImpuestoResponse[]) {
  const ok = new Map<number, ImpuestoDraft[]>();
  const mal = new Map<number, string>();
  for (const r of rubros) {
    const g = impuestosDeGrupo(r);
    if (g.ok) ok.set(r.id, g.impuestos);
    else mal.set(r.id, g.message);
  }
  return { ok, mal };
}

const ticketsDe = (ctx: Pick<ContextoGlobal, 'grupos'>, draft: FacturaGlobalDraft) =>
  draft.partidas.map((p) => ({
    folioVenta: p.folioVenta,
    subtotal: p.subtotal,
    ...(p.descuento ? { descuento: p.descuento } : {}),
    impuestos: ctx.grupos.get(p.grupoImpuestosId) ?? [],
  }));

/** The engine's draft for @repo/cfdi's buildGlobal. */
export function globalDraft(
  ctx: ContextoGlobal,
  draft: FacturaGlobalDraft,
  sf: { serie: string; folio: number | null },
): GlobalDraft {
  const { ig } = periodoDe(draft);
  return {
    serie: sf.serie,
    ...(sf.folio !== null ? { folio: String(sf.folio) } : {}),
    formaPago: draft.formaPago,
    moneda: 'MXN',
    lugarExpedicion: ctx.emisor.codigoPostal,
    emisor: {
      rfc: ctx.emisor.rfc,
      nombre: ctx.emisor.nombre,
      regimenFiscal: ctx.emisor.regimenFiscal,
    },
    periodicidad: ig.Periodicidad,
    meses: ig.Meses,
    año: ig.Año,
    tickets: ticketsDe(ctx, draft),
  };
}

/** The engine's and the validator's paths, named after the request's fields. */
export function campoDeGlobal(field: string): string {
  const t = /^(?:tickets|Conceptos)\[(\d+)\]\.?(.*)$/.exec(field);
  if (t) {
    const sub = t[2] ?? '';
    const mapa: Record<string, string> = {
      folioVenta: 'folioVenta',
      NoIdentificacion: 'folioVenta',
      subtotal: 'subtotal',
      ValorUnitario: 'subtotal',
      Importe: 'subtotal',
      descuento: 'descuento',
      Descuento: 'descuento',
      impuestos: 'grupoImpuestosId',
      Impuestos: 'grupoImpuestosId',
    };
    const k = Object.entries(mapa).find(([from]) => sub === from || sub.startsWith(`${from}.`));
    return `partidas.${t[1]}${k ? `.${k[1]}` : ''}`;
  }
  if (field === 'FormaPago' || field === 'formaPago') return 'formaPago';
  if (field === 'InformacionGlobal.Periodicidad') return 'periodicidad';
  if (field === 'dia') return 'dia';
  if (field === 'InformacionGlobal.Año') return 'year';
  if (field.startsWith('InformacionGlobal')) return 'month';
  if (field === 'Fecha') return 'creationDate';
  if (field === 'tickets' || field === 'Conceptos') return 'partidas';
  if (field.startsWith('Emisor') || field === 'LugarExpedicion') return 'datos_fiscales';
  return field || '_';
}

const cero = () => new Decimal(0);

function totalesDe(
  ventas: readonly Pick<VentaCalculada, 'subtotal' | 'descuento' | 'impuestos' | 'totalVenta'>[],
): TotalesGlobal {
  let subtotal = cero();
  let descuento = cero();
  let impuestos = cero();
  let total = cero();
  for (const v of ventas) {
    subtotal = subtotal.plus(decimal(v.subtotal));
    descuento = descuento.plus(decimal(v.descuento));
    impuestos = impuestos.plus(decimal(v.impuestos));
    total = total.plus(decimal(v.totalVenta));
  }
  return {
    subtotal: formatear(subtotal, 2),
    descuento: descuento.isZero() ? null : formatear(descuento, 2),
    impuestos: formatear(impuestos, 2),
    total: formatear(total, 2),
    ventas: ventas.length,
  };
}

function partida(draft: FacturaGlobalDraft, i: number, v: VentaCalculada): PartidaGlobal {
  return {
    folioVenta: v.folioVenta,
    grupoImpuestosId: draft.partidas[i]?.grupoImpuestosId ?? 0,
    subtotal: v.subtotal,
    descuento: decimal(v.descuento).isZero() ? null : v.descuento,
    impuestos: v.impuestos,
    totalVenta: v.totalVenta,
    impuestosTrasladados: v.traslados.map((l) => ({
      impuesto: l.Impuesto,
      tipo_factor: l.TipoFactor,
      tasa_o_cuota: l.TasaOCuota ?? null,
      base: l.Base,
      importe: l.Importe ?? null,
    })),
    recibo_id: draft.partidas[i]?.recibo_id ?? null,
  };
}

/** The sales and totals as the engine computes them from the draft (a saved global). */
export function partidasCalculadas(ctx: Pick<ContextoGlobal, 'grupos'>, draft: FacturaGlobalDraft) {
  const r = calcularGlobal(ticketsDe(ctx, draft));
  if (!r.ok) return null;
  return { partidas: r.ventas.map((v, i) => partida(draft, i, v)), totales: totalesDe(r.ventas) };
}

/** The sales and totals as invoiced: every number read from the stamped CFDI. */
export function partidasDelXml(cfdi: Comprobante, draft: FacturaGlobalDraft) {
  const ventas: VentaCalculada[] = cfdi.Conceptos.map((k) => {
    const traslados = k.Impuestos?.Traslados ?? [];
    const impuestos = traslados.reduce(
      (a, l) => (l.Importe ? a.plus(decimal(l.Importe)) : a),
      cero(),
    );
    const descuento = k.Descuento ?? '0.00';
    return {
      folioVenta: k.NoIdentificacion ?? '',
      subtotal: k.Importe,
      descuento,
      impuestos: formatear(impuestos, 2),
      totalVenta: formatear(decimal(k.Importe).minus(decimal(descuento)).plus(impuestos), 2),
      traslados: [...traslados],
    };
  });
  return { partidas: ventas.map((v, i) => partida(draft, i, v)), totales: totalesDe(ventas) };
}

/** The values of the draft row: the period, the totals for the year list and the draft. */
export function valoresDeFila(draft: FacturaGlobalDraft, totales: TotalesGlobal): GlobalRowValues {
  const p = periodoDe(draft);
  return {
    anio: draft.year,
    mes: draft.month,
    periodicidad: draft.periodicidad,
    meses: p.meses,
    mes_inicio: p.mes_inicio,
    mes_fin: p.mes_fin,
    fecha_inicio: p.inicio,
    fecha_fin: p.fin,
    forma_pago: draft.formaPago,
    serie_id: draft.serie.id,
    ventas: totales.ventas,
    subtotal: totales.subtotal,
    descuento: totales.descuento ?? '0.00',
    impuestos: totales.impuestos,
    total: totales.total,
    draft,
  };
}
