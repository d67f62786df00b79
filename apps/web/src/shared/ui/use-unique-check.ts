import { useEffect, useState } from 'react';
import { useDebouncedValue } from '#src/shared/ui/use-debounced-value.ts';

export type UniqueStatus =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'unique' }
  | { state: 'taken'; message: string };

/**
 * Spec section 5: an async uniqueness check after the 900 ms input debounce. `enabled` is false while
 * the value is not valid locally or is exempt (a malformed e-mail or RFC, a generic RFC), so no call is made.
 */
export function useUniqueCheck(
  value: string,
  enabled: boolean,
  check: (value: string) => Promise<string | null>,
): UniqueStatus {
  const debounced = useDebouncedValue(value);
  const [result, setResult] = useState<{ value: string; status: UniqueStatus }>({
    value: '',
    status: { state: 'idle' },
  });
  const settled = debounced === value;

  useEffect(() => {
    if (!enabled || !settled || debounced === '') return;
    let current = true;
    check(debounced).then(
      (message) => {
        if (current) {
          setResult({
            value: debounced,
            status: message ? { state: 'taken', message } : { state: 'unique' },
          });
        }
      },
      () => {
        if (current) setResult({ value: debounced, status: { state: 'idle' } });
      },
    );
    return () => {
      current = false;
    };
  }, [debounced, enabled, settled, check]);

  if (!enabled || value === '') return { state: 'idle' };
  if (result.value === value) return result.status;
  return { state: 'checking' };
}
