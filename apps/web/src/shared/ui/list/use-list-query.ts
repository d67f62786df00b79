import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  type ListDefaults,
  type ListQuery,
  type PageSize,
  listQueryString,
  parseListQuery,
  queryAfterDelete,
  sortedBy,
} from './list-query.ts';

export interface ListQueryControls<C extends string> {
  query: ListQuery<C>;
  setPage: (page: number) => void;
  setPerPage: (perPage: PageSize) => void;
  toggleSort: (column: C) => void;
  setSearch: (search: string) => void;
  /** Replaces the whole state without a new history entry (used to clamp a page past the end). */
  replace: (query: ListQuery<C>) => void;
  /** The list URL to go to once an item of the current page is deleted (spec section 4, "Lists"). */
  urlAfterDelete: (page: { rowsOnPage: number; total: number }) => string;
  /** The list URL of the current state (for "back to the list" links from create and edit). */
  url: string;
}

/** The list state of a screen, kept in its URL query (page, per_page, order_by, order_direction, search). */
export function useListQuery<C extends string>(defaults: ListDefaults<C>): ListQueryControls<C> {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const query = parseListQuery(params, defaults);
  const urlOf = (next: ListQuery<C>) => `${pathname}${listQueryString(next, defaults)}`;
  const go = (next: ListQuery<C>, replace = false) => void navigate(urlOf(next), { replace });
  return {
    query,
    setPage: (page) => go({ ...query, page }),
    setPerPage: (perPage) => go({ ...query, perPage, page: 1 }),
    toggleSort: (column) => go(sortedBy(query, column)),
    setSearch: (search) => {
      const trimmed = search.trim();
      if (trimmed !== query.search) go({ ...query, search: trimmed, page: 1 }, true);
    },
    replace: (next) => go(next, true),
    urlAfterDelete: (page) => urlOf(queryAfterDelete(query, page)),
    url: urlOf(query),
  };
}
