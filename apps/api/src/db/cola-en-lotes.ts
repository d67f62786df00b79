/**
 * A queue whose turns take every entry that arrived during the previous turn: a **batch**. The
 * stamps of one serie (sellado.ts): a stamp that arrives while the serie's batch is being stored
 * waits, with every other stamp that arrives meanwhile, for the next batch; each batch starts when
 * the one before it has ended, whatever its outcome, so the stamps of a serie never overtake each
 * other, and under load one statement stores many of them instead of each waiting for a round trip
 * of its own. The PAC's answers (respuestas.queries.ts) go the same way.
 */

/** What a batch answers for each of its members, in their order. */
export type Resultado<R> = { ok: R } | { error: unknown };

interface Esperando<E, R> {
  entrada: E;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}

/** At most this many entries in one batch (a serie's stamps are signed inside the batch's turn). */
export const MAX_LOTE = 16;

/** Per database handle (a test's databases never share a queue) and key (a serie, the answers). */
const colas = new WeakMap<object, Map<string, Esperando<unknown, unknown>[]>>();

/**
 * Runs `entrada` in the next batch of the queue `llave` of `db`; `procesar` gets the batch's members
 * in arrival order and answers each one's outcome (it must not throw: a throw fails the whole batch).
 */
export function enLote<E, R>(
  db: object,
  llave: string,
  entrada: E,
  procesar: (lote: E[]) => Promise<Resultado<R>[]>,
): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    let porLlave = colas.get(db);
    if (!porLlave) colas.set(db, (porLlave = new Map()));
    const esperando = { entrada, resolve, reject } as Esperando<unknown, unknown>;
    const cola = porLlave.get(llave);
    if (cola) {
      cola.push(esperando);
      return;
    }
    const nueva = [esperando];
    porLlave.set(llave, nueva);
    void bombear(
      porLlave,
      llave,
      nueva,
      procesar as (lote: unknown[]) => Promise<Resultado<unknown>[]>,
    );
  });
}

async function bombear(
  porLlave: Map<string, Esperando<unknown, unknown>[]>,
  llave: string,
  cola: Esperando<unknown, unknown>[],
  procesar: (lote: unknown[]) => Promise<Resultado<unknown>[]>,
): Promise<void> {
  while (cola.length > 0) {
    const lote = cola.splice(0, MAX_LOTE);
    let resultados: Resultado<unknown>[];
    try {
      resultados = await procesar(lote.map((e) => e.entrada));
    } catch (error) {
      resultados = lote.map(() => ({ error }));
    }
    lote.forEach((e, i) => {
      const r = resultados[i] ?? { error: new Error('enLote: no outcome for a member') };
      if ('ok' in r) e.resolve(r.ok);
      else e.reject(r.error);
    });
  }
  porLlave.delete(llave);
}
