/** Spec section 9: the page bar shows 5 pages at most, with ellipses for the pages left out. */
export const PAGE_BAR_SIZE = 5;

export type PageBarItem =
  { kind: 'page'; page: number } | { kind: 'ellipsis'; key: 'start' | 'end' };

/**
 * The buttons of the page bar: a window of 5 pages around the current one, the first and last page
 * reachable through the ellipses' neighbours. `1 … 4 5 6 7 8 … 20`.
 */
export function pageBarItems(current: number, last: number): PageBarItem[] {
  if (last <= 1) return [];
  const page = Math.min(Math.max(current, 1), last);
  const size = Math.min(PAGE_BAR_SIZE, last);
  let start = Math.max(1, page - Math.floor(size / 2));
  const end = Math.min(last, start + size - 1);
  start = Math.max(1, end - size + 1);
  const items: PageBarItem[] = [];
  if (start > 1) {
    items.push({ kind: 'page', page: 1 });
    if (start > 2) items.push({ kind: 'ellipsis', key: 'start' });
  }
  for (let p = start; p <= end; p++) items.push({ kind: 'page', page: p });
  if (end < last) {
    if (end < last - 1) items.push({ kind: 'ellipsis', key: 'end' });
    items.push({ kind: 'page', page: last });
  }
  return items;
}
