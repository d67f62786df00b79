import { useEffect, useState } from 'react';

/** Spec section 9: input debounce default 900 ms. */
export const INPUT_DEBOUNCE_MS = 900;

export function useDebouncedValue<T>(value: T, delay: number = INPUT_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
