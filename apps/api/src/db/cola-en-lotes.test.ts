import { describe, expect, it, vi } from 'vitest';
import { enLote, ESPERA_CARRIL_MS, MAX_LOTE, type Resultado } from './cola-en-lotes.ts';

/** A `procesar` that records each batch and answers when the test lets it. */
function registro() {
  const lotes: number[][] = [];
  const pendientes: (() => void)[] = [];
  const procesar = (lote: number[]) => {
    lotes.push(lote);
    return new Promise<Resultado<number>[]>((resolve) => {
      pendientes.push(() =>
        resolve(lote.map((n) => (n < 0 ? { error: new Error(`no ${n}`) } : { ok: n * 10 }))),
      );
    });
  };
  const soltar = async () => {
    while (pendientes.length) pendientes.shift()?.();
    // A few turns of the microtask queue: the batch's answers, then the next turn's start.
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return { lotes, procesar, soltar };
}

describe('a queue of statements in batches', () => {
  it('one lane: the first entry goes alone, those that arrive meanwhile go together in arrival order, each gets its own answer', async () => {
    const db = {};
    const r = registro();
    const respuestas = [1, 2, 3, 4].map((n) => enLote(db, 'serie', n, r.procesar));
    expect(r.lotes).toEqual([[1]]);
    await r.soltar();
    expect(r.lotes).toEqual([[1], [2, 3, 4]]);
    await r.soltar();
    expect(await Promise.all(respuestas)).toEqual([10, 20, 30, 40]);
  });

  it("a member's failure is its own; a batch that throws fails its members only; the queue goes on", async () => {
    const db = {};
    const r = registro();
    const todas = Promise.allSettled([1, -2, 3].map((n) => enLote(db, 'k', n, r.procesar)));
    await r.soltar();
    await r.soltar();
    const [a, b, c] = await todas;
    expect(a).toEqual({ status: 'fulfilled', value: 10 });
    expect((b as PromiseRejectedResult).reason).toEqual(new Error('no -2'));
    expect(c).toEqual({ status: 'fulfilled', value: 30 });
    const roto = enLote(db, 'k', 4, () => Promise.reject(new Error('sin conexión')));
    await expect(roto).rejects.toThrow('sin conexión');
    const despues = enLote(db, 'k', 5, r.procesar);
    await r.soltar();
    await expect(despues).resolves.toBe(50);
  });

  it('a shared queue: one turn at a time while its statements are quick; entries held up behind a slow one open another lane', async () => {
    vi.useFakeTimers();
    try {
      const db = {};
      const r = registro();
      const primeras = [0, 1, 2].map((n) => enLote(db, 'k', n, r.procesar, 3));
      expect(r.lotes).toEqual([[0]]);
      // Quick: the first turn ends before the wait, and the next takes the two that waited.
      await r.soltar();
      expect(r.lotes).toEqual([[0], [1, 2]]);
      await r.soltar();
      expect(await Promise.all(primeras)).toEqual([0, 10, 20]);

      // Slow: the turn of 3 never answers; after ESPERA_CARRIL_MS the waiting ones go beside it.
      const conUnaLenta = (lote: number[]) =>
        lote.includes(3) ? new Promise<Resultado<number>[]>(() => {}) : r.procesar(lote);
      const lenta = enLote(db, 'k', 3, conUnaLenta, 3);
      const detras = [4, 5].map((n) => enLote(db, 'k', n, conUnaLenta, 3));
      expect(r.lotes).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(ESPERA_CARRIL_MS - 1);
      expect(r.lotes).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(r.lotes[2]).toEqual([4, 5]);
      await r.soltar();
      expect(await Promise.all(detras)).toEqual([40, 50]);
      void lenta;
    } finally {
      vi.useRealTimers();
    }
  });

  it('a queue with one lane (a serie) never opens another, however long a turn takes', async () => {
    vi.useFakeTimers();
    try {
      const db = {};
      const r = registro();
      const todas = [1, 2].map((n) => enLote(db, 'serie', n, r.procesar));
      await vi.advanceTimersByTimeAsync(10 * ESPERA_CARRIL_MS);
      expect(r.lotes).toEqual([[1]]);
      await r.soltar();
      await r.soltar();
      expect(await Promise.all(todas)).toEqual([10, 20]);
    } finally {
      vi.useRealTimers();
    }
  });

  it(`at most ${MAX_LOTE} entries in a batch; other keys and other databases have queues of their own`, async () => {
    const r = registro();
    const db = {};
    const muchas = Array.from({ length: MAX_LOTE + 3 }, (_, i) => enLote(db, 'k', i, r.procesar));
    const otraLlave = enLote(db, 'otra', 100, r.procesar);
    const otraBase = enLote({}, 'k', 200, r.procesar);
    expect(r.lotes).toEqual([[0], [100], [200]]);
    await r.soltar();
    expect(r.lotes[3]).toHaveLength(MAX_LOTE);
    await r.soltar();
    expect(r.lotes[4]).toEqual([MAX_LOTE + 1, MAX_LOTE + 2]);
    await r.soltar();
    expect(await Promise.all([...muchas, otraLlave, otraBase])).toHaveLength(MAX_LOTE + 5);
  });
});
