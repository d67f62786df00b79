import { Decimal, decimal, formatear } from '@repo/cfdi/decimal';
import {
  globalEditable,
  globalViewStatus,
  type FacturaGlobalMes,
  type FacturaGlobalYear,
  type GlobalDelMes,
} from '@repo/contracts/facturas-globales';
import { listYear, yearsWithGlobales, type GlobalListRow } from './facturas-globales.queries.ts';
import { anioActual, statusDe, type Deps } from './facturas-globales.service.ts';
import { periodoDe } from './global-builder.ts';

/** The year list of global invoices: twelve months, each with its global or its globals by period. */

function mesVacio(year: number, month: number): FacturaGlobalMes {
  return {
    month,
    year,
    status: 'unissued',
    view_status: globalViewStatus('unissued', ''),
    id: null,
    editable: false,
    periodicidad: null,
    serie: null,
    folio: null,
    uuid: null,
    fecha: null,
    ventas: 0,
    subtotal: '0.00',
    impuestos: '0.00',
    total: '0.00',
    canceladas: 0,
    por_periodo: [],
  };
}

const rango = (r: GlobalListRow) =>
  r.status === 'pre_factura' ? 1 : r.status === 'cancelada' ? 0 : 2;
const porDia = (r: GlobalListRow) => ['01', '02', '03'].includes(r.periodicidad);

function delPeriodo(r: GlobalListRow, year: number, actual: number): GlobalDelMes {
  const status = statusDe(r.status);
  return {
    id: r.id,
    status,
    view_status: globalViewStatus(status, r.estatus_cancelacion),
    editable: globalEditable(status, year, actual),
    periodicidad: r.periodicidad,
    periodo: periodoDe({ ...r, year, month: r.mes, dia: r.fecha_inicio }).nombre,
    inicio: r.fecha_inicio,
    fin: r.fecha_fin,
    serie: r.serie,
    folio: r.folio,
    ventas: r.ventas,
    total: r.total,
  };
}

/** The month's figures: the chosen global's, or with globals by period the sum of the live ones. */
function cifras(elegida: GlobalListRow, vivas: readonly GlobalListRow[]) {
  if (!porDia(elegida) || vivas.length === 0)
    return {
      ventas: elegida.ventas,
      subtotal: elegida.subtotal,
      impuestos: elegida.impuestos,
      total: elegida.total,
    };
  const suma = (k: 'subtotal' | 'impuestos' | 'total') =>
    formatear(
      vivas.reduce((a, r) => a.plus(decimal(r[k])), new Decimal(0)),
      2,
    );
  return {
    ventas: vivas.reduce((a, r) => a + r.ventas, 0),
    subtotal: suma('subtotal'),
    impuestos: suma('impuestos'),
    total: suma('total'),
  };
}

function mes(rows: readonly GlobalListRow[], year: number, month: number, actual: number) {
  const delMes = rows.filter((r) => r.mes_inicio <= month && month <= r.mes_fin);
  if (delMes.length === 0) return mesVacio(year, month);
  const elegida = delMes.reduce((a, b) => (rango(b) >= rango(a) ? b : a));
  const status = statusDe(elegida.status);
  const porPeriodo = delMes.filter(porDia);
  return {
    month,
    year,
    status,
    view_status: globalViewStatus(status, elegida.estatus_cancelacion),
    id: elegida.id,
    editable: globalEditable(status, year, actual),
    periodicidad: elegida.periodicidad,
    serie: elegida.serie,
    folio: elegida.folio,
    uuid: elegida.uuid,
    fecha: elegida.status === 'pre_factura' ? null : elegida.fecha,
    ...cifras(
      elegida,
      porPeriodo.filter((r) => r.status !== 'cancelada'),
    ),
    canceladas: delMes.filter((r) => r.status === 'cancelada' && r !== elegida).length,
    por_periodo: porPeriodo.map((r) => delPeriodo(r, year, actual)),
  };
}

/**
 * POST /facturacion/V40/facturas-globales/search with the year: its twelve months, each with the
 * global that covers it (stamped or being stamped first, then saved, then the last cancelled) and,
 * when the globals are by day, week or fortnight, every one of them.
 */
export async function globalesDelAnio(
  deps: Deps,
  enterpriseId: number,
  year: number,
): Promise<FacturaGlobalYear> {
  const rows = await listYear(deps.db, enterpriseId, year);
  const actual = await anioActual(deps, enterpriseId);
  const months = Array.from({ length: 12 }, (_, i) => mes(rows, year, i + 1, actual));
  return { year, months };
}

/** GET .../get-years-for-facturas-globales: the years with globals, plus this one and the last. */
export async function yearsForGlobales(deps: Deps, enterpriseId: number): Promise<number[]> {
  const actual = await anioActual(deps, enterpriseId);
  const years = new Set([actual, actual - 1, ...(await yearsWithGlobales(deps.db, enterpriseId))]);
  return [...years].filter((y) => y >= 2019 && y <= actual).sort((a, b) => b - a);
}

/** GET /facturacion/V40/facturas-globales: the current year's months. */
export async function globalesActuales(deps: Deps, enterpriseId: number) {
  return globalesDelAnio(deps, enterpriseId, await anioActual(deps, enterpriseId));
}
