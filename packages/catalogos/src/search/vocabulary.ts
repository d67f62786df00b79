/**
 * The index's vocabulary, built with it from the rows' words: each stem's rows, the stems sorted,
 * the stems each prefix starts, the synonyms of each stem and the short queries counted ahead.
 */
import { normalize, stem, words } from './normalize.ts';
import { STOP_WORDS } from './stop-words.ts';
import { SINONIMOS } from './synonyms.ts';
import type { TextIndexSpec } from './types.ts';

/**
 * Fills `primaryLists` (main text) and `allLists` (anywhere) with the ascending ids of the rows of
 * each stem, stop words left out; returns every stem of `allLists`, sorted.
 */
export function indexWords<T>(
  rows: readonly T[],
  spec: TextIndexSpec<T>,
  primaryLists: Map<string, Int32Array>,
  allLists: Map<string, Int32Array>,
): string[] {
  const n = rows.length;
  const primary = new Map<string, number[]>();
  const all = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, s: string, id: number) => {
    const list = map.get(s);
    if (list === undefined) map.set(s, [id]);
    else if (list[list.length - 1] !== id) list.push(id);
  };
  for (let id = 0; id < n; id++) {
    const row = rows[id] as T;
    for (const w of words(spec.primary(row))) {
      if (STOP_WORDS.has(w)) continue;
      const s = stem(w);
      add(primary, s, id);
      add(all, s, id);
    }
    for (const w of words(spec.secondary(row))) if (!STOP_WORDS.has(w)) add(all, stem(w), id);
  }
  for (const [s, list] of primary) primaryLists.set(s, Int32Array.from(list));
  for (const [s, list] of all) allLists.set(s, Int32Array.from(list));
  return [...all.keys()].sort();
}

/** Maps each stem of a synonym group (`synonyms.ts`) to the stems of its groups, itself too. */
export function addSynonymStems(synonyms: Map<string, string[]>): void {
  for (const group of SINONIMOS) {
    const stems = [...new Set(group.map((w) => stem(normalize(w))))];
    for (const s of stems) {
      const known = synonyms.get(s) ?? [];
      synonyms.set(s, [...new Set([...known, ...stems])]);
    }
  }
}

/** Each prefix of a stem of the sorted `vocab`, and the stems that start with it: vocab[lo, hi). */
export function prefixRanges(vocab: readonly string[]): Map<string, { lo: number; hi: number }> {
  const ranges = new Map<string, { lo: number; hi: number }>();
  for (let i = 0; i < vocab.length; i++) {
    const s = vocab[i] as string;
    for (let len = 1; len <= s.length; len++) {
      const p = s.slice(0, len);
      const r = ranges.get(p);
      if (r === undefined) ranges.set(p, { lo: i, hi: i + 1 });
      else r.hi = i + 1;
    }
  }
  return ranges;
}

/** The one- and two-character queries: each prefix of that length of a word (stem or key). */
export function shortQueries(all: readonly string[]): Set<string> {
  const queries = new Set<string>();
  for (const w of all)
    for (let len = 1; len <= 2 && len <= w.length; len++) queries.add(w.slice(0, len));
  return queries;
}
