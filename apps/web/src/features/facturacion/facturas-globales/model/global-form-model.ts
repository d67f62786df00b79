import {
  calcularGlobal,
  erroresDeTickets,
  impuestosDeGrupo,
  periodicidadPorDia,
  periodoElegido,
  periodosDelMes,
  type ImpuestoDraft,
  type TicketGlobalDraft,
  type VentaCalculada,
} from '@repo/cfdi/calc';
import { Decimal, decimal, formatear } from '@repo/cfdi/decimal';
import {
  GRUPO_IMPUESTOS_MESSAGE,
  type FacturaGlobalRequestInput,
  type FacturaGlobalResponse,
  type PeriodicidadGlobal,
  type RecibosDelPeriodoResponse,
  type VentaImportada,
} from '@repo/contracts/facturas-globales';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';

/** One sale as the form holds it: what the user typed, pasted or imported. */
export interface VentaForm {
  key: number;
  folioVenta: string;
  grupoImpuestosId: number | null;
  subtotal: string;
  descuento: string;
  /** Row of the imported file, and what the import found wrong with it (until the row is edited). */
  fila?: number;
  erroresImport?: readonly string[];
  /** The sales receipt (issue 28) this sale is: stamping the global marks it in the global. */
  reciboId?: number;
}

export interface GlobalFormState {
  formaPago: string;
  /** AAAA-MM-DD. */
  creationDate: string;
  month: number;
  year: number;
  periodicidad: PeriodicidadGlobal;
  /** With 01–03: the first day (AAAA-MM-DD) of the chosen day, week or fortnight; '' otherwise. */
  dia: string;
  serieId: number | null;
  ventas: VentaForm[];
}

let siguiente = 1;
export function nuevaVenta(v: Partial<Omit<VentaForm, 'key'>> = {}): VentaForm {
  return {
    key: siguiente++,
    folioVenta: v.folioVenta ?? '',
    grupoImpuestosId: v.grupoImpuestosId ?? null,
    subtotal: v.subtotal ?? '',
    descuento: v.descuento ?? '',
    ...(v.fila !== undefined ? { fila: v.fila } : {}),
    ...(v.erroresImport?.length ? { erroresImport: v.erroresImport } : {}),
    ...(v.reciboId !== undefined ? { reciboId: v.reciboId } : {}),
  };
}

export function ventasDeImportacion(ventas: readonly VentaImportada[]): VentaForm[] {
  return ventas.map((v) =>
    nuevaVenta({
      folioVenta: v.folioVenta,
      grupoImpuestosId: v.grupoImpuestosId,
      subtotal: v.subtotal,
      descuento: v.descuento,
      fila: v.fila,
      erroresImport: v.errores,
    }),
  );
}

/**
 * The open receipts of the period added to the sales: a receipt already in the table is replaced
 * by its current amounts, the other sales are kept.
 */
export function conRecibos(ventas: readonly VentaForm[], r: RecibosDelPeriodoResponse) {
  const ids = new Set(r.partidas.map((p) => p.recibo_id));
  return [
    ...ventas.filter((v) => v.reciboId === undefined || !ids.has(v.reciboId)),
    ...r.partidas.map((p) =>
      nuevaVenta({
        folioVenta: p.folioVenta,
        grupoImpuestosId: p.grupoImpuestosId,
        subtotal: p.subtotal,
        descuento: p.descuento ?? '',
        reciboId: p.recibo_id,
      }),
    ),
  ];
}

export function estadoDeRespuesta(g: FacturaGlobalResponse): GlobalFormState {
  return {
    formaPago: g.formaPago,
    creationDate: g.creationDate ?? '',
    month: g.month,
    year: g.year,
    periodicidad: g.periodicidad,
    dia: periodicidadPorDia(g.periodicidad) ? g.periodo_inicio : '',
    serieId: g.serie.id,
    ventas: g.partidas.map((p) =>
      nuevaVenta({
        folioVenta: p.folioVenta,
        grupoImpuestosId: p.grupoImpuestosId,
        subtotal: p.subtotal,
        descuento: p.descuento ?? '',
        ...(p.recibo_id !== null ? { reciboId: p.recibo_id } : {}),
      }),
    ),
  };
}

/**
 * The form's period: the chosen day, week or fortnight (or the month, or its bimester). When the
 * periodicidad changes, the day kept is the last period of the month that has ended by `hoy` (the one
 * a user usually issues), else the first.
 */
export function periodoDelEstado(
  s: Pick<GlobalFormState, 'periodicidad' | 'dia' | 'month' | 'year'>,
) {
  return periodoElegido({ periodicidad: s.periodicidad, year: s.year, month: s.month, dia: s.dia });
}

export function diaPorOmision(
  periodicidad: string,
  year: number,
  month: number,
  hoy: string,
): string {
  const periodos = periodosDelMes(periodicidad, year, month);
  if (!periodicidadPorDia(periodicidad) || periodos.length === 0) return '';
  const terminados = periodos.filter((p) => p.fin < hoy);
  return (terminados[terminados.length - 1] ?? periodos[0]!).inicio;
}

