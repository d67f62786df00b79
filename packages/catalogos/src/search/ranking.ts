import { anyContains, contains, intersectUnions, UnionCursor, unionSize } from './postings.ts';
import { NONE, repeatsEarlier, TIERS, wordLists, type WordLists } from './word-lists.ts';

/** What a ranking reads of the index. */
export interface Postings {
  readonly size: number;
  /** Rows whose main text has a word of this stem. */
  primary(stem: string): Int32Array;
  /** Rows with a word of this stem anywhere. */
  all(stem: string): Int32Array;
  /** Rows with a word whose stem starts with `p` (in the main text only, or anywhere). */
  prefix(p: string, primaryOnly: boolean): Int32Array;
  /** The stems taken as the same as this one, itself included. */
  synonyms(stem: string): readonly string[] | undefined;
  /** Every row whose key starts with `q`, in key order. */
  keyRange(q: string): Int32Array;
  /** The row's key, normalised. */
  keyOf(id: number): string;
  nextStamp(): number;
  readonly mark: Uint32Array;
  /** A buffer of one id per row, free to overwrite. */
  readonly scratch: Int32Array;
  /** Zeros, one per row; left as zeros. */
  readonly counts: Uint16Array;
}

/**
 * The ranked answer to one query, not built out: its tiers in rank order (a row counts at the first
 * tier that holds it) and its exact total. A page walks the tiers until it is full, so a query with
 * thousands of results costs its page, not its results.
 */
export interface Ranking {
  readonly total: number;
  /**
   * Tier k as lists, undefined past the last tier: one list is walked in its own order, several
   * (each sorted by row id, which is rank order inside a tier) as their ascending union.
   */
  tier(k: number): readonly Int32Array[] | undefined;
  /** Whether the row is a result. */
  has(id: number): boolean;
}

/** Every row, in key order (the empty query). */
export class EveryRow implements Ranking {
  readonly total: number;
  readonly #tier: readonly Int32Array[];

  constructor(sortedKeyIds: Int32Array) {
    this.total = sortedKeyIds.length;
    this.#tier = [sortedKeyIds];
  }

  tier(k: number): readonly Int32Array[] | undefined {
    return k === 0 ? this.#tier : undefined;
  }

  has(): boolean {
    return true;
  }
}

/**
 * One word (`keys`: it may also be a key or a key prefix, whose rows come first, in key order).
 * The words as typed come before their synonyms, whole words before prefixes, the main text before
 * the other words.
 */
export class OneWord implements Ranking {
  readonly total: number;
  readonly #tiers: (readonly Int32Array[])[] = [];
  readonly #every: readonly Int32Array[];
  readonly #ix: Postings;
  readonly #q: string;
  readonly #keys: boolean;

  /** `total`: the query's total when known (counted when the index was built). */
  constructor(ix: Postings, q: string, token: string, keys: boolean, total?: number) {
    this.#ix = ix;
    this.#q = q;
    this.#keys = keys;
    const w = wordLists(ix, token);
    this.#every = w.prefixAll;
    let keyPrefix: Int32Array | undefined;
    if (keys) {
      keyPrefix = ix.keyRange(q);
      // The exact key, when there is one, comes first among the keys that start with it.
      let exact = 0;
      while (exact < keyPrefix.length && ix.keyOf(keyPrefix[exact] as number) === q) exact++;
      this.#tiers.push([keyPrefix.subarray(0, exact)], [keyPrefix]);
    }
    // A tier with the same lists as an earlier one adds no row: the walk reaches it only once the
    // earlier one is given in full.
    const words = [w];
    for (let i = 0; i < TIERS.length; i++)
      this.#tiers.push(repeatsEarlier(words, i) ? NONE : w[TIERS[i] as (typeof TIERS)[number]]);
    this.total = total ?? this.#count(keyPrefix);
  }

