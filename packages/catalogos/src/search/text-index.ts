import { normalize, stem, words } from './normalize.ts';
import { SINONIMOS } from './synonyms.ts';

export interface SearchOptions {
  /** 1-based page; default 1. */
  page?: number;
  /** Rows per page; default 20, at most 100. */
  perPage?: number;
  /**
   * Keys to put first when they are among the results, in this order (an enterprise's own most
   * used keys); the other results follow in rank order.
   */
  preferred?: readonly string[];
}

export interface SearchPage<T> {
  data: T[];
  currentPage: number;
  perPage: number;
  total: number;
  lastPage: number;
}

export interface TextIndexSpec<T> {
  key(row: T): string;
  /** The main text (description or name): a match here ranks first. */
  primary(row: T): string;
  /** Other words that find the row (palabras similares, symbol ...). */
  secondary(row: T): string;
  /** A one-word query that may be a key or a key prefix (normalised, lower case). */
  keyPattern: RegExp;
  /** Static order of rows inside a tier: negative when `a` should come first. */
  compare(a: T, b: T): number;
}

/** Words that carry no meaning: not indexed, and dropped from a query unless they are all it has. */
const STOP_WORDS = new Set([
  'a',
  'al',
  'como',
  'con',
  'de',
  'del',
  'e',
  'el',
  'en',
  'la',
  'las',
  'lo',
  'los',
  'o',
  'para',
  'por',
  'sin',
  'su',
  'u',
  'un',
  'una',
  'y',
]);

const CACHE_LIMIT = 4096;
/** Queries this short are answered from lists ranked when the index is built. */
const SHORT_QUERY = 2;
const EMPTY = new Int32Array(0);

/**
 * An in-memory ranked word index. Row ids are assigned in the static order, so every posting list
 * sorted by id is already in rank order and no result ever needs sorting by score.
 */
export class TextIndex<T> {
  readonly #rows: T[];
  readonly #keys: string[];
  /** Normalised keys sorted, with their row ids (key-prefix search). */
  readonly #sortedKeys: string[];
  readonly #sortedKeyIds: Int32Array;
  readonly #idOfKey = new Map<string, number>();
  readonly #primary = new Map<string, Int32Array>();
  readonly #all = new Map<string, Int32Array>();
  /** Every stem of #all, sorted (prefix search). */
  readonly #vocabulary: string[];
  readonly #synonyms = new Map<string, string[]>();
  readonly #spec: TextIndexSpec<T>;
  readonly #prefixCache = new Map<string, Int32Array>();
  readonly #resultCache = new Map<string, Int32Array>();
  /**
   * Ranked results of every one- and two-character query that finds something (each 1–2 character
   * prefix of an indexed word or a key), computed when the index is built: those are the queries a
   * person types first and the costliest ones (15,000–25,000 rows each, ranked in full so that
   * `total` and every page are exact). Part of the index: clearCaches() keeps them.
   */
  readonly #short = new Map<string, Int32Array>();
  readonly #mark: Uint32Array;
  /** Output buffer of one row id each (a result never holds a row twice); results are copies of it. */
  readonly #scratch: Int32Array;
  #stamp = 0;

