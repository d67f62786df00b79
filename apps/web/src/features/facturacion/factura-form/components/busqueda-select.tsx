import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useDebouncedValue } from '#src/shared/ui/use-debounced-value.ts';
import type { Page } from '../api/datos-maestros.ts';

/**
 * A searchable select over one of the enterprise's lists (clients, products): the first page shows
 * on focus, typing searches after the input debounce (spec section 9), and a row is chosen with the
 * mouse or the keyboard. Nothing but a listed row can be chosen.
 */
export function BusquedaSelect<T>(props: {
  id: string;
  /** The chosen row's text, or null. */
  valueLabel: string | null;
  onChange: (row: T | null) => void;
  queryKey: string;
  search: (text: string, page: number, signal: AbortSignal) => Promise<Page<T>>;
  rowKey: (row: T) => string | number;
  renderRow: (row: T) => ReactNode;
  placeholder: string;
  /** What to say when nothing matches. */
  emptyText: string;
  isInvalid?: boolean;
  disabled?: boolean;
}) {
  const { onChange, search } = props;
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const typed = useDebouncedValue(text.trim());
  const settled = typed === text.trim();
  const results = useQuery({
    queryKey: [props.queryKey, 'busqueda', typed],
    enabled: open,
    queryFn: ({ signal }) => search(typed, 1, signal),
  });
  const rows = results.data?.data ?? [];
  const total = results.data?.total ?? 0;

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) {
        setOpen(false);
        setText('');
      }
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const choose = (row: T) => {
    onChange(row);
    setOpen(false);
    setText('');
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
      if (open) event.preventDefault();
      const row = rows[active];
      if (open && settled && row !== undefined) choose(row);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setText('');
    }
  };

  return (
    <div ref={rootRef} className="position-relative">
      <InputGroup hasValidation>
        <Form.Control
          id={props.id}
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          disabled={props.disabled ?? false}
          isInvalid={props.isInvalid ?? false}
          placeholder={props.valueLabel ?? props.placeholder}
          value={open ? text : (props.valueLabel ?? '')}
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
        />
      </InputGroup>
      {open && (
        <div
          className="dropdown-menu show w-100 shadow-sm overflow-auto py-1"
          style={{ maxHeight: 320 }}
        >
          {(!settled || results.isFetching) && rows.length === 0 && (
            <div className="dropdown-item-text text-body-secondary small">
              <Spinner size="sm" className="me-2" />
              Buscando…
            </div>
          )}
          {settled && results.isSuccess && rows.length === 0 && (
            <div className="dropdown-item-text text-body-secondary small">{props.emptyText}</div>
          )}
          {results.isError && (
            <div className="dropdown-item-text text-danger small">
              No fue posible consultar la lista. Inténtelo de nuevo.
            </div>
          )}
          <ul id={listId} role="listbox" className="list-unstyled mb-0">
            {rows.map((row, index) => (
              <li
                key={props.rowKey(row)}
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
                {props.renderRow(row)}
              </li>
            ))}
          </ul>
          {total > rows.length && (
            <div className="dropdown-item-text text-body-secondary small border-top">
              Se muestran {rows.length} de {total}. Escriba para precisar la búsqueda.
            </div>
          )}
        </div>
      )}
    </div>
  );
}
