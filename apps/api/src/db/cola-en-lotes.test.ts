import { describe, expect, it } from 'vitest';
import { enLote, MAX_LOTE, type Resultado } from './cola-en-lotes.ts';

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
    await new Promise((r) => setTimeout(r, 0));
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

  it('several lanes: entries go at once while a lane is free, and wait together only when every lane is busy', async () => {
    const db = {};
    const r = registro();
    const respuestas = Array.from({ length: 7 }, (_, i) => enLote(db, 'k', i, r.procesar, 3));
    // Three lanes: three entries at once, alone; a slow one would hold up only its own lane.
    expect(r.lotes).toEqual([[0], [1], [2]]);
    await r.soltar();
    // The first lane free takes the four that waited.
    expect(r.lotes.slice(3)).toEqual([[3, 4, 5, 6]]);
    await r.soltar();
    expect(await Promise.all(respuestas)).toEqual([0, 10, 20, 30, 40, 50, 60]);
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