  constructor(
    rows: readonly T[],
    spec: TextIndexSpec<T>,
    options: { precomputeShortQueries?: boolean } = {},
  ) {
    this.#spec = spec;
    this.#rows = [...rows].sort(spec.compare);
    this.#keys = this.#rows.map((r) => normalize(spec.key(r)));
    const n = this.#rows.length;
    this.#mark = new Uint32Array(n);
    this.#scratch = new Int32Array(n);

    for (let id = n - 1; id >= 0; id--) this.#idOfKey.set(spec.key(this.#rows[id] as T), id);
    const byKey = this.#keys.map((k, i) => [k, i] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1));
    this.#sortedKeys = byKey.map((e) => e[0]);
    this.#sortedKeyIds = Int32Array.from(byKey, (e) => e[1]);

    const primary = new Map<string, number[]>();
    const all = new Map<string, number[]>();
    const add = (map: Map<string, number[]>, s: string, id: number) => {
      const list = map.get(s);
      if (list === undefined) map.set(s, [id]);
      else if (list[list.length - 1] !== id) list.push(id);
    };
    for (let id = 0; id < n; id++) {
      const row = this.#rows[id] as T;
      for (const w of words(spec.primary(row))) {
        if (STOP_WORDS.has(w)) continue;
        const s = stem(w);
        add(primary, s, id);
        add(all, s, id);
      }
      for (const w of words(spec.secondary(row))) if (!STOP_WORDS.has(w)) add(all, stem(w), id);
    }
    for (const [s, list] of primary) this.#primary.set(s, Int32Array.from(list));
    for (const [s, list] of all) this.#all.set(s, Int32Array.from(list));
    this.#vocabulary = [...all.keys()].sort();

    for (const group of SINONIMOS) {
      const stems = [...new Set(group.map((w) => stem(normalize(w))))];
      for (const s of stems) {
        const known = this.#synonyms.get(s) ?? [];
        this.#synonyms.set(s, [...new Set([...known, ...stems])]);
      }
    }
    if (options.precomputeShortQueries !== false) this.#precomputeShortQueries();
  }

  #precomputeShortQueries(): void {
    const queries = new Set<string>();
    const addPrefixes = (w: string) => {
      for (let len = 1; len <= SHORT_QUERY && len <= w.length; len++) queries.add(w.slice(0, len));
    };
    for (const s of this.#vocabulary) addPrefixes(s);
    for (const k of this.#sortedKeys) addPrefixes(k);
    for (const q of queries) {
      if (normalize(q) !== q || q.includes(' ')) continue;
      this.#short.set(q, this.#compute(q));
    }
    this.#prefixCache.clear();
  }

  /** Forgets cached results and prefix unions (benchmarks measure the uncached path with it). */
  clearCaches(): void {
    this.#resultCache.clear();
    this.#prefixCache.clear();
  }

  get size(): number {
    return this.#rows.length;
  }

  /**
   * One page of the ranked results of `query`. An empty query lists every row in key order (the
   * SAT's order of the catalog).
   */
  search(query: string, options: SearchOptions = {}): SearchPage<T> {
    const perPage = Math.min(100, Math.max(1, Math.trunc(options.perPage ?? 20)));
    const currentPage = Math.max(1, Math.trunc(options.page ?? 1));
    let ids = this.rankedIds(query) ?? this.#sortedKeyIds;
    if (options.preferred !== undefined && options.preferred.length > 0) {
      ids = this.#preferFirst(ids, options.preferred);
    }
    const total = ids.length;
    const from = (currentPage - 1) * perPage;
    const to = Math.min(total, from + perPage);
    const data: T[] = [];
    for (let i = from; i < to; i++) data.push(this.#rows[ids[i] as number] as T);
    return { data, currentPage, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) };
  }

  /** The results with those of the preferred keys first (in the keys' order), the rest after. */
  #preferFirst(ids: Int32Array, preferred: readonly string[]): Int32Array {
    const stamp = this.#nextStamp();
    const mark = this.#mark;
    const wanted: number[] = [];
    for (const key of preferred) {
      const id = this.#idOfKey.get(key);
      if (id !== undefined && mark[id] !== stamp) {
        mark[id] = stamp;
        wanted.push(id);
      }
    }
    if (wanted.length === 0) return ids;
    // Which preferred rows are results: a second stamp marks them as seen in `ids`.
    const seen = this.#nextStamp();
    let found = 0;
    for (let i = 0; i < ids.length && found < wanted.length; i++) {
      const id = ids[i] as number;
      if (mark[id] === stamp) {
        mark[id] = seen;
        found++;
      }
    }
    if (found === 0) return ids;
    const out = new Int32Array(ids.length);
    let w = 0;
    for (const id of wanted) if (mark[id] === seen) out[w++] = id;
    for (let i = 0; i < ids.length; i++)
      if (mark[ids[i] as number] !== seen) out[w++] = ids[i] as number;
    return out;
  }

