import { randomUUID } from 'node:crypto';
import { EXPORTACION_ZIP_MESSAGES } from '@repo/contracts/exportacion-zip';
import type { Db } from '../../db/client.ts';
import {
  borrarExportacionesAntiguas,
  reclamarExportacion,
  terminarExportacion,
  type ExportacionRow,
} from './exportacion-zip.queries.ts';
import { prepararZip, RECLAMO_EXPORTACION_MS, type PrepararDeps } from './preparar-zip.ts';

/** An export (its ZIP) is deleted this long after it was created. */
export const VIDA_EXPORTACION_MS = 24 * 3600_000;

export interface ExportadorOptions {
  /** How often the job looks for exports nobody is preparing (a new one, or its process died). */
  intervaloMs?: number;
  /** How many exports (of different enterprises) one process prepares side by side. */
  concurrencia?: number;
  onError?: (error: unknown, job: ExportacionRow | null) => void;
}

/**
 * The ZIP export job of an API process. A request that creates an export wakes it up; it also looks
 * every `intervaloMs` for an export whose lease ran out, so an export whose process died is prepared
 * by another one (exportacion-zip.queries.ts: claimed under FOR UPDATE SKIP LOCKED), and deletes the
 * exports older than a day. Up to `concurrencia` exports at once per process (one per enterprise:
 * migration 0020), so one enterprise's long export does not hold up another's; each goes one
 * document at a time (preparar-zip.ts), yielding to the event loop in between, so the other
 * enterprises' requests are not held up either.
 */
export interface Exportador {
  /** Starts preparing waiting exports now, if this process has room for one more. */
  despertar(): void;
  start(): void;
  /** Stops the timer and waits for the exports in progress, `esperaMs` at most (resumed later). */
  stop(esperaMs?: number): Promise<void>;
}

/** Prepares one claimed export; a failure ends it with a Spanish reason (and is reported). */
async function prepararUno(
  deps: PrepararDeps,
  options: ExportadorOptions,
  job: ExportacionRow,
  reclamo: string,
) {
  try {
    await prepararZip(deps, job, reclamo);
  } catch (error) {
    options.onError?.(error, job);
    await terminarExportacion(deps.db, job, reclamo, {
      estado: 'error',
      error: EXPORTACION_ZIP_MESSAGES.fallo,
    }).catch((e: unknown) => options.onError?.(e, job));
  }
}

export function crearExportador(deps: PrepararDeps, options: ExportadorOptions = {}): Exportador {
  const intervaloMs = options.intervaloMs ?? 30_000;
  const concurrencia = options.concurrencia ?? 2;
  let timer: NodeJS.Timeout | null = null;
  let detenido = false;
  const trabajando = new Set<Promise<void>>();
  /** A wake-up that found every slot busy: a worker that ends looks once more. */
  let pendiente = false;

  /** One worker: claims and prepares exports until none is waiting. */
  async function trabajar() {
    while (!detenido) {
      const reclamo = randomUUID();
      const job = await reclamarExportacion(deps.db, RECLAMO_EXPORTACION_MS, reclamo);
      if (!job) return;
      await prepararUno(deps, options, job, reclamo);
    }
  }

  function lanzar() {
    if (detenido) return;
    if (trabajando.size >= concurrencia) {
      pendiente = true;
      return;
    }
    const trabajo: Promise<void> = trabajar()
      .catch((error: unknown) => options.onError?.(error, null))
      .finally(() => {
        trabajando.delete(trabajo);
        if (pendiente) {
          pendiente = false;
          lanzar();
        }
      });
    trabajando.add(trabajo);
  }

  function programar() {
    if (detenido) return;
    timer = setTimeout(() => {
      timer = null;
      borrarExportacionesAntiguas(deps.db, VIDA_EXPORTACION_MS)
        .catch((error: unknown) => options.onError?.(error, null))
        .finally(() => {
          for (let i = trabajando.size; i < concurrencia; i++) lanzar();
          programar();
        });
    }, intervaloMs);
    timer.unref();
  }

  return {
    despertar: lanzar,
    start() {
      detenido = false;
      if (!timer) programar();
    },
    async stop(esperaMs = 5_000) {
      detenido = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (trabajando.size) {
        let t: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.all(trabajando),
          new Promise((resolve) => {
            t = setTimeout(resolve, esperaMs);
          }),
        ]);
        clearTimeout(t);
      }
    },
  };
}

const porBase = new WeakMap<Db, Exportador>();

/**
 * The exporter of this process for a database: the routes wake it up, main.ts starts its timer and
 * stops it on shutdown. One per database, so the API's routes and main.ts share it.
 */
export function exportadorDe(deps: PrepararDeps, options?: ExportadorOptions): Exportador {
  let exportador = porBase.get(deps.db);
  if (!exportador) {
    exportador = crearExportador(deps, options);
    porBase.set(deps.db, exportador);
  }
  return exportador;
}
