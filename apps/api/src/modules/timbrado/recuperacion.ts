import { programarReenvio, reclamarPendiente, type Reclamado } from './recuperacion.queries.ts';
import { pasadaDeSustituciones } from './sustitucion.service.ts';
import type { ComprobanteRow } from './timbrado.queries.ts';
import { reenviarComprobante, type TimbradoDeps } from './timbrado.service.ts';

/**
 * The recovery job: a document sealed and sent whose PAC answer never came (timeout, crash, PAC
 * outage) stays 'sellada' with its folio and its credit reserved. Every API process runs this job;
 * it resends such a document with its stored bytes and idempotency key (reenviarComprobante), so the
 * PAC answers the first stamp when it had stamped it, and never a second UUID. Until it is stamped
 * or rejected, a still-unanswered document is resent with a growing wait (1, 2, 4… up to 30 minutes);
 * the SAT's 72-hour window ends it at worst: the PAC then rejects it and its credit is refunded.
 *
 * Several processes on one PostgreSQL: a document is claimed before it is resent (a lease moved
 * forward under FOR UPDATE SKIP LOCKED, recuperacion.queries.ts), so only one process resends it.
 * A new document is first due ESPERA_PRIMER_REENVIO_MS after it was sealed (timbrado.service.ts).
 *
 * The same pass completes substitutions (sustitucion.service.ts): an original whose substitute is
 * stamped but whose cancellation with motivo 01 failed or never ran is cancelled, with backoff.
 */

/** A claim holds a document this long: longer than any PAC call (the PAC client times out at 30 s). */
export const RECLAMO_MS = 5 * 60_000;

export interface RecuperacionOptions {
  /** How often the job looks for due documents. */
  intervaloMs?: number;
  /** The wait after the first unanswered resend; it doubles after each one. */
  esperaBaseMs?: number;
  /** The longest wait between two resends. */
  esperaMaximaMs?: number;
  /** How many documents one pass resends at most (the next pass goes on). */
  porPasada?: number;
  onError?: (error: unknown) => void;
  /** Each resend and its outcome, for the log. */
  onReenvio?: (doc: Reclamado, resultado: ComprobanteRow | { error: unknown }) => void;
}

export interface Recuperacion {
  /**
   * One pass: resends every due document, then tries every due substitution (up to porPasada
   * each); answers how many it handled.
   */
  pasada(): Promise<number>;
  start(): void;
  /** Stops the timer and waits for the resend in flight, `esperaMs` at most (its document stays claimed). */
  stop(esperaMs?: number): Promise<void>;
}

/** The wait before the next resend after `intentos` unanswered ones. */
export function esperaTrasIntentos(intentos: number, baseMs: number, maximaMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, Math.min(intentos - 1, 30)), maximaMs);
}

export function crearRecuperacion(
  deps: TimbradoDeps,
  options: RecuperacionOptions = {},
): Recuperacion {
  const intervaloMs = options.intervaloMs ?? 30_000;
  const baseMs = options.esperaBaseMs ?? 60_000;
  const maximaMs = options.esperaMaximaMs ?? 30 * 60_000;
  const porPasada = options.porPasada ?? 50;
  let timer: NodeJS.Timeout | null = null;
  let detenida = false;
  let enCurso: Promise<number> | null = null;

  async function reenviarUno(doc: Reclamado): Promise<void> {
    try {
      const r = await reenviarComprobante(deps, {
        enterpriseId: doc.enterprise_id,
        comprobanteId: doc.id,
      });
      options.onReenvio?.(doc, r);
    } catch (error) {
      // A rejection is stored (rechazada, credit refunded) and is no longer due; anything else
      // leaves it 'sellada': resend it after the backoff instead of the claim's lease.
      options.onReenvio?.(doc, { error });
      const espera = esperaTrasIntentos(doc.reenvio_intentos, baseMs, maximaMs);
      await programarReenvio(
        deps.db,
        doc.enterprise_id,
        doc.id,
        new Date(deps.now().getTime() + espera),
      );
    }
  }

  async function pasada(): Promise<number> {
    let n = 0;
    while (!detenida && n < porPasada) {
      const ahora = deps.now();
      const doc = await reclamarPendiente(deps.db, ahora, new Date(ahora.getTime() + RECLAMO_MS));
      if (!doc) break;
      n += 1;
      await reenviarUno(doc);
    }
    // Then the originals whose substitute is stamped and whose cancellation (01) is still pending.
    return n + (await pasadaDeSustituciones(deps, porPasada, () => detenida));
  }

  function programar() {
    if (detenida) return;
    timer = setTimeout(() => {
      enCurso = pasada()
        .catch((error: unknown) => {
          options.onError?.(error);
          return 0;
        })
        .finally(() => {
          enCurso = null;
          programar();
        });
    }, intervaloMs);
    timer.unref();
  }

  return {
    pasada,
    start() {
      detenida = false;
      if (!timer) programar();
    },
    async stop(esperaMs = 5_000) {
      detenida = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (enCurso) {
        let t: NodeJS.Timeout | undefined;
        await Promise.race([
          enCurso,
          new Promise((resolve) => {
            t = setTimeout(resolve, esperaMs);
          }),
        ]);
        clearTimeout(t);
      }
    },
  };
}
