import { type ReactNode, useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { errorMessageOf } from '../../http/api-error.ts';
import { usePuede } from '../../session/permisos.ts';
import { DeleteButton } from './delete-button.tsx';
import { DownloadButton } from './download-button.tsx';
import { ListFooter } from './list-footer.tsx';
import type { ListPage } from './list-page.ts';
import { type ListQuery, clampedPage } from './list-query.ts';
import { SortableHeader } from './sortable-header.tsx';
import type { ListQueryControls } from './use-list-query.ts';
import { NoResults } from './welcome-state.tsx';

/** The title of a list screen with its Importar, Exportar and "new item" actions. */
export function ListHeader(props: {
  title: string;
  description: string;
  importTo: string;
  onExport: () => Promise<unknown>;
  newTo: string;
  newLabel: string;
}) {
  // A read-only role (issue 27) exports; it neither imports nor creates.
  const canChange = usePuede('emitir');
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-4">
      <div>
        <h1 className="h3 fw-bold mb-1">{props.title}</h1>
        <p className="text-body-secondary mb-0">{props.description}</p>
      </div>
      <div className="d-flex flex-wrap gap-2">
        {canChange && (
          <Link className="btn btn-outline-secondary" to={props.importTo}>
            Importar
          </Link>
        )}
        <DownloadButton variant="outline-secondary" download={props.onExport}>
          Exportar
        </DownloadButton>
        {canChange && (
          <Link className="btn btn-primary" to={props.newTo}>
            {props.newLabel}
          </Link>
        )}
      </div>
    </div>
  );
}

/** The first page could not be loaded: the reason and a retry. */
export function ListLoadError(props: { error: unknown; fallback: string; onRetry: () => void }) {
  return (
    <Alert variant="danger">
      {errorMessageOf(props.error, props.fallback)}{' '}
      <Button variant="link" className="p-0 align-baseline" onClick={props.onRetry}>
        Reintentar
      </Button>
    </Alert>
  );
}

/** A page past the end (items deleted elsewhere, an old link) shows the last page instead. */
export function useClampedPage<C extends string>(
  list: ListQueryControls<C>,
  lastPage: number | undefined,
) {
  const clamp = lastPage === undefined ? null : clampedPage(list.query, lastPage);
  useEffect(() => {
    if (clamp) list.replace(clamp);
  });
}

/** A search that matched nothing, with a link back to the whole list. */
export function NoSearchResults(props: { children: ReactNode; onShowAll: () => void }) {
  return (
    <NoResults>
      {props.children}{' '}
      <Button variant="link" className="p-0 align-baseline" onClick={props.onShowAll}>
        Ver todos
      </Button>
    </NoResults>
  );
}

export interface ListColumn<C extends string> {
  column: C;
  label: string;
  className?: string;
}

/** The table head: the sortable columns, any fixed ones, then "Acciones". */
export function ListTableHead<C extends string>(props: {
  columns: ListColumn<C>[];
  query: ListQuery<C>;
  onSort: (column: C) => void;
  extra?: ReactNode;
}) {
  return (
    <thead>
      <tr>
        {props.columns.map((c) => (
          <SortableHeader
            key={c.column}
            column={c.column}
            orderBy={props.query.orderBy}
            orderDirection={props.query.orderDirection}
            onSort={props.onSort}
            {...(c.className ? { className: c.className } : {})}
          >
            {c.label}
          </SortableHeader>
        ))}
        {props.extra}
        <th scope="col" className="text-end">
          Acciones
        </th>
      </tr>
    </thead>
  );
}

/** The last cell of a row: Editar, and Eliminar with its confirmation. */
export function RowActions(props: {
  editTo: string;
  deleteMessage: string;
  onDelete: () => Promise<unknown>;
  redirectTo: () => string;
}) {
  if (!usePuede('emitir')) return <td className="text-end text-body-secondary small">Consulta</td>;
  return (
    <td className="text-end text-nowrap">
      <Link className="btn btn-sm btn-outline-primary me-2" to={props.editTo}>
        Editar
      </Link>
      <DeleteButton
        size="sm"
        message={props.deleteMessage}
        onDelete={props.onDelete}
        redirectTo={props.redirectTo}
      />
    </td>
  );
}

/** The pages and page size under a list's table. */
export function ListPageFooter<C extends string>(props: {
  page: ListPage<unknown>;
  list: ListQueryControls<C>;
}) {
  const { page, list } = props;
  return (
    <ListFooter
      page={page.current_page}
      perPage={list.query.perPage}
      total={page.total}
      lastPage={page.last_page}
      rowsOnPage={page.data.length}
      onPage={list.setPage}
      onPerPage={list.setPerPage}
    />
  );
}
