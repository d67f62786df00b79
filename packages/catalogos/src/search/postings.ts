/**
 * Sorted posting lists (row ids in ascending order, which is rank order inside a tier) and the
 * operations a search needs on them without building more lists than it must: membership, merged
 * walks, intersections of unions, counts, unions built out.
 */

export const EMPTY = new Int32Array(0);

/** Smallest index i >= from with list[i] >= v (galloping, then binary search). */
export function gallop(list: Int32Array, from: number, v: number): number {
  const n = list.length;
  if (from >= n || (list[from] as number) >= v) return from;
  let step = 1;
  let lo = from;
  let hi = from + 1;
  while (hi < n && (list[hi] as number) < v) {
    lo = hi;
    step *= 2;
    hi = from + step;
  }
  if (hi > n) hi = n;
  // list[lo] < v; answer in (lo, hi]
  lo++;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function contains(list: Int32Array, v: number): boolean {
  const i = gallop(list, 0, v);
  return i < list.length && list[i] === v;
}

/** Whether any of the lists holds v. */
export function anyContains(lists: readonly Int32Array[], v: number): boolean {
  for (const l of lists) if (contains(l, v)) return true;
  return false;
}

/**
 * The union of sorted lists in ascending order, each id once (one list: as it is). A class and a
 * loop rather than a callback: a search makes no closures.
 */
export class UnionCursor {
  #lists: readonly Int32Array[] = [];
  #pos = new Int32Array(8);
  #last = -1;

  constructor(lists?: readonly Int32Array[]) {
    if (lists !== undefined) this.reset(lists);
  }

  reset(lists: readonly Int32Array[]): this {
    this.#lists = lists;
    if (this.#pos.length < lists.length) this.#pos = new Int32Array(lists.length);
    this.#pos.fill(0, 0, lists.length);
    this.#last = -1;
    return this;
  }

  /** The next id, or -1 at the end. */
  next(): number {
    const lists = this.#lists;
    const pos = this.#pos;
    if (lists.length === 1) {
      const l = lists[0] as Int32Array;
      const p = pos[0] as number;
      if (p >= l.length) return -1;
      pos[0] = p + 1;
      return l[p] as number;
    }
    for (;;) {
      let min = 0x7fffffff;
      for (let k = 0; k < lists.length; k++) {
        const l = lists[k] as Int32Array;
        const p = pos[k] as number;
        if (p < l.length && (l[p] as number) < min) min = l[p] as number;
      }
      if (min === 0x7fffffff) return -1;
      for (let k = 0; k < lists.length; k++) {
        const l = lists[k] as Int32Array;
        const p = pos[k] as number;
        if (p < l.length && l[p] === min) pos[k] = p + 1;
      }
      if (min !== this.#last) {
        this.#last = min;
        return min;
      }
    }
  }
}

/**
 * How many ids the union of sorted lists holds: the longest list counted as it is, the ids of the
 * others looked up in it (`mark`/`stamp` drop the ids the shorter lists share).
 */
export function unionSize(lists: readonly Int32Array[], mark: Uint32Array, stamp: number): number {
  if (lists.length === 0) return 0;
  let big = lists[0] as Int32Array;
  for (const l of lists) if (l.length > big.length) big = l;
  let count = big.length;
  for (const l of lists) {
    if (l === big) continue;
    let at = 0;
    for (let i = 0; i < l.length; i++) {
      const id = l[i] as number;
      if (mark[id] === stamp) continue;
      mark[id] = stamp;
      at = gallop(big, at, id);
      if (at >= big.length || big[at] !== id) count++;
    }
  }
  return count;
}

/**
 * The ids in every group, where a group is the union of its sorted lists (one group per query
 * word), ascending, written to `out`; returns how many. The smallest group drives, the others are
 * probed with galloping cursors, so the cost follows the smallest group, not the largest.
 */
export function intersectUnions(
  groups: readonly (readonly Int32Array[])[],
  out: Int32Array,
): number {
  if (groups.length === 0) return 0;
  let driver = 0;
  let least = Infinity;
  let lists = 0;
  for (let i = 0; i < groups.length; i++) {
    let size = 0;
    for (const l of groups[i] as readonly Int32Array[]) size += l.length;
    lists += (groups[i] as readonly Int32Array[]).length;
    if (size < least) {
      least = size;
      driver = i;
    }
  }
  if (least === 0) return 0;
  // One galloping cursor per list of the other groups, flat: group g's start at `first[g]`.
  if (probe.at.length < lists) probe.at = new Int32Array(lists * 2);
  if (probe.first.length < groups.length) probe.first = new Int32Array(groups.length * 2);
  const at = probe.at;
  const first = probe.first;
  for (let g = 0, o = 0; g < groups.length; o += (groups[g] as readonly Int32Array[]).length, g++)
    first[g] = o;
  at.fill(0, 0, lists);
  const walk = probe.walk.reset(groups[driver] as readonly Int32Array[]);
  let w = 0;
  for (let id = walk.next(); id >= 0; id = walk.next()) {
    let inAll = true;
    for (let g = 0; g < groups.length && inAll; g++) {
      if (g === driver) continue;
      const group = groups[g] as readonly Int32Array[];
      const o = first[g] as number;
      let found = false;
      for (let k = 0; k < group.length && !found; k++) {
        const l = group[k] as Int32Array;
        const i = gallop(l, at[o + k] as number, id);
        at[o + k] = i;
        found = i < l.length && l[i] === id;
      }
      inAll = found;
    }
    if (inAll) out[w++] = id;
  }
  walk.reset(NO_LISTS);
  return w;
}

const NO_LISTS: readonly Int32Array[] = [];

/**
 * intersectUnions' working memory, reused from call to call (it is never re-entered): a search
 * allocates no cursors, so it leaves less garbage for the young generation's collections.
 */
const probe = { at: new Int32Array(32), first: new Int32Array(8), walk: new UnionCursor() };

/**
 * The sorted union of lists holding `total` ids in all, few for the rows of the index: the lists
 * concatenated, sorted, each id once.
 */
export function sortedUnion(lists: readonly Int32Array[], total: number): Int32Array {
  const all = new Int32Array(total);
  let o = 0;
  for (const l of lists) {
    all.set(l, o);
    o += l.length;
  }
  all.sort();
  let w = 0;
  for (let i = 0; i < all.length; i++)
    if (i === 0 || all[i] !== all[i - 1]) all[w++] = all[i] as number;
  return all.slice(0, w);
}

/** The sorted union of lists, through `mark` (one entry per row) and a new `stamp`. */
export function markedUnion(
  lists: readonly Int32Array[],
  mark: Uint32Array,
  stamp: number,
): Int32Array {
  for (const l of lists) for (let i = 0; i < l.length; i++) mark[l[i] as number] = stamp;
  let w = 0;
  for (let id = 0; id < mark.length; id++) if (mark[id] === stamp) w++;
  const out = new Int32Array(w);
  w = 0;
  for (let id = 0; id < mark.length; id++) if (mark[id] === stamp) out[w++] = id;
  return out;
}
