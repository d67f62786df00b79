import { useEffect, useState } from 'react';
import { RUBRO_NAME_TAKEN } from '@repo/contracts/rubros-impuestos';
import { useDebouncedValue } from '#src/shared/ui/use-debounced-value.ts';

export type NameStatus = 'idle' | 'checking' | 'unique' | 'taken';

/** Spec section 5: the tax group name is checked by the server after the 900 ms input debounce. */
export function useUniqueRubroName(
  name: string,
  rubroId: number | null,
  check: (name: string, rubroId: number | null) => Promise<boolean>,
): { status: NameStatus; message: string | null } {
  const value = name.trim();
  const debounced = useDebouncedValue(value);
  const [result, setResult] = useState<{ value: string; unique: boolean } | null>(null);

  useEffect(() => {
    if (debounced === '' || debounced !== value) return;
    let current = true;
    check(debounced, rubroId).then(
      (unique) => {
        if (current) setResult({ value: debounced, unique });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [debounced, value, rubroId, check]);

  if (value === '') return { status: 'idle', message: null };
  if (result?.value !== value) return { status: 'checking', message: null };
  return result.unique
    ? { status: 'unique', message: null }
    : { status: 'taken', message: RUBRO_NAME_TAKEN };
}