  /** Row ids of the results in rank order; null = every row (empty query). Cached per query. */
  rankedIds(query: string): Int32Array | null {
    const q = normalize(query);
    if (q === '') return null;
    if (q.length <= SHORT_QUERY) {
      const short = this.#short.get(q);
      if (short !== undefined) return short;
    }
    const cached = this.#resultCache.get(q);
    if (cached !== undefined) return cached;
    const result = this.#compute(q);
    if (this.#resultCache.size >= CACHE_LIMIT) {
      const oldest = this.#resultCache.keys().next().value;
      if (oldest !== undefined) this.#resultCache.delete(oldest);
    }
    this.#resultCache.set(q, result);
    return result;
  }

  #compute(q: string): Int32Array {
    const tiers: ArrayLike<number>[] = [];
    let tokens = q.split(' ');
    if (tokens.length === 1 && this.#spec.keyPattern.test(q)) {
      tiers.push(this.#keyRange(q, true), this.#keyRange(q, false));
    }
    const meaningful = tokens.filter((t) => !STOP_WORDS.has(t));
    if (meaningful.length > 0) tokens = meaningful;
    tokens = [...new Set(tokens)];

    const literalPrimary: Int32Array[] = [];
    const literalAll: Int32Array[] = [];
    const wholePrimary: Int32Array[] = [];
    const wholeAll: Int32Array[] = [];
    const prefixPrimary: Int32Array[] = [];
    const prefixAll: Int32Array[] = [];
    for (const token of tokens) {
      const s = stem(token);
      const variants = this.#synonyms.get(s) ?? [s];
      literalPrimary.push(this.#primary.get(s) ?? EMPTY);
      literalAll.push(this.#all.get(s) ?? EMPTY);
      const wp = this.#union(variants.map((v) => this.#primary.get(v) ?? EMPTY));
      const wa = this.#union(variants.map((v) => this.#all.get(v) ?? EMPTY));
      wholePrimary.push(wp);
      wholeAll.push(wa);
      prefixPrimary.push(this.#union([wp, this.#prefix(s, true), this.#prefix(token, true)]));
      prefixAll.push(this.#union([wa, this.#prefix(s, false), this.#prefix(token, false)]));
    }
    // The words as typed before their synonyms: 'consultoría' lists the consulting services before
    // the advisory ones that only a synonym finds.
    tiers.push(intersect(literalPrimary), intersect(wholePrimary));
    tiers.push(intersect(literalAll), intersect(wholeAll), intersect(prefixPrimary));
    const every = intersect(prefixAll);
    tiers.push(every);
    if (every.length === 0 && tokens.length > 1)
      tiers.push(this.#partial([...wholePrimary, ...wholeAll, ...prefixAll]));

    // Concatenate the tiers, each row once, at its best tier.
    const stamp = this.#nextStamp();
    const mark = this.#mark;
    const out = this.#scratch;
    let w = 0;
    for (const list of tiers) {
      for (let i = 0; i < list.length; i++) {
        const id = list[i] as number;
        if (mark[id] !== stamp) {
          mark[id] = stamp;
          out[w++] = id;
        }
      }
    }
    return out.slice(0, w);
  }

  /**
   * Rows matching the most tokens first, then static order. Each list a row is in adds one: a
   * whole word of the description scores 3, a whole similar word 2, a word prefix 1.
   */
  #partial(lists: Int32Array[]): Int32Array {
    const scores = new Map<number, number>();
    for (const list of lists) for (const id of list) scores.set(id, (scores.get(id) ?? 0) + 1);
    const ids = Int32Array.from(scores.keys()).sort();
    const byScore: number[][] = [];
    for (const id of ids) (byScore[scores.get(id) as number] ??= []).push(id);
    const out: number[] = [];
    for (let c = byScore.length - 1; c >= 1; c--) {
      const bucket = byScore[c];
      if (bucket !== undefined) out.push(...bucket);
    }
    return Int32Array.from(out);
  }

  /** Exact key (exact = true) or every key starting with `q` in key order. */
  #keyRange(q: string, exact: boolean): Int32Array {
    const keys = this.#sortedKeys;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[mid] as string) < q) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    if (exact) {
      while (end < keys.length && keys[end] === q) end++;
    } else {
      while (end < keys.length && (keys[end] as string).startsWith(q)) end++;
    }
    return this.#sortedKeyIds.subarray(lo, end);
  }

  /** Rows with a word whose stem starts with `p` (cached). */
  #prefix(p: string, primaryOnly: boolean): Int32Array {
    const cacheKey = (primaryOnly ? 'p:' : 'a:') + p;
    const cached = this.#prefixCache.get(cacheKey);
    if (cached !== undefined) return cached;
    const vocab = this.#vocabulary;
    let lo = 0;
    let hi = vocab.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((vocab[mid] as string) < p) lo = mid + 1;
      else hi = mid;
    }
    const map = primaryOnly ? this.#primary : this.#all;
    const lists: Int32Array[] = [];
    for (let i = lo; i < vocab.length && (vocab[i] as string).startsWith(p); i++) {
      const list = map.get(vocab[i] as string);
      if (list !== undefined) lists.push(list);
    }
    const result = this.#union(lists);
    if (this.#prefixCache.size >= CACHE_LIMIT) {
      const oldest = this.#prefixCache.keys().next().value;
      if (oldest !== undefined) this.#prefixCache.delete(oldest);
    }
    this.#prefixCache.set(cacheKey, result);
    return result;
  }

