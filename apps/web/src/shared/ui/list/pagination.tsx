import BootstrapPagination from 'react-bootstrap/Pagination';
import { pageBarItems } from './page-bar.ts';

const Item = BootstrapPagination.Item;

/** The page bar of spec section 9: 5 pages with ellipses, previous and next. */
export function Pagination(props: {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  const { page, lastPage, onPage } = props;
  const items = pageBarItems(page, lastPage);
  if (items.length === 0) return null;
  return (
    <nav aria-label={props.label ?? 'Paginación'}>
      <BootstrapPagination className="mb-0">
        <Item disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Página anterior">
          <span aria-hidden="true">‹</span>
        </Item>
        {items.map((item) =>
          item.kind === 'ellipsis' ? (
            <Item key={item.key} disabled aria-label="Más páginas">
              <span aria-hidden="true">…</span>
            </Item>
          ) : (
            <Item
              key={item.page}
              active={item.page === page}
              activeLabel=""
              onClick={() => item.page !== page && onPage(item.page)}
              aria-label={`Página ${item.page}`}
              {...(item.page === page ? { 'aria-current': 'page' as const } : {})}
            >
              {item.page}
            </Item>
          ),
        )}
        <Item
          disabled={page >= lastPage}
          onClick={() => onPage(page + 1)}
          aria-label="Página siguiente"
        >
          <span aria-hidden="true">›</span>
        </Item>
      </BootstrapPagination>
    </nav>
  );
}
