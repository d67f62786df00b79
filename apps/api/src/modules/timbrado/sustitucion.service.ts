import { comoSustitutoDe } from '@repo/cfdi/xml';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';
import { AppError } from '../../http/errors.ts';
import { pagosEnVigor } from '../comprobantes/pagos-en-vigor.queries.ts';
import { cancelarDocumento } from './cancelacion.service.ts';
import type { TipoDocumento } from './emision.ts';
import {
  devolverPeriodo,
  findPendienteDeOriginal,
  insertSustitucion,
  marcarSustitucion,
  reclamarSustitucion,
  type SustitucionRow,
} from './sustitucion.queries.ts';
import { findComprobante, type ComprobanteRow } from './timbrado.queries.ts';
import { COMPROBANTE_NO_EXISTE, type TimbradoDeps } from './timbrado.service.ts';

/**
 * "Sustituir" in one user action, for every document type (issue 25): the substitute is stamped
 * through the shared lifecycle with CfdiRelacionados 04 to the original's UUID, and the pending
 * substitution is stored in the transaction that seals it (migration 0037); once the PAC stamps
 * it, the original is cancelled with motivo 01 and FolioSustitucion = the substitute's UUID
 * (cfdi40-rules.md 9.1). The original is never cancelled unless its substitute is stamped: a
 * failure between the two steps leaves the substitution 'pendiente', which the recovery job
 * (recuperacion.ts) and the screen's retry complete.
 */

export const SOLO_TIMBRADO_SUSTITUIR = 'Solo se puede sustituir un comprobante timbrado y vigente.';
export const CANCELACION_EN_PROCESO_SUSTITUIR =
  'La cancelación de este comprobante ya está en proceso ante el SAT; no se puede sustituir.';
export const SUSTITUTO_OTRO_TIPO =
  'El sustituto debe ser del mismo tipo de comprobante y serie que el original.';
export const SIN_SUSTITUCION_PENDIENTE =
  'Este comprobante no tiene una cancelación por sustitución pendiente.';
export function yaTieneSustituto(folio: string): string {
  return `Este comprobante ya tiene un sustituto (${folio}) y su cancelación está pendiente. Reintente esa cancelación desde el detalle en lugar de timbrar otro sustituto.`;
}
export function conPagosVigentes(pagos: readonly string[]): string {
  return `El comprobante tiene complementos de pago vigentes: ${pagos.join(', ')}. Primero cancele esos complementos de pago; después podrá sustituirlo. No se timbró nada.`;
}

/** Until this long after sealing, the substitution belongs to the request that stamps it. */
const ESPERA_PRIMER_INTENTO_MS = 2 * 60_000;
/** A claim holds a substitution this long: longer than any PAC call. */
const RECLAMO_MS = 5 * 60_000;

const nombre = (c: { serie: string; folio: number | null }) =>
  [c.serie, c.folio].filter((x) => x !== null && x !== '').join('-');

/** The original as it must be to be substituted; the Spanish reason otherwise (nothing stamped). */
export async function originalSustituible(
  deps: Pick<TimbradoDeps, 'db'>,
  enterpriseId: number,
  originalId: number,
): Promise<ComprobanteRow & { uuid: string }> {
  const original = await findComprobante(deps.db, enterpriseId, originalId);
  if (!original || original.status === 'pre_factura')
    throw new AppError('NOT_FOUND', COMPROBANTE_NO_EXISTE);
  if (original.status !== 'timbrada' || !original.uuid)
    throw new AppError('CONFLICT', SOLO_TIMBRADO_SUSTITUIR);
  if (original.estatus_cancelacion === 'En proceso')
    throw new AppError('CONFLICT', CANCELACION_EN_PROCESO_SUSTITUIR);
  const pendiente = await findPendienteDeOriginal(deps.db, enterpriseId, originalId);
  if (pendiente) {
    const s = await findComprobante(deps.db, enterpriseId, pendiente.sustituto_id);
    throw new AppError(
      'CONFLICT',
      yaTieneSustituto(s ? nombre(s) : String(pendiente.sustituto_id)),
    );
  }
  // A PPD invoice that payments in force relate is "No cancelable" (cfdi40-rules.md 9.4): its
  // substitute would be stamped for nothing.
  const pagos = await pagosEnVigor(deps.db, enterpriseId, [originalId]);
  if (pagos.length > 0)
    throw new AppError(
      'CONFLICT',
      conPagosVigentes(
        pagos.map((p) => (p.uuid ? `${nombre(p)} (UUID ${p.uuid.toUpperCase()})` : nombre(p))),
      ),
    );
  return { ...original, uuid: original.uuid };
}

async function kindDeSerie(db: Db, enterpriseId: number, serieId: number) {
  const rows = rowsOf<{ kind: string }>(
    await db.execute(
      sql`select kind from series where enterprise_id = ${enterpriseId} and id = ${serieId}`,
    ),
  );
  return rows[0]?.kind ?? null;
}

/**
 * The type's plug-in as the substitute of `original`: its own context, rules and builder, with
 * relation 04 added to what it builds (so the engine's rules and the PAC see it), and the pending
 * substitution stored beside its draft in the sealing transaction.
 */
