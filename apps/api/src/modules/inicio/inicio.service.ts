import type { ResumenInicio } from '@repo/contracts/inicio';
import type { Db } from '../../db/client.ts';
import { anticiposSinAplicar } from '../anticipos/anticipos.queries.ts';
import { pendientes, recientes, totalesPorMes } from './inicio.queries.ts';

/** `AAAA-MM` of a moment in Mexico City, where the CFDI Fecha of our users is written. */
function mesEnMexico(now: Date): { anio: number; mes: number } {
  const [anio, mes] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Mexico_City',
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number);
  return { anio: anio ?? now.getUTCFullYear(), mes: mes ?? now.getUTCMonth() + 1 };
}

/** The twelve `AAAA-MM` ending at the month of `now`, oldest first. */
export function ultimosDoceMeses(now: Date): string[] {
  const { anio, mes } = mesEnMexico(now);
  return Array.from({ length: 12 }, (_, i) => {
    const k = anio * 12 + (mes - 1) - (11 - i);
    return `${String(Math.floor(k / 12))}-${String((k % 12) + 1).padStart(2, '0')}`;
  });
}

/**
 * The home screen's figures: twelve months invoiced, PPD still owed, advances not applied yet,
 * cancellations, the latest.
 */
export async function resumenInicio(
  db: Db,
  enterpriseId: number,
  now: Date,
): Promise<ResumenInicio> {
  const meses = ultimosDoceMeses(now);
  const [porMes, pend, ultimos, anticipos] = await Promise.all([
    totalesPorMes(db, enterpriseId, meses[0] ?? ''),
    pendientes(db, enterpriseId),
    recientes(db, enterpriseId, 5),
    anticiposSinAplicar(db, enterpriseId),
  ]);
  const de = new Map(porMes.map((r) => [r.mes, r]));
  return {
    meses: meses.map((mes) => ({
      mes,
      total: de.get(mes)?.total ?? '0.00',
      facturas: Number(de.get(mes)?.facturas ?? 0),
    })),
    por_cobrar: { total: pend.por_cobrar, facturas: Number(pend.facturas_ppd) },
    anticipos_sin_aplicar: {
      total: anticipos.total,
      anticipos: Number(anticipos.anticipos),
    },
    cancelaciones_en_proceso: Number(pend.en_proceso),
    recientes: ultimos.map((r) => ({
      ...r,
      id: Number(r.id),
      folio: r.folio === null ? null : Number(r.folio),
    })),
  };
}
