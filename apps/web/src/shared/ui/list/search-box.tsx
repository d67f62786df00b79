import { useEffect, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { INPUT_DEBOUNCE_MS } from '../use-debounced-value.ts';

/**
 * The search box of a list: it reports what was typed once the person stops typing for 900 ms
 * (spec section 9), or at once on Enter. A value changed from outside (filters reset) is shown.
 */
export function SearchBox(props: {
  value: string;
  onSearch: (text: string) => void;
  placeholder: string;
  label?: string;
  delay?: number;
}) {
  const { value, onSearch } = props;
  const delay = props.delay ?? INPUT_DEBOUNCE_MS;
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearchRef.current(text), delay);
    return () => clearTimeout(timer);
  }, [text, value, delay]);
  return (
    <Form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text);
      }}
    >
      <InputGroup>
        <InputGroup.Text aria-hidden="true">
          <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
            <path d="M11.742 10.344a6.5 6.5 0 1 0-1.397 1.398l3.85 3.85a1 1 0 0 0 1.415-1.414l-3.85-3.85zM12 6.5a5.5 5.5 0 1 1-11 0 5.5 5.5 0 0 1 11 0z" />
          </svg>
        </InputGroup.Text>
        <Form.Control
          type="search"
          aria-label={props.label ?? 'Buscar'}
          placeholder={props.placeholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </InputGroup>
    </Form>
  );
}
