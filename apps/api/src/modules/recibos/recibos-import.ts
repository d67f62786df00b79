import {
  COLUMNAS_RECIBOS,
  COLUMNAS_RECIBOS_OBLIGATORIAS,
  IMPORT_RECIBOS_MENSAJES as M,
  MAX_IMPORT_RECIBOS_FILAS,
  type ColumnaRecibo,
  type ReciboImportResponse,
} from '@repo/contracts/recibos-importacion';
import { ReciboPartidaRequest, type ReciboRequest } from '@repo/contracts/recibos';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { filasDeArchivo, type Fila } from '../facturas-globales/ventas-archivo.ts';
import {
  findByDescription,
  findByInternalCode,
  findProductServices,
} from '../products-services/products-services.queries.ts';
import { getRubros } from '../rubros-impuestos/rubros-impuestos.service.ts';
import { buscarPorReferencia, insertarRecibo, type NuevoRecibo } from './recibos.queries.ts';
import { dosDecimales, prepararRecibo, type RecibosDeps } from './recibos.service.ts';

/**
 * Receipts from a spreadsheet (xlsx or CSV, read by the reader of the global invoice's sales): one
 * row per line, the rows of one Ticket one receipt, a row without Ticket a receipt of its own.
 * Every row is checked first; one error anywhere and nothing is recorded.
 */

type Celdas = Record<ColumnaRecibo, string>;
interface Linea {
  fila: number;
  celdas: Celdas;
}

const normalizar = (t: string) =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\*/g, '')
    .trim()
    .toLowerCase();

/** The rows under the header, by column name (the header's order, accents and case ignored). */
function conEncabezado(filas: readonly Fila[]): Linea[] {
  const encabezado = (filas[0]?.valores ?? []).map(normalizar);
  const pos = new Map(COLUMNAS_RECIBOS.map((c) => [c, encabezado.indexOf(normalizar(c))]));
  const faltan = COLUMNAS_RECIBOS_OBLIGATORIAS.filter((c) => pos.get(c)! < 0);
  if (faltan.length > 0) throw new AppError('VALIDATION', M.missingColumns(faltan));
  const lineas: Linea[] = [];
  for (const f of filas.slice(1)) {
    const celdas = Object.fromEntries(
      COLUMNAS_RECIBOS.map((c) => [c, (f.valores[pos.get(c)!] ?? '').trim()]),
    ) as Celdas;
    if (Object.values(celdas).every((v) => v === '')) continue;
    lineas.push({ fila: f.fila, celdas });
  }
  if (lineas.length === 0) throw new AppError('VALIDATION', M.noRows);
  if (lineas.length > MAX_IMPORT_RECIBOS_FILAS) throw new AppError('VALIDATION', M.tooManyRows);
  return lineas;
}

const CANTIDAD = /^(?=.*[1-9])\d{1,12}(\.\d{1,6})?$/;
const sinFormato = (v: string) => v.replace(/[$,\s]/g, '');

interface Catalogo {
  productos: Map<string, { id: number; precio: string; grupo: number } | null>;
  grupos: Map<string, RubroImpuestoResponse>;
  gruposPorId: Map<number, RubroImpuestoResponse>;
}

async function catalogoDe(deps: RecibosDeps, enterpriseId: number, lineas: readonly Linea[]) {
  const rubros = await getRubros(deps.db, enterpriseId);
  const cat: Catalogo = {
    productos: new Map(),
    grupos: new Map(rubros.map((r) => [normalizar(r.name), r])),
    gruposPorId: new Map(rubros.map((r) => [r.id, r])),
  };
  const textos = new Set(lineas.map((l) => l.celdas.Producto).filter((t) => t !== ''));
  const ids = new Map<string, number>();
  for (const t of textos) {
    const hallado =
      (await findByInternalCode(deps.db, enterpriseId, t, null)) ??
      (await findByDescription(deps.db, enterpriseId, t, null));
    if (hallado) ids.set(t, hallado.id);
  }
  const productos = await findProductServices(deps.db, enterpriseId, [...new Set(ids.values())]);
  const porId = new Map(productos.map((p) => [p.id, p]));
  for (const t of textos) {
    const p = porId.get(ids.get(t) ?? 0);
    cat.productos.set(t, p ? { id: p.id, precio: p.unity_price, grupo: p.taxesGroup } : null);
  }
  return cat;
}