  /** Sorted union of sorted id lists. */
  #union(lists: Int32Array[]): Int32Array {
    const nonEmpty = lists.filter((l) => l.length > 0);
    if (nonEmpty.length === 0) return EMPTY;
    if (nonEmpty.length === 1) return nonEmpty[0] as Int32Array;
    let total = 0;
    for (const l of nonEmpty) total += l.length;
    if (total * 8 < this.#rows.length) {
      const all = new Int32Array(total);
      let o = 0;
      for (const l of nonEmpty) {
        all.set(l, o);
        o += l.length;
      }
      all.sort();
      let w = 0;
      for (let i = 0; i < all.length; i++)
        if (i === 0 || all[i] !== all[i - 1]) all[w++] = all[i] as number;
      return all.slice(0, w);
    }
    const stamp = this.#nextStamp();
    const mark = this.#mark;
    for (const l of nonEmpty) for (let i = 0; i < l.length; i++) mark[l[i] as number] = stamp;
    const out = this.#scratch;
    let w = 0;
    for (let id = 0; id < mark.length; id++) if (mark[id] === stamp) out[w++] = id;
    return out.slice(0, w);
  }

  #nextStamp(): number {
    this.#stamp++;
    if (this.#stamp === 0xffffffff) {
      this.#mark.fill(0);
      this.#stamp = 1;
    }
    return this.#stamp;
  }
}

/** Intersection of sorted id lists (smallest first, binary search in the others). */
function intersect(lists: Int32Array[]): Int32Array {
  if (lists.length === 0) return EMPTY;
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let acc = sorted[0] as Int32Array;
  for (let k = 1; k < sorted.length && acc.length > 0; k++) {
    const other = sorted[k] as Int32Array;
    const out: number[] = [];
    let lo = 0;
    for (let i = 0; i < acc.length; i++) {
      const v = acc[i] as number;
      let hi = other.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((other[mid] as number) < v) lo = mid + 1;
        else hi = mid;
      }
      if (lo < other.length && other[lo] === v) out.push(v);
    }
    acc = Int32Array.from(out);
  }
  return acc;
}
