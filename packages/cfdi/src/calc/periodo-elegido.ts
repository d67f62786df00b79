import { PERIODICIDAD } from '../catalogos.ts';
import {
  mesesDePeriodo,
  NOMBRES_MESES,
  nombreDePeriodo,
  periodoGlobal,
  sumarDias,
  type InformacionGlobalDatos,
} from './periodo-global.ts';

/**
 * The period a user chooses for a factura global: a day, a week, a fortnight, a month or a bimester
 * (c_Periodicidad 01–05). RMF rule 2.7.1.21 lets the CFDI global cover the operations of a day, a
 * week, a month or a bimester (the bimester only in régimen 621, CFDI40132), and the catalog adds the
 * fortnight (03). InformacionGlobal carries only Periodicidad, Meses and Año: Meses is "the month the
 * operations belong to" (Guía de llenado del CFDI global, InformacionGlobal/Meses, 01–12 with
 * Periodicidad 01–04, CFDI40134). So a day, week or fortnight always lies in one month: a week is
 * Monday to Sunday, cut at the month's first and last day (a week that straddles two months is two
 * periods, one per month, each with its own Meses); a fortnight is the 1st–15th or the 16th–last day.
 * Pure date arithmetic on AAAA-MM-DD texts.
 */

export interface PeriodoElegido {
  periodicidad: string;
  year: number;
  /** 1–12: the month of the period (for 05, any month of the bimester). */
  month: number;
  /** AAAA-MM-DD, a day inside the period: required with 01, 02 and 03, ignored otherwise. */
  dia?: string | null | undefined;
}

export interface PeriodoCalculado {
  /** First and last day of the period (AAAA-MM-DD). */
  inicio: string;
  fin: string;
  ig: InformacionGlobalDatos;
  /** "Semana del 2 al 8 de marzo de 2026", "Marzo 2026". */
  nombre: string;
}

const DE_DIAS: readonly string[] = [
  PERIODICIDAD.DIARIO,
  PERIODICIDAD.SEMANAL,
  PERIODICIDAD.QUINCENAL,
];

/** Whether the periodicidad is chosen by a day (day, week, fortnight) rather than a month. */
export function periodicidadPorDia(periodicidad: string): boolean {
  return DE_DIAS.includes(periodicidad);
}

const mesDe = (d: string) => NOMBRES_MESES[Number(d.slice(5, 7)) - 1]!.toLowerCase();
const diaDe = (d: string) => Number(d.slice(8, 10));

/** "3 de marzo de 2026". */
export function fechaLarga(d: string): string {
  return `${diaDe(d)} de ${mesDe(d)} de ${d.slice(0, 4)}`;
}

/** 0 Monday … 6 Sunday. */
function diaDeSemana(d: string): number {
  return (new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7;
}

function esFecha(d: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
}

function nombreDeDias(periodicidad: string, inicio: string, fin: string): string {
  if (periodicidad === PERIODICIDAD.DIARIO) return `Día ${fechaLarga(inicio)}`;
  if (periodicidad === PERIODICIDAD.QUINCENAL)
    return `${diaDe(inicio) === 1 ? 'Primera' : 'Segunda'} quincena de ${mesDe(inicio)} de ${inicio.slice(0, 4)}`;
  return `Semana del ${diaDe(inicio)} al ${diaDe(fin)} de ${mesDe(inicio)} de ${inicio.slice(0, 4)}`;
}

/**
 * The first and last day, InformacionGlobal and name of a chosen period, or null when it names none
 * (an unknown periodicidad, or a day missing, invalid or outside the month).
 */
export function periodoElegido(p: PeriodoElegido): PeriodoCalculado | null {
  if (!Number.isInteger(p.month) || p.month < 1 || p.month > 12) return null;
  const ig = {
    Periodicidad: p.periodicidad,
    Meses: mesesDePeriodo(p.periodicidad, p.month),
    Año: String(p.year).padStart(4, '0'),
  };
  const mes = periodoGlobal(ig);
  if (!mes) return null;
  if (p.periodicidad === PERIODICIDAD.MENSUAL || p.periodicidad === PERIODICIDAD.BIMESTRAL)
    return { ...mes, ig, nombre: nombreDePeriodo(ig) };
  if (!periodicidadPorDia(p.periodicidad)) return null;
  const dia = p.dia ?? '';
  if (!esFecha(dia) || dia < mes.inicio || dia > mes.fin) return null;
  let inicio = dia;
  let fin = dia;
  if (p.periodicidad === PERIODICIDAD.SEMANAL) {
    const lunes = sumarDias(dia, -diaDeSemana(dia));
    const domingo = sumarDias(lunes, 6);
    inicio = lunes < mes.inicio ? mes.inicio : lunes;
    fin = domingo > mes.fin ? mes.fin : domingo;
  } else if (p.periodicidad === PERIODICIDAD.QUINCENAL) {
    const quince = `${dia.slice(0, 8)}15`;
    inicio = dia <= quince ? mes.inicio : sumarDias(quince, 1);
    fin = dia <= quince ? quince : mes.fin;
  }
  return { inicio, fin, ig, nombre: nombreDeDias(p.periodicidad, inicio, fin) };
}

/**
 * The periods of a periodicidad inside a month, in order (the choices of the form's period list):
 * each day, each week (cut at the month's ends), the two fortnights, or the month itself.
 */
export function periodosDelMes(periodicidad: string, year: number, month: number) {
  const mes = periodoElegido({ periodicidad: PERIODICIDAD.MENSUAL, year, month });
  if (!mes) return [];
  if (!periodicidadPorDia(periodicidad)) {
    const p = periodoElegido({ periodicidad, year, month });
    return p ? [p] : [];
  }
  const out: PeriodoCalculado[] = [];
  let dia = mes.inicio;
  while (dia <= mes.fin) {
    const p = periodoElegido({ periodicidad, year, month, dia });
    if (!p) break;
    out.push(p);
    dia = sumarDias(p.fin, 1);
  }
  return out;
}

/** Whether two periods share at least one day. */
export function periodosSeTraslapan(
  a: Pick<PeriodoCalculado, 'inicio' | 'fin'>,
  b: Pick<PeriodoCalculado, 'inicio' | 'fin'>,
): boolean {
  return a.inicio <= b.fin && b.inicio <= a.fin;
}
