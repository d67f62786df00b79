/**
 * A queue of statements whose turns take every entry that is waiting: a **batch**, stored by one
 * statement instead of one each. An entry that finds the queue idle goes at once, alone; entries
 * that arrive while a turn is running (under load) wait and go together in the next turn, so the
 * busier the queue, the fewer statements, round trips and commits per entry.
 *
 * - The stamps of one serie (sellado.ts) have ONE lane: each batch starts when the one before it has
 *   ended, whatever its outcome, so the stamps of a serie never overtake each other and each can be
 *   sealed for the folio after the last one taken (docs/decisions/011).
 * - A stamp's context read, the sandbox PAC's save and the PAC's answer are shared by every
 *   enterprise and need no order: they run one turn at a time too (the most batching), but an
 *   entry that has waited ESPERA_CARRIL_MS opens another lane beside the running turn, up to
 *   MAX_CARRILES, so a slow statement never holds up the others for long.
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
  /** How many turns may run at once: 1 for a queue that keeps its order. */
  maxCarriles: number;
  /** Set while an entry waits for a lane and the queue may open another one. */
  reloj: ReturnType<typeof setTimeout> | null;
  procesar: (lote: unknown[]) => Promise<Resultado<unknown>[]>;
}

/** At most this many entries in one batch (a serie's stamps are signed inside the batch's turn). */
export const MAX_LOTE = 16;

/** Lanes of a queue that every enterprise shares and that needs no order, at most. */
export const CARRILES_COMPARTIDOS = 4;

/** After this long waiting behind a running turn, an entry of a shared queue opens another lane. */
export const ESPERA_CARRIL_MS = 50;

/** Per database handle (a test's databases never share a queue) and key (a serie, the answers). */
const colas = new WeakMap<object, Map<string, Cola>>();

/**
 * Runs `entrada` in a batch of the queue `llave` of `db`; `procesar` gets the batch's members in
 * arrival order and answers each one's outcome (it should not throw: a throw fails the whole
 * batch); one `procesar` serves every entry of a (db, llave). `maxCarriles`: how many turns of this
 * queue may run at once (1 keeps the order; more only after ESPERA_CARRIL_MS of waiting).
 */
export function enLote<E, R>(
  db: object,
  llave: string,
  entrada: E,
  procesar: (lote: E[]) => Promise<Resultado<R>[]>,
  maxCarriles = 1,
): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    let porLlave = colas.get(db);
    if (!porLlave) colas.set(db, (porLlave = new Map()));
    let cola = porLlave.get(llave);
    if (!cola) {
      cola = {
        esperando: [],
        enCurso: 0,
        maxCarriles,
        reloj: null,
        procesar: procesar as (lote: unknown[]) => Promise<Resultado<unknown>[]>,
      };
      porLlave.set(llave, cola);
    }
    cola.esperando.push({ entrada, resolve, reject } as Esperando<unknown, unknown>);
    if (cola.enCurso === 0) void turno(porLlave, llave, cola);
    else if (cola.enCurso < cola.maxCarriles && !cola.reloj)
      abrirCarrilSiEspera(porLlave, llave, cola);
  });
}

/** Another lane for the waiting entries if they are still waiting after ESPERA_CARRIL_MS. */
function abrirCarrilSiEspera(porLlave: Map<string, Cola>, llave: string, cola: Cola): void {
  cola.reloj = setTimeout(() => {
    cola.reloj = null;
    if (cola.esperando.length > 0 && cola.enCurso < cola.maxCarriles) {
      void turno(porLlave, llave, cola);
      if (cola.enCurso < cola.maxCarriles) abrirCarrilSiEspera(porLlave, llave, cola);
    }
  }, ESPERA_CARRIL_MS);
  cola.reloj.unref?.();
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
  if (cola.enCurso === 0 && porLlave.get(llave) === cola) {
    if (cola.reloj) clearTimeout(cola.reloj);
    cola.reloj = null;
    porLlave.delete(llave);
  }
}
