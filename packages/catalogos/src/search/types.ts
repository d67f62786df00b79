/** What a text index is asked (a page of a query's results) and told about its rows. */

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
