/**
 * A queue of statements whose turns take every entry that is waiting: a **batch**, stored by one
 * statement instead of one each. A turn starts as soon as one of the queue's lanes is free, so an
 * entry that finds a lane free goes at once, alone, and only entries that arrive while every lane
 * is busy (under load) wait and go together.
 *
 * - The stamps of one serie (sellado.ts) have ONE lane: each batch starts when the one before it has
 *   ended, whatever its outcome, so the stamps of a serie never overtake each other and each can be
 *   sealed for the folio after the last one taken (docs/decisions/011).
 * - A stamp's context read, the sandbox PAC's save and the PAC's answer are shared by every
 *   enterprise and need no order: they have several lanes, so one slow statement never holds up the
 *   others.
 */

/** What a batch answers for each of its members, in their order. */
export type Resultado<R> = { ok: R } | { error: unknown };

interface Esperando<E, R> {
  entrada: E;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}

interface Cola {
  esperando: Esperando<unknown, unknown>[];
  enCurso: number;
  carriles: number;
  procesar: (lote: unknown[]) => Promise<Resultado<unknown>[]>;
}

/** At most this many entries in one batch (a serie's stamps are signed inside the batch's turn). */
export const MAX_LOTE = 16;

/** Lanes of a queue that every enterprise shares and that needs no order. */
export const CARRILES_COMPARTIDOS = 4;

/** Per database handle (a test's databases never share a queue) and key (a serie, the answers). */
const colas = new WeakMap<object, Map<string, Cola>>();

/**
 * Runs `entrada` in a batch of the queue `llave` of `db`; `procesar` gets the batch's members in
 * arrival order and answers each one's outcome (it should not throw: a throw fails the whole
 * batch). `carriles`: how many batches of this queue may run at once (1 keeps the order).
 */
export function enLote<E, R>(
  db: object,
  llave: string,
  entrada: E,
  procesar: (lote: E[]) => Promise<Resultado<R>[]>,
  carriles = 1,
): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    let porLlave = colas.get(db);
    if (!porLlave) colas.set(db, (porLlave = new Map()));
    let cola = porLlave.get(llave);
    if (!cola) {
      cola = {
        esperando: [],
        enCurso: 0,
        carriles,
        procesar: procesar as (lote: unknown[]) => Promise<Resultado<unknown>[]>,
      };
      porLlave.set(llave, cola);
    }
    cola.esperando.push({ entrada, resolve, reject } as Esperando<unknown, unknown>);
    if (cola.enCurso < cola.carriles) void turno(porLlave, llave, cola);
  });
}

/** One turn of a lane: the waiting entries (at most MAX_LOTE), then the next turn while any wait. */
async function turno(porLlave: Map<string, Cola>, llave: string, cola: Cola): Promise<void> {
  cola.enCurso++;
  while (cola.esperando.length > 0) {
    const lote = cola.esperando.splice(0, MAX_LOTE);
    let resultados: Resultado<unknown>[];
    try {
      resultados = await cola.procesar(lote.map((e) => e.entrada));
    } catch (error) {
      resultados = lote.map(() => ({ error }));
    }
    lote.forEach((e, i) => {
      const r = resultados[i] ?? { error: new Error('enLote: no outcome for a member') };
      if ('ok' in r) e.resolve(r.ok);
      else e.reject(r.error);
    });
  }
  cola.enCurso--;
  if (cola.enCurso === 0 && porLlave.get(llave) === cola) porLlave.delete(llave);
}
