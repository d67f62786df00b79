import { randomBytes } from 'node:crypto';
import { calcularComprobante } from '@repo/cfdi/calc';
import type { Partida } from '@repo/contracts/facturas';
import { RECIBO_MENSAJES, type ReciboRequest, type ReciboResponse } from '@repo/contracts/recibos';
import type { AppDeps } from '../../deps.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { findDatosFiscales } from '../datos-fiscales/datos-fiscales.queries.ts';
import { conceptoDraft, type ContextoFactura } from '../facturas/factura-builder.ts';
import { cargarDatos } from '../facturas/factura-tipo.ts';
import { diaLocal } from '../timbrado/fecha-comprobante.ts';
import {
  asegurarPortal,
  buscarPorReferencia,
  buscarRecibo,
  insertarRecibo,
  type NuevoRecibo,
  type PortalRow,
  type ReciboRow,
} from './recibos.queries.ts';

export type RecibosDeps = Pick<AppDeps, 'db' | 'secret' | 'now' | 'pac' | 'catalogos' | 'config'>;

/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed from paper is not mistaken. */
const ALFABETO = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function codigoAleatorio(largo: number): string {
  const bytes = randomBytes(largo);
  return Array.from(bytes, (b) => ALFABETO[b % 32]).join('');
}

