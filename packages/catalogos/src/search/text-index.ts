import { lowerBound, prefixEnd } from './binary-search.ts';
import { normalize } from './normalize.ts';
import { EMPTY, markedUnion, sortedUnion, UnionCursor } from './postings.ts';
import { EveryRow, OneWord, severalWords, type Postings, type Ranking } from './ranking.ts';
import { STOP_WORDS } from './stop-words.ts';
import type { SearchOptions, SearchPage, TextIndexSpec } from './types.ts';
import { addSynonymStems, indexWords, prefixRanges, shortQueries } from './vocabulary.ts';

const CACHE_LIMIT = 4096;
const NO_KEYS: readonly string[] = [];
const NO_LISTS: readonly Int32Array[] = [];

/**
 * An in-memory ranked word index. Row ids are assigned in the static order, so every posting list
 * sorted by id is already in rank order and no result ever needs sorting by score. A query is
 * answered as tiers of lists (`ranking.ts`) walked only as far as the page asked for, with an exact
 * total counted on the lists; the prefix unions that make the common queries costly are built with
 * the index.
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
  /** Rows with a word whose stem starts with the prefix (main text / anywhere), built with the index. */
  readonly #prefixPrimary = new Map<string, Int32Array>();
  readonly #prefixAll = new Map<string, Int32Array>();
  /**
   * The totals of the one- and two-character queries (each prefix of a stem or a key): counting
   * a short key prefix against the rows of its words costs more than the rest of its answer.
   */
  readonly #shortTotals = new Map<string, number>();
  #resultCache = new Map<string, Ranking>();
  readonly #postings: Postings;
  readonly #mark: Uint32Array;
  #stamp = 0;
  readonly #cursor = new UnionCursor();
  readonly #page = new Int32Array(100);
  /** The stems that start with the last prefix computed at query time: vocabulary[lo, hi). */
  readonly #lastRange: { prefix: string | undefined; lo: number; hi: number } = {
    prefix: undefined,
    lo: 0,
    hi: 0,
  };
  readonly #everyRow: EveryRow;

  constructor(rows: readonly T[], spec: TextIndexSpec<T>, options: { precompute?: boolean } = {}) {
    this.#spec = spec;
    this.#rows = [...rows].sort(spec.compare);
    this.#keys = this.#rows.map((r) => normalize(spec.key(r)));
    const n = this.#rows.length;
    this.#mark = new Uint32Array(n);

    for (let id = n - 1; id >= 0; id--) this.#idOfKey.set(spec.key(this.#rows[id] as T), id);
    const byKey = this.#keys.map((k, i) => [k, i] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1));
    this.#sortedKeys = byKey.map((e) => e[0]);
    this.#sortedKeyIds = Int32Array.from(byKey, (e) => e[1]);
    this.#everyRow = new EveryRow(this.#sortedKeyIds);

    this.#vocabulary = indexWords(this.#rows, spec, this.#primary, this.#all);
    addSynonymStems(this.#synonyms);
    this.#postings = this.#postingsView(new Int32Array(n), new Uint16Array(n));
    if (options.precompute !== false) {
      this.#precomputePrefixes();
      this.#precomputeShortTotals();
    }
  }

  #postingsView(scratch: Int32Array, counts: Uint16Array): Postings {
    return {
      size: this.#rows.length,
      primary: (s) => this.#primary.get(s) ?? EMPTY,
      all: (s) => this.#all.get(s) ?? EMPTY,
      prefix: (p, primaryOnly) =>
        (primaryOnly ? this.#prefixPrimary : this.#prefixAll).get(p) ??
        this.#prefixUnion(p, primaryOnly),
      synonyms: (s) => this.#synonyms.get(s),
      keyRange: (q) => this.#keyRange(q),
      keyOf: (id) => this.#keys[id] as string,
      nextStamp: () => this.#nextStamp(),
      mark: this.#mark,
      scratch,
      counts,
    };
  }

  /**
   * The union of rows of every prefix that more than one stem starts with (one stem: its own list
   * is the answer); prefixes that find the same stems share one list. For c_ClaveProdServ: about
   * 4 MB of lists, computed in a fraction of the index's build (see bench/README.md).
   */
  #precomputePrefixes(): void {
    const vocab = this.#vocabulary;
    const shared = new Map<number, [Int32Array, Int32Array]>();
    for (const [p, r] of prefixRanges(vocab)) {
      if (r.hi - r.lo === 1) continue;
      const key = r.lo * (vocab.length + 1) + r.hi;
      let lists = shared.get(key);
      if (lists === undefined) {
        lists = [this.#unionOfStems(r.lo, r.hi, true), this.#unionOfStems(r.lo, r.hi, false)];
        shared.set(key, lists);
      }
      this.#prefixPrimary.set(p, lists[0]);
      this.#prefixAll.set(p, lists[1]);
    }
  }

  #precomputeShortTotals(): void {
    const queries = shortQueries([...this.#vocabulary, ...this.#sortedKeys]);
    for (const q of queries) this.#shortTotals.set(q, this.#compute(q).total);
  }

  /** Forgets cached results (benchmarks measure the uncached path with it). */
  clearCaches(): void {
    // A new map, not clear(): V8 links a cleared map's table to its successor and keeps the old
    // entries in it, so a table that reached the old generation kept every later query's results
    // alive through the young generation's collections (20–50 ms each in the benchmark).
    this.#resultCache = new Map();
    this.#lastRange.prefix = undefined;
  }

  get size(): number {
    return this.#rows.length;
  }

  /**
   * One page of the ranked results of `query`. An empty query lists every row in key order (the
   * SAT's order of the catalog). Preferred keys among the results come first, in their order.
   */
  search(query: string, options: SearchOptions = {}): SearchPage<T> {
    const perPage = Math.min(100, Math.max(1, Math.trunc(options.perPage ?? 20)));
    const currentPage = Math.max(1, Math.trunc(options.page ?? 1));
    const ranking = this.#ranking(query);
    const total = ranking.total;
    const from = (currentPage - 1) * perPage;
    const to = Math.min(total, from + perPage);
    const stamp = this.#nextStamp();
    const mark = this.#mark;
    // The page's row ids, in this index's buffer (perPage is at most 100): no array per search.
    const ids = this.#page;
    let n = 0;
    // The preferred rows that are results come first, marked so that the walk leaves them out.
    let first = 0;
    for (const key of options.preferred ?? NO_KEYS) {
      const id = this.#idOfKey.get(key);
      if (id !== undefined && mark[id] !== stamp && ranking.has(id)) {
        mark[id] = stamp;
        if (first >= from && first < to) ids[n++] = id;
        first++;
      }
    }
    if (from + n < to)
      n += this.#walk(ranking, stamp, Math.max(0, from - first), to - from - n, ids, n);
    const data: T[] = [];
    for (let i = 0; i < n; i++) data.push(this.#rows[ids[i] as number] as T);
    return { data, currentPage, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) };
  }

  /** Row ids of the results in rank order; null = every row (empty query). */
  rankedIds(query: string): Int32Array | null {
    if (normalize(query) === '') return null;
    const ranking = this.#ranking(query);
    const ids = new Int32Array(ranking.total);
    const n = this.#walk(ranking, this.#nextStamp(), 0, ranking.total, ids, 0);
    return n === ids.length ? ids : ids.slice(0, n);
  }

  /**
   * Writes `count` results after the first `skip`, in rank order, each row once (`stamp` marks the
   * rows already given), to `out` from `at`; returns how many it wrote.
   */
  #walk(
    r: Ranking,
    stamp: number,
    skip: number,
    count: number,
    out: Int32Array,
    at: number,
  ): number {
    const mark = this.#mark;
    const cursor = this.#cursor;
    let seen = 0;
    let left = count;
    for (let k = 0; left > 0; k++) {
      const lists = r.tier(k);
      if (lists === undefined) break;
      if (lists.length === 0) continue;
      cursor.reset(lists);
      for (let id = cursor.next(); id >= 0; id = cursor.next()) {
        if (mark[id] === stamp) continue;
        mark[id] = stamp;
        if (seen++ < skip) continue;
        out[at++] = id;
        if (--left === 0) break;
      }
    }
    cursor.reset(NO_LISTS);
    return count - left;
  }

  /** The ranking of a query (cached per normalised query). */
  #ranking(query: string): Ranking {
    const q = normalize(query);
    if (q === '') return this.#everyRow;
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

  #compute(q: string): Ranking {
    const keys = this.#spec.keyPattern.test(q); // a key has no space: one token
    if (q.indexOf(' ') < 0)
      return new OneWord(this.#postings, q, q, keys, this.#shortTotals.get(q));
    // The meaningful words (all of them when there is none), each once, in their order.
    const all = q.split(' ');
    const tokens: string[] = [];
    for (const t of all) if (!STOP_WORDS.has(t) && !tokens.includes(t)) tokens.push(t);
    if (tokens.length === 0) for (const t of all) if (!tokens.includes(t)) tokens.push(t);
    if (tokens.length === 1) {
      const total = this.#shortTotals.get(q);
      return new OneWord(this.#postings, q, tokens[0] as string, false, total);
    }
    return severalWords(this.#postings, tokens);
  }

  /** Every row whose key starts with `q`, in key order. */
  #keyRange(q: string): Int32Array {
    const keys = this.#sortedKeys;
    const lo = lowerBound(keys, q);
    return this.#sortedKeyIds.subarray(lo, prefixEnd(keys, q, lo));
  }

  /** Rows with a word whose stem starts with `p`, computed now. */
  #prefixUnion(p: string, primaryOnly: boolean): Int32Array {
    // A word asks for its prefix's rows twice in a row (main text, then anywhere): the stems'
    // range is looked up once.
    const range = this.#lastRange;
    if (range.prefix !== p) {
      const vocab = this.#vocabulary;
      const lo = lowerBound(vocab, p);
      let hi = lo;
      while (hi < vocab.length && (vocab[hi] as string).startsWith(p)) hi++;
      range.prefix = p;
      range.lo = lo;
      range.hi = hi;
    }
    return this.#unionOfStems(range.lo, range.hi, primaryOnly);
  }

  /** Sorted union of the rows of the stems vocabulary[lo, hi). */
  #unionOfStems(lo: number, hi: number, primaryOnly: boolean): Int32Array {
    const map = primaryOnly ? this.#primary : this.#all;
    // One stem with rows (a long prefix, the common case at query time): its list, no array.
    let only: Int32Array = EMPTY;
    let found = 0;
    for (let i = lo; i < hi && found < 2; i++) {
      const list = map.get(this.#vocabulary[i] as string);
      if (list !== undefined && list.length > 0) {
        only = list;
        found++;
      }
    }
    if (found < 2) return only;
    const lists: Int32Array[] = [];
    let total = 0;
    for (let i = lo; i < hi; i++) {
      const list = map.get(this.#vocabulary[i] as string);
      if (list !== undefined && list.length > 0) {
        lists.push(list);
        total += list.length;
      }
    }
    if (total * 8 < this.#rows.length) return sortedUnion(lists, total);
    const stamp = this.#nextStamp();
    return markedUnion(lists, this.#mark, stamp);
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