export function solicitudDe(
  s: GlobalFormState,
  extra: { id: number | null; idempotencyKey?: string },
): FacturaGlobalRequestInput {
  return {
    ...(extra.id !== null ? { id: extra.id } : {}),
    formaPago: s.formaPago,
    creationDate: s.creationDate || null,
    month: s.month,
    year: s.year,
    periodicidad: s.periodicidad,
    dia: periodicidadPorDia(s.periodicidad) && s.dia ? s.dia : null,
    serie: { id: s.serieId ?? 0 },
    partidas: s.ventas.map((v) => ({
      folioVenta: v.folioVenta,
      grupoImpuestosId: v.grupoImpuestosId ?? 0,
      subtotal: v.subtotal,
      descuento: v.descuento.trim() === '' ? null : v.descuento,
      ...(v.reciboId !== undefined ? { recibo_id: v.reciboId } : {}),
    })),
    ...(extra.idempotencyKey ? { idempotency_key: extra.idempotencyKey } : {}),
  };
}

export interface TotalesVivos {
  subtotal: string;
  descuento: string;
  impuestos: string;
  total: string;
  ventas: number;
}

export interface CalculoVivo {
  /** Amounts of each sale (null while the sale has errors). */
  porVenta: (VentaCalculada | null)[];
  /** Spanish messages per sale (index of `ventas`). */
  errores: Map<number, string[]>;
  /** Totals of the sales without errors. */
  totales: TotalesVivos;
}

const CERO = '0.00';

function agregar(errores: Map<number, string[]>, i: number, m: string) {
  const l = errores.get(i);
  if (l) {
    if (!l.includes(m)) l.push(m);
  } else errores.set(i, [m]);
}

const indiceDe = (field: string) => {
  const m = /^tickets\[(\d+)\]/.exec(field);
  return m ? Number(m[1]) : null;
};

/**
 * The live numbers of the form: each sale's subtotal, taxes and total as the engine that writes the
 * XML computes them, the errors of each sale, and the totals of the sales that are right.
 */
export function calcularVentas(
  ventas: readonly VentaForm[],
  rubros: readonly RubroImpuestoResponse[],
): CalculoVivo {
  const errores = new Map<number, string[]>();
  const grupos = new Map<number, ReturnType<typeof impuestosDeGrupo>>();
  for (const r of rubros) grupos.set(r.id, impuestosDeGrupo(r));
  const tickets: TicketGlobalDraft[] = ventas.map((v, i) => {
    let impuestos: ImpuestoDraft[] = [];
    if (v.erroresImport) for (const m of v.erroresImport) agregar(errores, i, m);
    const g = v.grupoImpuestosId === null ? undefined : grupos.get(v.grupoImpuestosId);
    if (!g) agregar(errores, i, GRUPO_IMPUESTOS_MESSAGE);
    else if (!g.ok) agregar(errores, i, g.message);
    else impuestos = g.impuestos;
    return {
      folioVenta: v.folioVenta,
      subtotal: v.subtotal,
      ...(v.descuento.trim() !== '' ? { descuento: v.descuento } : {}),
      impuestos,
    };
  });
  for (const e of erroresDeTickets(tickets)) {
    const i = indiceDe(e.field);
    if (i !== null) agregar(errores, i, e.message);
  }
  const porVenta: (VentaCalculada | null)[] = ventas.map(() => null);
  let validos = tickets.map((_, i) => i).filter((i) => !errores.has(i));
  for (let intento = 0; intento < 3 && validos.length > 0; intento++) {
    const r = calcularGlobal(validos.map((i) => tickets[i]!));
    if (r.ok) {
      r.ventas.forEach((v, j) => (porVenta[validos[j]!] = v));
      return { porVenta, errores, totales: totalesDe(r.ventas) };
    }
    for (const e of r.errores) {
      const j = indiceDe(e.field);
      if (j !== null && validos[j] !== undefined) agregar(errores, validos[j]!, e.message);
    }
    const antes = validos.length;
    validos = validos.filter((i) => !errores.has(i));
    if (validos.length === antes) break;
  }
  return { porVenta, errores, totales: totalesDe([]) };
}

function totalesDe(ventas: readonly VentaCalculada[]): TotalesVivos {
  if (ventas.length === 0)
    return { subtotal: CERO, descuento: CERO, impuestos: CERO, total: CERO, ventas: 0 };
  let subtotal = new Decimal(0);
  let descuento = new Decimal(0);
  let impuestos = new Decimal(0);
  let total = new Decimal(0);
  for (const v of ventas) {
    subtotal = subtotal.plus(decimal(v.subtotal));
    descuento = descuento.plus(decimal(v.descuento));
    impuestos = impuestos.plus(decimal(v.impuestos));
    total = total.plus(decimal(v.totalVenta));
  }
  return {
    subtotal: formatear(subtotal, 2),
    descuento: formatear(descuento, 2),
    impuestos: formatear(impuestos, 2),
    total: formatear(total, 2),
    ventas: ventas.length,
  };
}

/** A fresh idempotency key for one stamping attempt. */
export function claveDeIntento(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
