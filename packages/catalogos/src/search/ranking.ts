import { stem } from './normalize.ts';
import { anyContains, contains, intersectUnions, UnionCursor, unionSize } from './postings.ts';

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

/** The lists of one query word, tier by tier, as unions of sorted lists (empty lists left out). */
interface WordLists {
  literalPrimary: Int32Array[];
  wholePrimary: Int32Array[];
  literalAll: Int32Array[];
  wholeAll: Int32Array[];
  prefixPrimary: Int32Array[];
  /** Every row the word finds: a superset of the other tiers. */
  prefixAll: Int32Array[];
}

const nonEmpty = (lists: Int32Array[]) => lists.filter((l) => l.length > 0);

function wordLists(ix: Postings, token: string): WordLists {
  const s = stem(token);
  const variants = ix.synonyms(s) ?? [s];
  const prefixPrimary = [ix.prefix(s, true)];
  const prefixAll = [ix.prefix(s, false)];
  // A prefix list already holds the words that start with its prefix: only the synonyms that do
  // not, and the prefix of the word as typed when it does not start with its stem ('luces' → 'luz').
  for (const v of variants) {
    if (v.startsWith(s)) continue;
    prefixPrimary.push(ix.primary(v));
    prefixAll.push(ix.all(v));
  }
  if (!token.startsWith(s)) {
    prefixPrimary.push(ix.prefix(token, true));
    prefixAll.push(ix.prefix(token, false));
  }
  return {
    literalPrimary: nonEmpty([ix.primary(s)]),
    wholePrimary: nonEmpty(variants.map((v) => ix.primary(v))),
    literalAll: nonEmpty([ix.all(s)]),
    wholeAll: nonEmpty(variants.map((v) => ix.all(v))),
    prefixPrimary: nonEmpty(prefixPrimary),
    prefixAll: nonEmpty(prefixAll),
  };
}

const TIERS = [
  'literalPrimary',
  'wholePrimary',
  'literalAll',
  'wholeAll',
  'prefixPrimary',
  'prefixAll',
] as const;

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
  readonly #every: Int32Array[];
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
    for (const t of TIERS) this.#tiers.push(w[t]);
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
  readonly #tiers: (Int32Array | undefined)[] = [];
  readonly #scratch: Int32Array;

  constructor(ix: Postings, words: WordLists[], every: Int32Array) {
    this.#words = words;
    this.#scratch = ix.scratch;
    this.#tiers[TIERS.length - 1] = every;
    this.total = every.length;
  }

  tier(k: number): readonly Int32Array[] | undefined {
    if (k >= TIERS.length) return undefined;
    let list = this.#tiers[k];
    if (list === undefined) {
      // Inside the widest tier: it joins the groups, and drives when it is the smallest.
      const name = TIERS[k] as (typeof TIERS)[number];
      const groups: (readonly Int32Array[])[] = [[this.#tiers[TIERS.length - 1] as Int32Array]];
      for (const w of this.#words) groups.push(w[name]);
      list = this.#scratch.slice(0, intersectUnions(groups, this.#scratch));
      this.#tiers[k] = list;
    }
    return [list];
  }

  has(id: number): boolean {
    return contains(this.#tiers[TIERS.length - 1] as Int32Array, id);
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

/** Rows in any group (a group: the union of its lists), most groups first, then by id. */
function partialMatches(ix: Postings, groups: (readonly Int32Array[])[]): Int32Array {
  const counts = ix.counts;
  const touched = ix.scratch;
  let t = 0;
  const walk = new UnionCursor();
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
  return out;
}
