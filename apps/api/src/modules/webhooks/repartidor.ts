import { EVENTO_HEADER, ENTREGA_HEADER, FIRMA_HEADER } from '@repo/contracts/webhooks';
import type { Db } from '../../db/client.ts';
import { open } from '../sellos-fiscales/secret-box.ts';
import { enviar, type Respuesta } from './envio.ts';
import { firmar } from './firma.ts';
import { reclamarEntregas, registrarIntento, type EntregaReclamada } from './entregas.queries.ts';

export interface RepartidorDeps {
  db: Db;
  secret: string;
  now: () => Date;
  redPrivada: boolean;
}

/** A claimed delivery is this process's for this long (longer than one attempt can take). */
const RECLAMO_MS = 60_000;
/** Retries: 30 s, 1 min, 2 min… doubling up to 6 h apart, for a day after the event. */
export function esperaTrasIntento(intentos: number): number {
  return Math.min(30 * 2 ** (intentos - 1), 6 * 3600);
}

export function contextoSecreto(enterpriseId: number, endpointId: number): string {
  return `webhook:${enterpriseId}:${endpointId}`;
}

/** The body as sent (the same at every attempt: the signature covers it) and its headers. */
export function cuerpoYEncabezados(
  e: { enterprise_id: number; id: number; evento: string; payload: unknown },
  secreto: string,
  segundos: number,
): { cuerpo: string; encabezados: Record<string, string> } {
  const cuerpo = JSON.stringify({ id: `evt_${e.enterprise_id}_${e.id}`, ...(e.payload as object) });
  return {
    cuerpo,
    encabezados: {
      'content-type': 'application/json',
      'user-agent': 'Facturacion-CFDI-Webhooks/1.0',
      [FIRMA_HEADER]: firmar(secreto, segundos, cuerpo),
      [EVENTO_HEADER]: e.evento,
      [ENTREGA_HEADER]: `evt_${e.enterprise_id}_${e.id}`,
    },
  };
}

async function entregar(deps: RepartidorDeps, e: EntregaReclamada): Promise<void> {
  const secreto = open(
    deps.secret,
    contextoSecreto(e.enterprise_id, e.endpoint_id),
    Buffer.from(e.secreto),
  ).toString('utf8');
  const enviadoAt = deps.now();
  const { cuerpo, encabezados } = cuerpoYEncabezados(
    e,
    secreto,
    Math.floor(enviadoAt.getTime() / 1000),
  );
  const t0 = performance.now();
  const r: Respuesta = await enviar({
    url: e.url,
    cuerpo,
    encabezados,
    redPrivada: deps.redPrivada,
  });
  const intentos = e.intentos + 1;
  await registrarIntento(
    deps.db,
    e,
    {
      enviadoAt,
      duracionMs: Math.round(performance.now() - t0),
      firma: encabezados[FIRMA_HEADER]!,
      ...r,
    },
    e.vencida ? null : esperaTrasIntento(intentos),
  );
}

export interface Repartidor {
  /** Delivers what is due now (several at once), until nothing is; answers how many it tried. */
  pasada(): Promise<number>;
  despertar(): void;
  start(): void;
  stop(esperaMs: number): Promise<void>;
}

/**
 * The webhook delivery job of a process (API with JOBS=on, or `npm run worker`): every
 * `intervaloMs`, or when woken, it claims due deliveries (entregas.queries.ts) and sends them, up to
 * `lote` side by side. One slow receiver holds only its own deliveries.
 */
export function crearRepartidor(
  deps: RepartidorDeps,
  options: { intervaloMs?: number; lote?: number; onError?: (err: unknown) => void } = {},
): Repartidor {
  const intervaloMs = options.intervaloMs ?? 2_000;
  const lote = options.lote ?? 8;
  let timer: NodeJS.Timeout | null = null;
  let detenido = true;
  let corriendo: Promise<number> | null = null;

  async function pasada(): Promise<number> {
    let total = 0;
    for (;;) {
      const entregas = await reclamarEntregas(deps.db, lote, RECLAMO_MS);
      if (entregas.length === 0) return total;
      total += entregas.length;
      await Promise.all(
        entregas.map((e) => entregar(deps, e).catch((err: unknown) => options.onError?.(err))),
      );
    }
  }

  function correr() {
    if (corriendo) return;
    corriendo = pasada()
      .catch((err: unknown) => {
        options.onError?.(err);
        return 0;
      })
      .finally(() => {
        corriendo = null;
      });
  }

  function programar() {
    if (detenido) return;
    timer = setTimeout(() => {
      correr();
      programar();
    }, intervaloMs);
    timer.unref();
  }

  return {
    pasada,
    despertar: correr,
    start() {
      if (!detenido) return;
      detenido = false;
      programar();
    },
    async stop(esperaMs) {
      detenido = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (corriendo) {
        let t: NodeJS.Timeout | undefined;
        await Promise.race([corriendo, new Promise((r) => (t = setTimeout(r, esperaMs)))]);
        clearTimeout(t);
      }
    },
  };
}
