/**
 * Proves two TextIndex implementations answer the same: every bench query and every one- to
 * four-character prefix of the catalog's words, several pages and page sizes, with and without
 * preferred keys. Used by `bench-catalogos.ts --compare=DIR` (DIR: another checkout, e.g. a worktree
 * of main) before its timings are trusted.
 */
import { normalize, words } from '../../packages/catalogos/src/search/normalize.ts';
import type { SearchOptions, SearchPage } from '../../packages/catalogos/src/search/types.ts';
import type { BenchQuery } from './queries.ts';

interface Searchable<T> {
  search(query: string, options?: SearchOptions): SearchPage<T>;
}

/** Queries beyond the bench set: prefixes of the catalog's words, word pairs, stop words, noise. */
export function answerQueries<T>(rows: readonly T[], text: (r: T) => string, bench: BenchQuery[]) {
  const qs = new Set<string>(bench.map((q) => q.q));
  const vocab = new Set<string>();
  for (const r of rows) for (const w of words(text(r))) vocab.add(w);
  const list = [...vocab].sort();
  for (const w of list) for (let n = 1; n <= Math.min(4, w.length); n++) qs.add(w.slice(0, n));
  for (let i = 0; i < list.length; i += 97) {
    const a = list[i] as string;
    const b = list[(i * 7 + 13) % list.length] as string;
    qs.add(`${a} ${b}`);
    qs.add(`${a} de ${b.slice(0, 3)}`);
    qs.add(`${a} zzqx`);
  }
  for (const q of ['', 'de', 'de la', 'luces', 'Computadoras Portátiles', 'ñ', '8', '0101'])
    qs.add(q);
  return [...qs];
}

export function compareAnswers<T extends { clave: string }>(
  a: Searchable<T>,
  b: Searchable<T>,
  queries: string[],
  preferredPool: string[],
): { compared: number; differences: string[] } {
  const differences: string[] = [];
  let compared = 0;
  const shape = (p: SearchPage<T>) =>
    `${p.total}/${p.lastPage}/${p.currentPage}/${p.perPage}:${p.data.map((r) => r.clave).join(',')}`;
  queries.forEach((q, i) => {
    const preferred = preferredPool.slice(i % 40, (i % 40) + 1 + (i % 7));
    const variants: SearchOptions[] = [{}, { page: 2, perPage: 7 }, { page: 40, perPage: 100 }];
    if (i % 3 === 0) variants.push({ preferred }, { page: 2, perPage: 5, preferred });
    for (const o of variants) {
      compared++;
      const x = shape(a.search(q, o));
      const y = shape(b.search(q, o));
      if (x !== y && differences.length < 10)
        differences.push(`${JSON.stringify(normalize(q))} ${JSON.stringify(o)}: ${x} ≠ ${y}`);
    }
  });
  return { compared, differences };
}