/** One row as a receipt's line, or the errors of its cells. */
function linea(l: Linea, cat: Catalogo, deps: RecibosDeps, errores: string[]) {
  const c = l.celdas;
  const error = (col: ColumnaRecibo, msg: string) => errores.push(M.celda(l.fila, col, msg));
  const antes = errores.length;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(c.Fecha) || Number.isNaN(Date.parse(`${c.Fecha}T00:00:00Z`)))
    error('Fecha', M.fecha);
  const forma = c['Forma de pago'].split(/\s+/)[0]?.padStart(2, '0') ?? '';
  if (forma === '99') error('Forma de pago', M.formaPago99);
  else if (!/^\d{2}$/.test(forma) || !deps.catalogos.formasPago.vigente(forma, c.Fecha || '9999'))
    error('Forma de pago', M.formaPago);
  if (c.Ticket.length > 100) error('Ticket', M.ticketLargo);
  const producto = c.Producto === '' ? null : cat.productos.get(c.Producto);
  if (c.Producto === '') error('Producto', M.productoVacio);
  else if (!producto) error('Producto', M.producto(c.Producto));
  const cantidad = sinFormato(c.Cantidad);
  if (!CANTIDAD.test(cantidad)) error('Cantidad', M.cantidad);
  const precio = c['Precio unitario'] === '' ? producto?.precio : sinFormato(c['Precio unitario']);
  if (c['Precio unitario'] !== '' && !CANTIDAD.test(precio ?? ''))
    error('Precio unitario', M.precio);
  const textoGrupo = c['Grupo de impuestos'];
  const grupo =
    textoGrupo === ''
      ? cat.gruposPorId.get(producto?.grupo ?? 0)
      : cat.grupos.get(normalizar(textoGrupo));
  if (textoGrupo !== '' && !grupo) error('Grupo de impuestos', M.grupo(textoGrupo));
  else if (grupo && grupo.impuestos_retenidos.some((i) => i.selected))
    error('Grupo de impuestos', M.grupoConRetenciones(grupo.name));
  if (errores.length > antes || !producto || !grupo || !precio) return null;
  return {
    forma,
    partida: ReciboPartidaRequest.parse({
      product_service_id: producto.id,
      cantidad,
      precio_unitario: precio,
      impuestos_trasladados: grupo.impuestos_trasladados.filter((i) => i.selected).map((i) => i.id),
    }),
  };
}

interface Recibo {
  fila: number;
  request: ReciboRequest;
}

/** The rows grouped by Ticket into receipts' requests, every error named by row and column. */
function agrupar(lineas: readonly Linea[], cat: Catalogo, deps: RecibosDeps, errores: string[]) {
  const recibos: Recibo[] = [];
  const porTicket = new Map<string, Recibo>();
  for (const l of lineas) {
    const r = linea(l, cat, deps, errores);
    const ticket = l.celdas.Ticket;
    const previo = ticket ? porTicket.get(ticket) : undefined;
    if (previo) {
      for (const col of ['Fecha', 'Forma de pago'] as const) {
        const delPrevio = col === 'Fecha' ? previo.request.fecha : previo.request.forma_pago;
        const propio = col === 'Fecha' ? l.celdas.Fecha : r?.forma;
        if (r && delPrevio !== propio)
          errores.push(M.celda(l.fila, col, M.distintoDelTicket(col, ticket)));
      }
      if (r) previo.request.partidas.push(r.partida);
      if (previo.request.partidas.length > 200)
        errores.push(M.fila(l.fila, M.demasiadasPartidas(ticket)));
      continue;
    }
    const nuevo: Recibo = {
      fila: l.fila,
      request: {
        referencia: ticket || null,
        fecha: l.celdas.Fecha,
        forma_pago: r?.forma ?? '',
        partidas: r ? [r.partida] : [],
      },
    };
    recibos.push(nuevo);
    if (ticket) porTicket.set(ticket, nuevo);
  }
  return recibos;
}

/** An AppError of one receipt's computation as messages of its first row. */
function mensajesDe(error: unknown, fila: number): string[] {
  if (!(error instanceof AppError)) throw error;
  const data = error.dataError;
  if (typeof data === 'string') return [M.fila(fila, data)];
  return Object.entries(data).flatMap(([campo, textos]) =>
    textos.map((t) => (campo === 'fecha' ? M.celda(fila, 'Fecha', t) : M.fila(fila, t))),
  );
}

/** POST /recibos/{enterpriseId}/importar: every receipt of the file, or none. */
export async function importarRecibos(
  deps: RecibosDeps,
  enterpriseId: number,
  archivo: { name: string; data: Buffer },
): Promise<ReciboImportResponse> {
  const lineas = conEncabezado(await filasDeArchivo(archivo));
  const cat = await catalogoDe(deps, enterpriseId, lineas);
  const errores: string[] = [];
  const recibos = agrupar(lineas, cat, deps, errores);
  const nuevos: NuevoRecibo[] = [];
  for (const r of recibos) {
    if (r.request.referencia) {
      const previo = await buscarPorReferencia(deps.db, enterpriseId, r.request.referencia);
      if (previo) {
        errores.push(
          M.celda(r.fila, 'Ticket', M.ticketRegistrado(r.request.referencia, previo.folio)),
        );
        continue;
      }
    }
    if (errores.length > 0) continue;
    try {
      nuevos.push(await prepararRecibo(deps, enterpriseId, r.request));
    } catch (error) {
      errores.push(...mensajesDe(error, r.fila));
    }
  }
  if (errores.length > 0) throw new AppError('VALIDATION', { archivo: [M.ninguno, ...errores] });
  const folios = await withTransaction(deps.db, async (tx) => {
    const out: ReciboImportResponse['recibos'] = [];
    for (const n of nuevos) {
      const { folio } = await insertarRecibo(tx, enterpriseId, n);
      out.push({ folio, referencia: n.referencia, total: dosDecimales(n.total) });
    }
    return out;
  });
  return { importados: folios.length, recibos: folios };
}