  /** Rows of the widest tier and of the keys that start with the query, each once. */
  #count(keyPrefix: Int32Array | undefined): number {
    const ix = this.#ix;
    const every = this.#every;
    let total = unionSize(every, ix.mark, ix.nextStamp());
    if (keyPrefix === undefined) return total;
    let size = 0;
    for (const l of every) size += l.length;
    if (keyPrefix.length <= size) {
      for (let i = 0; i < keyPrefix.length; i++)
        if (!anyContains(every, keyPrefix[i] as number)) total++;
      return total;
    }
    total = keyPrefix.length;
    const walk = new UnionCursor(every);
    for (let id = walk.next(); id >= 0; id = walk.next())
      if (!ix.keyOf(id).startsWith(this.#q)) total++;
    return total;
  }

  tier(k: number): readonly Int32Array[] | undefined {
    return this.#tiers[k];
  }

  has(id: number): boolean {
    return (this.#keys && this.#ix.keyOf(id).startsWith(this.#q)) || anyContains(this.#every, id);
  }
}

/**
 * Several words: rows with every word, by the same tiers as one word (a row in a tier when every
 * word puts it there). The narrower tiers are subsets of the widest, built only when a page reaches
 * them.
 */
export class EveryWord implements Ranking {
  readonly total: number;
  readonly #words: WordLists[];
  readonly #every: Int32Array;
  readonly #tiers = new Array<readonly Int32Array[] | undefined>(TIERS.length);
  /** The groups of a narrower tier's intersection: the widest tier, then each word's lists. */
  #groups: (readonly Int32Array[])[] | undefined;
  readonly #scratch: Int32Array;

  constructor(ix: Postings, words: WordLists[], every: Int32Array) {
    this.#words = words;
    this.#scratch = ix.scratch;
    this.#every = every;
    this.#tiers[TIERS.length - 1] = [every];
    this.total = every.length;
  }

  tier(k: number): readonly Int32Array[] | undefined {
    if (k >= TIERS.length) return undefined;
    let lists = this.#tiers[k];
    if (lists === undefined || k === TIERS.length - 1) {
      // A tier whose lists are an earlier tier's for every word adds no row (see OneWord).
      if (repeatsEarlier(this.#words, k)) lists = NONE;
      else if (lists === undefined) {
        // Inside the widest tier: it joins the groups, and drives when it is the smallest.
        const name = TIERS[k] as (typeof TIERS)[number];
        const groups = (this.#groups ??= [this.#tiers[TIERS.length - 1] as readonly Int32Array[]]);
        for (let i = 0; i < this.#words.length; i++)
          groups[i + 1] = (this.#words[i] as WordLists)[name];
        const n = intersectUnions(groups, this.#scratch);
        lists = n === 0 ? NONE : [this.#scratch.slice(0, n)];
      }
      this.#tiers[k] = lists;
    }
    return lists;
  }

  has(id: number): boolean {
    return contains(this.#every, id);
  }
}

/**
 * Several words that no row has all of: the rows with the most of them (a whole word of the main
 * text counts three, a whole similar word two, a word prefix one), then static order.
 */
export class SomeWords implements Ranking {
  readonly total: number;
  readonly #ranked: Int32Array;
  #sorted: Int32Array | undefined;

  constructor(ix: Postings, words: WordLists[]) {
    this.#ranked = partialMatches(ix, [
      ...words.map((w) => w.wholePrimary),
      ...words.map((w) => w.wholeAll),
      ...words.map((w) => w.prefixAll),
    ]);
    this.total = this.#ranked.length;
  }

  tier(k: number): readonly Int32Array[] | undefined {
    return k === 0 ? [this.#ranked] : undefined;
  }

  has(id: number): boolean {
    this.#sorted ??= this.#ranked.slice().sort();
    return contains(this.#sorted, id);
  }
}

/** The ranking of a query of several distinct words. */
export function severalWords(ix: Postings, tokens: readonly string[]): Ranking {
  const words = tokens.map((t) => wordLists(ix, t));
  const groups = words.map((w) => w.prefixAll);
  const every = ix.scratch.slice(0, intersectUnions(groups, ix.scratch));
  return every.length > 0 ? new EveryWord(ix, words, every) : new SomeWords(ix, words);
}

const partialWalk = new UnionCursor();

/** Rows in any group (a group: the union of its lists), most groups first, then by id. */
function partialMatches(ix: Postings, groups: (readonly Int32Array[])[]): Int32Array {
  const counts = ix.counts;
  const touched = ix.scratch;
  let t = 0;
  const walk = partialWalk;
  for (const group of groups) {
    walk.reset(group);
    for (let id = walk.next(); id >= 0; id = walk.next()) {
      const c = counts[id] as number;
      if (c === 0) touched[t++] = id;
      counts[id] = c + 1;
    }
  }
  const ids = touched.subarray(0, t).sort();
  let max = 0;
  for (let i = 0; i < t; i++) max = Math.max(max, counts[ids[i] as number] as number);
  const start = new Int32Array(max + 2);
  for (let i = 0; i < t; i++) {
    const c = counts[ids[i] as number] as number;
    start[c] = (start[c] as number) + 1;
  }
  // Highest count first: start[c] becomes where count c begins.
  let at = 0;
  for (let c = max; c >= 1; c--) {
    const n = start[c] as number;
    start[c] = at;
    at += n;
  }
  const out = new Int32Array(t);
  for (let i = 0; i < t; i++) {
    const id = ids[i] as number;
    const c = counts[id] as number;
    const at = start[c] as number;
    out[at] = id;
    start[c] = at + 1;
    counts[id] = 0;
  }
  walk.reset(NONE);
  return out;
}
