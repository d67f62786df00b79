import { useInfiniteQuery } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import { SearchComboboxOptions, useSearchCombobox } from '../search-combobox.tsx';
import type { CatalogPage } from './clave-catalog-search.ts';

/** A catalog entry as the select shows it: its SAT key and its text. */
export interface ClaveOption {
  clave: string;
  descripcion: string;
}

export interface ClaveSearchSelectProps<T> {
  id: string;
  /** The chosen entry, or null. */
  value: ClaveOption | null;
  onChange: (value: T | null) => void;
  /** Query key prefix of the catalog (cached per typed text and page). */
  catalog: string;
  search: (text: string, page: number, signal: AbortSignal) => Promise<CatalogPage<T>>;
  /** Offered before anything is typed (the most used units); none when absent. */
  initial?: (signal: AbortSignal) => Promise<T[]>;
  toOption: (row: T) => ClaveOption;
  placeholder: string;
  /** Shown under the field before anything is typed. */
  emptyHint: string;
  isInvalid?: boolean;
  onBlur?: () => void;
}

const label = (o: ClaveOption) => `${o.clave} - ${o.descripcion}`;

/**
 * A searchable select over a SAT catalog of the catalog service: the person types a key or words,
 * the matches appear after the input debounce (spec section 9), and one is chosen with the mouse or
 * the keyboard (arrows, Enter, Escape). Nothing but a catalog entry can be chosen.
 */
export function ClaveSearchSelect<T>(props: ClaveSearchSelectProps<T>) {
  const { value, onChange, search, initial, toOption } = props;
  const box = useSearchCombobox();
  const { open, typed } = box;

  const results = useInfiniteQuery({
    queryKey: ['catalogos', props.catalog, typed],
    enabled: open && (typed !== '' || initial !== undefined),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<CatalogPage<T>> => {
      if (typed === '' && initial) {
        const rows = await initial(signal);
        return {
          data: rows,
          current_page: 1,
          per_page: rows.length,
          total: rows.length,
          last_page: 1,
        };
      }
      return search(typed, pageParam, signal);
    },
    getNextPageParam: (last) =>
      last.current_page < last.last_page ? last.current_page + 1 : undefined,
    staleTime: Infinity,
  });
  const rows = results.data?.pages.flatMap((p) => p.data) ?? [];
  const total = results.data?.pages[0]?.total ?? 0;

  // Leaving the field (Tab, a click elsewhere) closes the list; options keep the focus on the input.
  const close = () => {
    if (!open) return;
    box.dismiss();
    props.onBlur?.();
  };

  const choose = (row: T) => {
    onChange(row);
    box.dismiss();
    props.onBlur?.();
  };

  const waiting = open && (!box.settled || results.isFetching) && rows.length === 0;
  let status: string | null = null;
  if (open && typed === '' && !initial) status = props.emptyHint;
  else if (open && box.settled && results.isSuccess && rows.length === 0)
    status = `No se encontró "${typed}" en el catálogo del SAT.`;
  else if (open && results.isError) status = 'No fue posible consultar el catálogo del SAT.';

  return (
    <div className="position-relative">
      <InputGroup hasValidation>
        <Form.Control
          id={props.id}
          {...box.inputProps(rows, choose)}
          {...(open && rows[box.active]
            ? { 'aria-activedescendant': `${box.listId}-${box.active}` }
            : {})}
          isInvalid={props.isInvalid ?? false}
          placeholder={value ? label(value) : props.placeholder}
          className={value && !open ? 'text-body' : undefined}
          value={open ? box.text : value ? label(value) : ''}
          onBlur={close}
        />
        {value && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-label="Quitar selección"
            onClick={() => {
              onChange(null);
              box.clearText();
            }}
          >
            ×
          </button>
        )}
      </InputGroup>
      {open && (
        <div
          className="dropdown-menu show w-100 shadow-sm overflow-auto py-1"
          style={{ maxHeight: 320 }}
        >
          {waiting && (
            <div className="dropdown-item-text text-body-secondary small">
              <Spinner size="sm" className="me-2" />
              Buscando en el catálogo del SAT…
            </div>
          )}
          {status && <div className="dropdown-item-text text-body-secondary small">{status}</div>}
          <SearchComboboxOptions
            listId={box.listId}
            rows={rows}
            active={box.active}
            onActive={box.setActive}
            onChoose={choose}
            rowKey={(row) => toOption(row).clave}
            renderRow={(row) => {
              const option = toOption(row);
              return (
                <>
                  <span className="fw-semibold font-monospace me-2">{option.clave}</span>
                  {option.descripcion}
                </>
              );
            }}
            optionIds
          />
          {results.hasNextPage && (
            <button
              type="button"
              className="dropdown-item text-primary small"
              disabled={results.isFetchingNextPage}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => void results.fetchNextPage()}
            >
              {results.isFetchingNextPage
                ? 'Cargando…'
                : `Ver más resultados (${rows.length} de ${total})`}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
