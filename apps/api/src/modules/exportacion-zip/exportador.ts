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
  onError?: (error: unknown, job: ExportacionRow | null) => void;
}

/**
 * The ZIP export job of an API process. A request that creates an export wakes it up; it also looks
 * every `intervaloMs` for an export whose lease ran out, so an export whose process died is prepared
 * by another one (exportacion-zip.queries.ts: claimed under FOR UPDATE SKIP LOCKED). One export at
 * a time per process, one document at a time (preparar-zip.ts), yielding to the event loop in
 * between, so the other enterprises' requests are not held up.
 */
export interface Exportador {
  /** Prepares every waiting export, one after the other; answers how many. */
  pasada(): Promise<number>;
  /** Runs a pass now (or right after the one in progress). */
  despertar(): void;
  start(): void;
  /** Stops the timer and waits for the export in progress, `esperaMs` at most (it is resumed later). */
  stop(esperaMs?: number): Promise<void>;
}

export function crearExportador(deps: PrepararDeps, options: ExportadorOptions = {}): Exportador {
  const intervaloMs = options.intervaloMs ?? 30_000;
  let timer: NodeJS.Timeout | null = null;
  let detenido = false;
  let enCurso: Promise<number> | null = null;
  let otraVez = false;

  async function prepararUno(job: ExportacionRow, reclamo: string) {
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

  async function pasada(): Promise<number> {
    let n = 0;
    await borrarExportacionesAntiguas(deps.db, VIDA_EXPORTACION_MS);
    while (!detenido) {
      const reclamo = randomUUID();
      const job = await reclamarExportacion(deps.db, RECLAMO_EXPORTACION_MS, reclamo);
      if (!job) break;
      n += 1;
      await prepararUno(job, reclamo);
    }
    return n;
  }

  function correr() {
    otraVez = false;
    enCurso = pasada()
      .catch((error: unknown) => {
        options.onError?.(error, null);
        return 0;
      })
      .finally(() => {
        enCurso = null;
        if (otraVez && !detenido) correr();
      });
  }

  function programar() {
    if (detenido) return;
    timer = setTimeout(() => {
      timer = null;
      if (enCurso) otraVez = true;
      else correr();
      programar();
    }, intervaloMs);
    timer.unref();
  }

  return {
    pasada,
    despertar() {
      if (detenido) return;
      if (enCurso) otraVez = true;
      else correr();
    },
    start() {
      detenido = false;
      if (!timer) programar();
    },
    async stop(esperaMs = 5_000) {
      detenido = true;
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
