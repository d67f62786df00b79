import { type ReactNode, useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import { SearchComboboxOptions, useSearchCombobox } from '#src/shared/ui/search-combobox.tsx';
import type { Page } from './api/datos-maestros.ts';

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
  const box = useSearchCombobox();
  const { open, dismiss } = box;
  const rootRef = useRef<HTMLDivElement>(null);
  const results = useQuery({
    queryKey: [props.queryKey, 'busqueda', box.typed],
    enabled: open,
    queryFn: ({ signal }) => search(box.typed, 1, signal),
  });
  const rows = results.data?.data ?? [];
  const total = results.data?.total ?? 0;

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) dismiss();
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open, dismiss]);

  const choose = (row: T) => {
    onChange(row);
    dismiss();
  };

  return (
    <div ref={rootRef} className="position-relative">
      <InputGroup hasValidation>
        <Form.Control
          id={props.id}
          {...box.inputProps(rows, choose)}
          disabled={props.disabled ?? false}
          isInvalid={props.isInvalid ?? false}
          placeholder={props.valueLabel ?? props.placeholder}
          value={open ? box.text : (props.valueLabel ?? '')}
        />
      </InputGroup>
      {open && (
        <div
          className="dropdown-menu show w-100 shadow-sm overflow-auto py-1"
          style={{ maxHeight: 320 }}
        >
          {(!box.settled || results.isFetching) && rows.length === 0 && (
            <div className="dropdown-item-text text-body-secondary small">
              <Spinner size="sm" className="me-2" />
              Buscando…
            </div>
          )}
          {box.settled && results.isSuccess && rows.length === 0 && (
            <div className="dropdown-item-text text-body-secondary small">{props.emptyText}</div>
          )}
          {results.isError && (
            <div className="dropdown-item-text text-danger small">
              No fue posible consultar la lista. Inténtelo de nuevo.
            </div>
          )}
          <SearchComboboxOptions
            listId={box.listId}
            rows={rows}
            active={box.active}
            onActive={box.setActive}
            onChoose={choose}
            rowKey={props.rowKey}
            renderRow={props.renderRow}
          />
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