/** What a customer types, as stored: capitals, no spaces or dashes, O as 0 and I or L as 1. */
export function normalizarCodigo(codigo: string): string {
  return codigo.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** The receipt's lines as an invoice's partidas (no withholdings, no local taxes). */
export function partidasDeFactura(partidas: ReciboRequest['partidas']): Partida[] {
  return partidas.map((p) => ({
    ...p,
    clave_unidad: null,
    cuenta_predial: '',
    impuestos_retenidos: [],
    impuestos_locales_trasladados: [],
    impuestos_locales_retenidos: [],
  }));
}

/**
 * The amounts of a receipt, by the engine that computes the invoice it becomes (the customer's
 * invoice carries exactly this total), and the emisor's time zone; a product or tax that is not the
 * enterprise's is refused on its line.
 */
async function calcular(deps: RecibosDeps, enterpriseId: number, request: ReciboRequest) {
  const partidas = partidasDeFactura(request.partidas);
  const { ctx, errores } = await cargarDatos(deps, enterpriseId, {
    client_id: 0,
    serie_id: 0,
    fecha: null,
    forma_pago: request.forma_pago,
    metodo_pago: 'PUE',
    uso_cfdi: 'S01',
    moneda: 'MXN',
    tipo_cambio: null,
    condiciones_pago: null,
    exportacion: '01',
    cfdi_relacionados: [],
    informacion_global: null,
    partidas,
  });
  const deLineas = Object.fromEntries(
    Object.entries(errores).filter(([campo]) => campo.startsWith('partidas.')),
  );
  if (Object.keys(deLineas).length > 0) throw new AppError('VALIDATION', deLineas);
  const contexto = ctx as unknown as ContextoFactura;
  const r = calcularComprobante({
    moneda: 'MXN',
    conceptos: partidas.map((p) => conceptoDraft(contexto, p)),
  });
  if (!r.ok) {
    throw new AppError('VALIDATION', {
      partidas: r.errores.map((e) => e.message),
    });
  }
  return { calculo: r.totales, zona: ctx.zona };
}

/** Days back a receipt typed or imported may be dated. */
const DIAS_ATRAS = 365;

/**
 * The instant of a sale of day `fecha` (the emisor's calendar): now for today (or no day), else
 * 18:00 UTC of that day, which is midday in every Mexican zone (UTC-5 to UTC-8) and so that day
 * there. A day after today or more than a year back is refused, with the reason.
 */
function instanteDeVenta(
  fecha: string | null,
  zona: string,
  ahora: Date,
): { instante: Date } | { error: 'futura' | 'antigua' } {
  const hoy = diaLocal(ahora, zona);
  if (fecha === null || fecha === hoy) return { instante: ahora };
  if (fecha > hoy) return { error: 'futura' };
  const limite = new Date(`${hoy}T00:00:00Z`);
  limite.setUTCDate(limite.getUTCDate() - DIAS_ATRAS);
  if (fecha < limite.toISOString().slice(0, 10)) return { error: 'antigua' };
  return { instante: new Date(`${fecha}T18:00:00Z`) };
}

/** A receipt's row ready to insert: its amounts computed and its day checked. */
export async function prepararRecibo(
  deps: RecibosDeps,
  enterpriseId: number,
  request: ReciboRequest,
): Promise<NuevoRecibo> {
  const { calculo, zona } = await calcular(deps, enterpriseId, request);
  const dia = instanteDeVenta(request.fecha, zona, deps.now());
  if ('error' in dia) {
    const mensaje =
      dia.error === 'futura' ? RECIBO_MENSAJES.fechaFutura : RECIBO_MENSAJES.fechaAntigua;
    throw new AppError('VALIDATION', { fecha: [mensaje] });
  }
  return {
    codigo: codigoAleatorio(12),
    referencia: request.referencia,
    fecha: dia.instante,
    forma_pago: request.forma_pago,
    partidas: request.partidas,
    subtotal: calculo.SubTotal,
    descuento: calculo.Descuento ?? '0.00',
    impuestos: calculo.Impuestos?.TotalImpuestosTrasladados ?? '0.00',
    total: calculo.Total,
  };
}

/** POST /recibos/{enterpriseId}: a sale recorded; the same referencia answers the same receipt. */
export async function crearRecibo(
  deps: RecibosDeps,
  enterpriseId: number,
  request: ReciboRequest,
): Promise<ReciboResponse> {
  if (request.referencia) {
    const previo = await buscarPorReferencia(deps.db, enterpriseId, request.referencia);
    if (previo) return respuestaDe(deps, enterpriseId, previo);
  }
  const nuevo = await prepararRecibo(deps, enterpriseId, request);
  const id = await withTransaction(
    deps.db,
    async (tx) => (await insertarRecibo(tx, enterpriseId, nuevo)).id,
  ).catch(async (error: unknown) => {
    // The same referencia from two requests at once: the unique index decides; answer the winner.
    const previo = request.referencia
      ? await buscarPorReferencia(deps.db, enterpriseId, request.referencia)
      : null;
    if (previo) return previo.id;
    throw error;
  });
  const row = await buscarRecibo(deps.db, enterpriseId, id);
  if (!row) throw new AppError('NOT_FOUND', RECIBO_MENSAJES.noExiste);
  return respuestaDe(deps, enterpriseId, row);
}

export async function portalDe(deps: Pick<RecibosDeps, 'db'>, enterpriseId: number) {
  return asegurarPortal(deps.db, enterpriseId, codigoAleatorio(10).toLowerCase());
}

export function urlPortal(deps: Pick<RecibosDeps, 'config'>, slug: string, codigo?: string) {
  const base = `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}/facturar/${slug}`;
  return codigo ? `${base}?codigo=${codigo}` : base;
}

/** The last day (AAAA-MM-DD, in the emisor's zone) a receipt may be invoiced on the portal. */
export function facturableHasta(fecha: Date, zona: string, dias: number | null): string {
  const dia = diaLocal(fecha, zona);
  const [anio, mes] = dia.split('-').map(Number) as [number, number];
  const finDeMes = new Date(Date.UTC(anio, mes, 0)).toISOString().slice(0, 10);
  if (dias === null) return finDeMes;
  const limite = new Date(`${dia}T00:00:00Z`);
  limite.setUTCDate(limite.getUTCDate() + dias);
  const hasta = limite.toISOString().slice(0, 10);
  return hasta < finDeMes ? hasta : finDeMes;
}

export function respuestaConPortal(
  deps: Pick<RecibosDeps, 'config'>,
  row: ReciboRow,
  portal: PortalRow,
  zona: string,
): ReciboResponse {
  return {
    id: row.id,
    folio: row.folio,
    codigo: row.codigo,
    referencia: row.referencia,
    fecha: row.fecha,
    forma_pago: row.forma_pago,
    subtotal: dosDecimales(row.subtotal),
    descuento: dosDecimales(row.descuento),
    impuestos: dosDecimales(row.impuestos),
    total: dosDecimales(row.total),
    estado: row.estado,
    factura:
      row.comprobante_id === null
        ? null
        : {
            id: row.comprobante_id,
            uuid: row.uuid,
            serie_folio: `${row.serie ?? ''}${row.folio_factura ?? ''}`,
          },
    global:
      row.global_id === null
        ? null
        : {
            id: row.global_id,
            serie_folio: `${row.global_serie ?? ''}-${row.global_folio ?? ''}`,
          },
    facturable_hasta: facturableHasta(new Date(row.fecha), zona, portal.dias),
    url_portal: urlPortal(deps, portal.slug, row.codigo),
  };
}

export async function respuestaDe(
  deps: RecibosDeps,
  enterpriseId: number,
  row: ReciboRow,
): Promise<ReciboResponse> {
  const [portal, zona] = await Promise.all([
    portalDe(deps, enterpriseId),
    zonaDe(deps, enterpriseId),
  ]);
  return respuestaConPortal(deps, row, portal, zona);
}

export async function zonaDe(deps: Pick<RecibosDeps, 'db' | 'catalogos'>, enterpriseId: number) {
  const datos = await findDatosFiscales(deps.db, enterpriseId);
  return (
    deps.catalogos.codigosPostales.zonaHoraria(datos?.codigo_postal ?? '') ?? 'America/Mexico_City'
  );
}

/** numeric(24,6) as money text with its 2 decimals (MXN amounts are computed with 2). */
export function dosDecimales(v: string): string {
  const [entero, fraccion = ''] = v.split('.');
  return `${entero}.${(fraccion + '00').slice(0, 2)}`;
}
