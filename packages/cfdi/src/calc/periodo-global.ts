import { PERIODICIDAD } from '../catalogos.ts';

/**
 * The period a factura global covers (rules 8.3, 8.4) and the dates the SAT allows for it. Pure date
 * arithmetic on AAAA-MM-DD texts, no time zones: Fecha is already the local time of LugarExpedicion.
 */

export interface InformacionGlobalDatos {
  Periodicidad: string;
  Meses: string;
  Año: string;
}

/** c_Meses 13–18: the bimesters of the RIF (13 Enero-Febrero … 18 Noviembre-Diciembre). */
export const BIMESTRES = {
  '13': 'Enero-Febrero',
  '14': 'Marzo-Abril',
  '15': 'Mayo-Junio',
  '16': 'Julio-Agosto',
  '17': 'Septiembre-Octubre',
  '18': 'Noviembre-Diciembre',
} as const;

export const NOMBRES_MESES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;

/** c_Meses of a month (1–12) for a periodicidad: the month itself, or its bimester for 05. */
export function mesesDePeriodo(periodicidad: string, mes: number): string {
  if (periodicidad === PERIODICIDAD.BIMESTRAL) return String(13 + Math.floor((mes - 1) / 2));
  return String(mes).padStart(2, '0');
}

const dia = (anio: number, mes: number, d: number) =>
  `${String(anio).padStart(4, '0')}-${String(mes).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

function ultimoDia(anio: number, mes: number): number {
  return new Date(Date.UTC(anio, mes, 0)).getUTCDate();
}

/**
 * First and last day (AAAA-MM-DD) of the months an InformacionGlobal covers, or null when Meses and
 * Año do not name a period (the validator reports those with their SAT codes).
 */
export function periodoGlobal(ig: InformacionGlobalDatos): { inicio: string; fin: string } | null {
  const anio = Number.parseInt(ig.Año, 10);
  const meses = Number.parseInt(ig.Meses, 10);
  if (!/^[0-9]{4}$/.test(ig.Año) || !/^[0-9]{2}$/.test(ig.Meses)) return null;
  let desde: number;
  let hasta: number;
  if (meses >= 1 && meses <= 12) desde = hasta = meses;
  else if (meses >= 13 && meses <= 18) {
    desde = (meses - 13) * 2 + 1;
    hasta = desde + 1;
  } else return null;
  return { inicio: dia(anio, desde, 1), fin: dia(anio, hasta, ultimoDia(anio, hasta)) };
}

/** AAAA-MM-DD plus n days. */
export function sumarDias(fecha: string, n: number): string {
  const t = Date.parse(`${fecha.slice(0, 10)}T00:00:00Z`) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/**
 * Rules 8.4: the global is due within 24 hours after its period closes, i.e. by the end of the day
 * after its last day. Answers that day (AAAA-MM-DD), or null without a valid period.
 */
export function limiteDeEmision(ig: InformacionGlobalDatos): string | null {
  const p = periodoGlobal(ig);
  return p ? sumarDias(p.fin, 1) : null;
}

/** Whether a global issued on `fecha` (AAAA-MM-DD…) is later than rules 8.4 ask (a warning). */
export function emisionTardia(ig: InformacionGlobalDatos, fecha: string): boolean {
  const limite = limiteDeEmision(ig);
  return limite !== null && fecha.slice(0, 10) > limite;
}

/** "Marzo 2026", "Bimestre Enero-Febrero 2026": the period as a person reads it. */
export function nombreDePeriodo(ig: InformacionGlobalDatos): string {
  const m = Number.parseInt(ig.Meses, 10);
  if (m >= 1 && m <= 12) return `${NOMBRES_MESES[m - 1]} ${ig.Año}`;
  const b = BIMESTRES[ig.Meses as keyof typeof BIMESTRES];
  return b ? `Bimestre ${b} ${ig.Año}` : `${ig.Meses}/${ig.Año}`;
}
