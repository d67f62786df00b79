/**
 * The lists of one query word, tier by tier (`ranking.ts` walks them): the word as typed, its
 * synonyms, and the words it is a prefix of, in the main text or anywhere.
 */
import { stem } from './normalize.ts';
import type { Postings } from './ranking.ts';

/** The lists of one query word, tier by tier, as unions of sorted lists (empty lists left out). */
export interface WordLists {
  literalPrimary: readonly Int32Array[];
  wholePrimary: readonly Int32Array[];
  literalAll: readonly Int32Array[];
  wholeAll: readonly Int32Array[];
  prefixPrimary: readonly Int32Array[];
  /** Every row the word finds: a superset of the other tiers. */
  prefixAll: readonly Int32Array[];
}

/** No lists: an empty tier. Shared, never written. */
export const NONE: readonly Int32Array[] = [];

/** A tier of one list, or none when it is empty. */
const one = (l: Int32Array): readonly Int32Array[] => (l.length > 0 ? [l] : NONE);

/** The non-empty lists of the stems (main text or anywhere), in their order. */
function listsOf(ix: Postings, stems: readonly string[], primary: boolean): readonly Int32Array[] {
  let out: Int32Array[] | undefined;
  for (const v of stems) {
    const l = primary ? ix.primary(v) : ix.all(v);
    if (l.length > 0) (out ??= []).push(l);
  }
  return out ?? NONE;
}

/**
 * A word's lists, tier by tier. Built with few arrays (a search runs on every keystroke, and its
 * garbage is what makes the young generation's collections land in its slowest answers): a word
 * without synonyms shares its literal and whole tiers.
 */
export function wordLists(ix: Postings, token: string): WordLists {
  const s = stem(token);
  const synonyms = ix.synonyms(s);
  const literalPrimary = one(ix.primary(s));
  const literalAll = one(ix.all(s));
  return {
    literalPrimary,
    wholePrimary: synonyms ? listsOf(ix, synonyms, true) : literalPrimary,
    literalAll,
    wholeAll: synonyms ? listsOf(ix, synonyms, false) : literalAll,
    prefixPrimary: prefixLists(ix, token, s, synonyms, true),
    prefixAll: prefixLists(ix, token, s, synonyms, false),
  };
}

/**
 * The rows of a word's prefix: the prefix's own list, and only the synonyms that do not start with
 * it (its list holds those), and the prefix of the word as typed when it does not start with its
 * stem ('luces' → 'luz').
 */
function prefixLists(
  ix: Postings,
  token: string,
  s: string,
  synonyms: readonly string[] | undefined,
  primary: boolean,
): readonly Int32Array[] {
  const own = ix.prefix(s, primary);
  const starts = token.startsWith(s);
  let extra = !starts;
  for (const v of synonyms ?? NO_STEMS) extra ||= !v.startsWith(s);
  if (!extra) return one(own); // the common case: no array to grow
  const lists: Int32Array[] = [];
  pushNonEmpty(lists, own);
  for (const v of synonyms ?? NO_STEMS)
    if (!v.startsWith(s)) pushNonEmpty(lists, primary ? ix.primary(v) : ix.all(v));
  if (!starts) pushNonEmpty(lists, ix.prefix(token, primary));
  return lists;
}

const NO_STEMS: readonly string[] = [];

function pushNonEmpty(lists: Int32Array[], l: Int32Array): void {
  if (l.length > 0) lists.push(l);
}

export const TIERS = [
  'literalPrimary',
  'wholePrimary',
  'literalAll',
  'wholeAll',
  'prefixPrimary',
  'prefixAll',
] as const;

/** Whether tier k of every word holds the same lists as one earlier tier of every word. */
export function repeatsEarlier(words: readonly WordLists[], k: number): boolean {
  const name = TIERS[k] as (typeof TIERS)[number];
  for (let j = 0; j < k; j++) {
    const earlier = TIERS[j] as (typeof TIERS)[number];
    let same = true;
    for (let i = 0; i < words.length && same; i++) {
      const w = words[i] as WordLists;
      same = sameLists(w[earlier], w[name]);
    }
    if (same) return true;
  }
  return false;
}

function sameLists(a: readonly Int32Array[], b: readonly Int32Array[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
