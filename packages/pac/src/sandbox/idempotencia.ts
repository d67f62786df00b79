/**
 * Stamping once (rules 10.2 B, 10.4): a CFDI sent again is answered with its first stamp (307), a
 * different CFDI under a caller key that already has a stamp is CFDI3307, and concurrent sends of one
 * CFDI keep one UUID (the store is atomic on the hash). Also the scripted failures of tests.
 */
import { createHash } from 'node:crypto';
import { medir } from '@repo/cfdi/fases';
import { mensajePac, PacNoDisponibleError } from '../errors.ts';
import type { Timbre } from '../pac.ts';
import type { FallaSandbox } from './opciones.ts';
import { duplicado, respuestaTimbre } from './respuestas.ts';
import type { SandboxStore, TimbreGuardado } from './store.ts';
import type { Leido } from './verificacion.ts';

/** What the once-only flow needs from the sandbox. */
export interface Timbrador {
  readonly store: SandboxStore;
  /** Failures queued by tests; taken one per stamp that passes the checks. */
  readonly fallas: FallaSandbox[];
  noCertificadoSAT(): string;
  /** A5 to I, then the TFD signed: the new stamp, not yet stored. */
  verificarYFirmar(
    text: string,
    leido: Leido,
    hash: string,
    key: string,
    mismaLlave: () => Promise<TimbreGuardado | undefined>,
  ): Promise<TimbreGuardado>;
}

/** The sandbox's idempotency hash: SHA-256 of the cadena, a newline and the Sello. */
function hashDe(leido: Exclude<Leido, Error>): string {
  return createHash('sha256')
    .update(leido.cadena, 'utf8')
    .update('\n')
    .update(leido.c.Sello ?? '')
    .digest('hex');
}

/**
 * B to J for a CFDI without a TFD. A document stamped before was schema-valid then, so its stamp is
 * answered whatever the checks say today. With a store that saves "unless stamped" in one statement
 * (`guardarSiNuevo`), the look-up runs only when a check fails; else before the checks.
 */
export async function timbrarUnaVez(
  ctx: Timbrador,
  text: string,
  leido: Leido,
  key: string,
): Promise<Timbre> {
  const hash = leido instanceof Error ? '' : medir('pac.cadena', () => hashDe(leido));
  if (hash && ctx.store.guardarSiNuevo && ctx.fallas.length === 0) {
    let timbre: TimbreGuardado;
    // The same key on another CFDI is found by the save; a check that fails after that point
    // looks it up, so the answer is the one the rules' order gives.
    let pasoLaLlave = false;
    try {
      timbre = await ctx.verificarYFirmar(text, leido, hash, key, () => {
        pasoLaLlave = true;
        return Promise.resolve(undefined);
      });
    } catch (err) {
      const r = await previos(ctx.store, hash, key);
      if (r.porHash) return responder(ctx, r.porHash, true, key);
      if (pasoLaLlave && r.porLlave) throw duplicado(r.porLlave);
      throw err;
    }
    const g = await ctx.store.guardarSiNuevo(timbre, key);
    if ('guardado' in g) return responder(ctx, g.guardado, false, key);
    if (g.porHash) return responder(ctx, g.porHash, true, key);
    throw duplicado(g.porLlave);
  }
  return timbrarEnDosPasos(ctx, text, leido, hash, key);
}

/** Look up, check, save: the path of a store without `guardarSiNuevo`, and of scripted failures. */
async function timbrarEnDosPasos(
  ctx: Timbrador,
  text: string,
  leido: Leido,
  hash: string,
  key: string,
): Promise<Timbre> {
  let previo: TimbreGuardado | undefined;
  let mismaLlave: { t: TimbreGuardado | undefined } | undefined;
  if (hash) {
    const r = await previos(ctx.store, hash, key);
    previo = r.porHash;
    mismaLlave = { t: r.porLlave };
  }
  if (previo) return responder(ctx, previo, true, key);
  const timbre = await ctx.verificarYFirmar(text, leido, hash, key, async () =>
    mismaLlave ? mismaLlave.t : ctx.store.porIdempotencyKey(key),
  );
  // J
  const falla = ctx.fallas.shift();
  if (falla === 'antes-de-timbrar')
    throw new PacNoDisponibleError('TIMEOUT', mensajePac('TIMEOUT'), '');
  const guardado = await ctx.store.guardarSiNoExiste(timbre);
  if (falla === 'despues-de-timbrar')
    throw new PacNoDisponibleError('TIMEOUT', mensajePac('TIMEOUT'), '');
  return responder(ctx, guardado, guardado.uuid !== timbre.uuid, key);
}

/** The stamp of this hash and the first stamp under this key, in one round trip when possible. */
async function previos(
  store: SandboxStore,
  hash: string,
  key: string,
): Promise<{ porHash?: TimbreGuardado; porLlave?: TimbreGuardado }> {
  if (store.porHashYLlave) return store.porHashYLlave(hash, key);
  const porHash = await store.porHash(hash);
  const porLlave = await store.porIdempotencyKey(key);
  return { ...(porHash ? { porHash } : {}), ...(porLlave ? { porLlave } : {}) };
}

/** The answer for a stamp; a stamp issued before learns the caller's key it was sent under now. */
export async function responder(
  ctx: Pick<Timbrador, 'store' | 'noCertificadoSAT'>,
  t: TimbreGuardado,
  previo: boolean,
  key: string,
): Promise<Timbre> {
  if (previo && !t.idempotencyKeys.includes(key)) {
    t.idempotencyKeys.push(key);
    await ctx.store.actualizar(t);
  }
  return respuestaTimbre(t, previo, ctx.noCertificadoSAT());
}
