import type { ReactNode } from 'react';
import type { SortDirection } from './list-query.ts';

/** A column header that sorts the list by its column; clicking again flips the direction. */
export function SortableHeader<C extends string>(props: {
  column: C;
  orderBy: C;
  orderDirection: SortDirection;
  onSort: (column: C) => void;
  children: ReactNode;
  className?: string;
}) {
  const active = props.column === props.orderBy;
  const ariaSort = active ? (props.orderDirection === 'asc' ? 'ascending' : 'descending') : 'none';
  const arrow = active ? (props.orderDirection === 'asc' ? '▲' : '▼') : '↕';
  return (
    <th scope="col" aria-sort={ariaSort} className={props.className}>
      <button
        type="button"
        className="btn btn-link p-0 fw-semibold text-reset text-decoration-none d-inline-flex align-items-center gap-1 text-nowrap"
        onClick={() => props.onSort(props.column)}
      >
        {props.children}
        <span aria-hidden="true" className={active ? 'small' : 'small opacity-25'}>
          {arrow}
        </span>
      </button>
    </th>
  );
}
