import { type KeyboardEvent, useId, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useDebouncedValue } from '../use-debounced-value.ts';
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
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const typed = useDebouncedValue(text.trim());
  const settled = typed === text.trim();

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
    setOpen(false);
    setText('');
    props.onBlur?.();
  };

  const choose = (row: T) => {
    onChange(row);
    setOpen(false);
    setText('');
    props.onBlur?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, Math.max(rows.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (event.key === 'Enter') {
      if (open && settled && rows[active]) {
        event.preventDefault();
        choose(rows[active]);
      } else if (open) event.preventDefault();
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setText('');
    }
  };

  const waiting = open && (!settled || results.isFetching) && rows.length === 0;
  let status: string | null = null;
  if (open && typed === '' && !initial) status = props.emptyHint;
  else if (open && settled && results.isSuccess && rows.length === 0)
    status = `No se encontró "${typed}" en el catálogo del SAT.`;
  else if (open && results.isError) status = 'No fue posible consultar el catálogo del SAT.';

  return (
    <div className="position-relative">
      <InputGroup hasValidation>
        <Form.Control
          id={props.id}
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          {...(open && rows[active] ? { 'aria-activedescendant': `${listId}-${active}` } : {})}
          isInvalid={props.isInvalid ?? false}
          placeholder={value ? label(value) : props.placeholder}
          className={value && !open ? 'text-body' : undefined}
          value={open ? text : value ? label(value) : ''}
          onFocus={() => {
            setOpen(true);
            setActive(0);
          }}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        {value && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-label="Quitar selección"
            onClick={() => {
              onChange(null);
              setText('');
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
          <ul id={listId} role="listbox" className="list-unstyled mb-0">
            {rows.map((row, index) => {
              const option = toOption(row);
              return (
                <li
                  key={option.clave}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={`dropdown-item text-wrap ${index === active ? 'active' : ''}`}
                  style={{ cursor: 'pointer' }}
                  onMouseEnter={() => setActive(index)}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(row);
                  }}
                >
                  <span className="fw-semibold font-monospace me-2">{option.clave}</span>
                  {option.descripcion}
                </li>
              );
            })}
          </ul>
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