export function comoSustituto<Draft, Ctx extends { serie: { id: number } }>(
  deps: Pick<TimbradoDeps, 'db' | 'now'>,
  tipo: TipoDocumento<Draft, Ctx>,
  original: ComprobanteRow & { uuid: string },
): TipoDocumento<Draft, Ctx> {
  const { buscarSelladoIgual: _, ...resto } = tipo;
  return {
    ...resto,
    cargarContexto: async (enterpriseId, draft, opciones) => {
      const ctx = await tipo.cargarContexto(enterpriseId, draft, opciones);
      const kind = await kindDeSerie(deps.db, enterpriseId, ctx.serie.id);
      if (kind !== original.serie_kind) throw new AppError('CONFLICT', SUSTITUTO_OTRO_TIPO);
      return ctx;
    },
    validar: async (ctx, draft, instante) =>
      comoSustitutoDe(await tipo.validar(ctx, draft, instante), original.uuid),
    construir: (ctx, draft, sf) => comoSustitutoDe(tipo.construir(ctx, draft, sf), original.uuid),
    guardarDraft: async (tx, enterpriseId, sellado, draft, previa, ctx) => {
      await tipo.guardarDraft(tx, enterpriseId, sellado, draft, previa, ctx);
      const primerIntento = new Date(deps.now().getTime() + ESPERA_PRIMER_INTENTO_MS);
      await insertSustitucion(tx, enterpriseId, sellado.id, original.id, primerIntento);
    },
  };
}

function mensajeDeError(err: unknown): string {
  if (err instanceof AppError) {
    return typeof err.dataError === 'string'
      ? err.dataError
      : Object.values(err.dataError).flat().join(' ');
  }
  return err instanceof Error ? err.message : String(err);
}

/** The wait after `intentos` failed attempts: 1, 2, 4… minutes, 30 at most. */
function espera(intentos: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, Math.min(intentos - 1, 30)), 30 * 60_000);
}

/**
 * One attempt of a claimed substitution: the original cancelled with motivo 01 and the
 * substitute's UUID only when the substitute is stamped; abandoned when the substitute was
 * rejected or cancelled (the original stays in force); else still pending with the reason.
 */
async function intentar(deps: TimbradoDeps, s: SustitucionRow): Promise<SustitucionRow> {
  const sustituto = await findComprobante(deps.db, s.enterprise_id, s.sustituto_id);
  const original = await findComprobante(deps.db, s.enterprise_id, s.original_id);
  if (!sustituto || !original) return s;
  if (sustituto.status === 'rechazada' || sustituto.status === 'cancelada') {
    await marcarSustitucion(deps.db, s, { estado: 'abandonada' });
    await devolverPeriodo(deps.db, s);
    return { ...s, estado: 'abandonada' };
  }
  if (sustituto.status !== 'timbrada' || !sustituto.uuid) return s;
  if (original.status === 'cancelada' || original.motivo_cancelacion === '01') {
    await marcarSustitucion(deps.db, s, { estado: 'solicitada' });
    return { ...s, estado: 'solicitada', ultimo_error: '' };
  }
  try {
    await cancelarDocumento(deps, {
      enterpriseId: s.enterprise_id,
      documento: original,
      motivo: '01',
      folioSustitucion: sustituto.uuid,
      mensajes: {
        yaCancelado: 'El comprobante original ya está cancelado.',
        soloTimbrado: SOLO_TIMBRADO_SUSTITUIR,
        sinSustituto: 'El sustituto no está timbrado o no relaciona al original con el tipo 04.',
      },
    });
    await marcarSustitucion(deps.db, s, { estado: 'solicitada' });
    return { ...s, estado: 'solicitada', ultimo_error: '' };
  } catch (err) {
    const ultimo_error = mensajeDeError(err);
    const siguiente = new Date(deps.now().getTime() + espera(s.intentos));
    await marcarSustitucion(deps.db, s, { estado: 'pendiente', ultimo_error, siguiente });
    return { ...s, ultimo_error };
  }
}

/**
 * The original's cancellation of the substitute `sustitutoId`, now (right after stamping it, or the
 * screen's "Reintentar"). Null when no pending substitution of it can be claimed (done, or another
 * process holds it).
 */
export async function completarSustitucion(
  deps: TimbradoDeps,
  enterpriseId: number,
  sustitutoId: number,
): Promise<SustitucionRow | null> {
  const ahora = deps.now();
  const s = await reclamarSustitucion(deps.db, ahora, new Date(ahora.getTime() + RECLAMO_MS), {
    enterpriseId,
    sustitutoId,
  });
  return s ? intentar(deps, s) : null;
}

/** The recovery job's part: every due pending substitution (up to `limite`); how many it tried. */
export async function pasadaDeSustituciones(
  deps: TimbradoDeps,
  limite: number,
  detenida: () => boolean = () => false,
): Promise<number> {
  let n = 0;
  while (!detenida() && n < limite) {
    const ahora = deps.now();
    const s = await reclamarSustitucion(deps.db, ahora, new Date(ahora.getTime() + RECLAMO_MS));
    if (!s) break;
    n += 1;
    await intentar(deps, s);
  }
  return n;
}
