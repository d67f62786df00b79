import { type KeyboardEvent, type ReactNode, useCallback, useId, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value.ts';

/**
 * The mechanism shared by the searchable selects: the list opens on focus, typing searches after
 * the input debounce (spec section 9), and a row is chosen with the mouse or the keyboard (arrows,
 * Enter, Escape). The caller loads the rows for `typed` and says what choosing a row does.
 */
export function useSearchCombobox() {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const typed = useDebouncedValue(text.trim());
  const settled = typed === text.trim();

  /** Closes the list and forgets what was typed. */
  const dismiss = useCallback(() => {
    setOpen(false);
    setText('');
  }, []);

  /** The combobox attributes and handlers of the input; `choose` runs for Enter on a row. */
  const inputProps = <T,>(rows: T[], choose: (row: T) => void) => ({
    role: 'combobox',
    autoComplete: 'off',
    'aria-autocomplete': 'list' as const,
    'aria-expanded': open,
    'aria-controls': listId,
    onFocus: () => {
      setOpen(true);
      setActive(0);
    },
    onChange: (e: { target: { value: string } }) => {
      setText(e.target.value);
      setOpen(true);
      setActive(0);
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
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
        dismiss();
      }
    },
  });

  const clearText = () => setText('');

  return { listId, open, text, active, setActive, typed, settled, dismiss, clearText, inputProps };
}

/** The options of a searchable select; a row is chosen on mouse down so the input keeps the focus. */
export function SearchComboboxOptions<T>(props: {
  listId: string;
  rows: T[];
  active: number;
  onActive: (index: number) => void;
  onChoose: (row: T) => void;
  rowKey: (row: T) => string | number;
  renderRow: (row: T) => ReactNode;
  /** Gives each option an id (`<listId>-<index>`) for aria-activedescendant. */
  optionIds?: boolean;
}) {
  return (
    <ul id={props.listId} role="listbox" className="list-unstyled mb-0">
      {props.rows.map((row, index) => (
        <li
          key={props.rowKey(row)}
          {...(props.optionIds ? { id: `${props.listId}-${index}` } : {})}
          role="option"
          aria-selected={index === props.active}
          className={`dropdown-item text-wrap ${index === props.active ? 'active' : ''}`}
          style={{ cursor: 'pointer' }}
          onMouseEnter={() => props.onActive(index)}
          onMouseDown={(e) => {
            e.preventDefault();
            props.onChoose(row);
          }}
        >
          {props.renderRow(row)}
        </li>
      ))}
    </ul>
  );
}
