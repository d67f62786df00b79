import type { PageSize } from './list-query.ts';
import { PageSizeSelect } from './page-size-select.tsx';
import { Pagination } from './pagination.tsx';

const NUMBER = new Intl.NumberFormat('es-MX');

/** Under a list: which rows are shown, the page size and the page bar. */
export function ListFooter(props: {
  page: number;
  perPage: PageSize;
  total: number;
  lastPage: number;
  rowsOnPage: number;
  onPage: (page: number) => void;
  onPerPage: (size: PageSize) => void;
}) {
  const first = props.total === 0 ? 0 : (props.page - 1) * props.perPage + 1;
  const last = first === 0 ? 0 : first + props.rowsOnPage - 1;
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mt-3">
      <div className="d-flex flex-wrap align-items-center gap-3">
        <PageSizeSelect value={props.perPage} onChange={props.onPerPage} />
        <span className="small text-body-secondary" data-testid="list-range">
          Mostrando {NUMBER.format(first)}–{NUMBER.format(last)} de {NUMBER.format(props.total)}
        </span>
      </div>
      <Pagination page={props.page} lastPage={props.lastPage} onPage={props.onPage} />
    </div>
  );
}
