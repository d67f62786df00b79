/** Binary searches in sorted string arrays (the index's stems, its normalised keys). */

/** First index of a sorted string array whose value is >= s. */
export function lowerBound(sorted: readonly string[], s: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < s) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The end of the strings that start with `q` from `lo` (`lowerBound(sorted, q)`) on. */
export function prefixEnd(sorted: readonly string[], q: string, lo: number): number {
  // The keys from lo on start with q up to a point: binary search for it.
  let hi = lo;
  let top = sorted.length;
  while (hi < top) {
    const mid = (hi + top) >>> 1;
    if ((sorted[mid] as string).startsWith(q)) hi = mid + 1;
    else top = mid;
  }
  return hi;
}
