import { useQuery } from '@tanstack/react-query';
import { API_BASE } from '../config.ts';

/** GET /api/client-config (public): is the PAC a test one, whose stamps have no fiscal validity? */
async function fetchModoPruebas(): Promise<boolean> {
  const response = await fetch(`${API_BASE.replace(/\/+$/, '')}/client-config`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`client-config: ${String(response.status)}`);
  const body = (await response.json()) as { data?: { modo_pruebas?: unknown } } | null;
  return body?.data?.modo_pruebas === true;
}

/** True when the app stamps with a test PAC; undefined while it is not known yet. */
export function useModoPruebas(): boolean | undefined {
  return useQuery({
    queryKey: ['client-config', 'modo-pruebas'],
    queryFn: fetchModoPruebas,
    staleTime: Infinity,
  }).data;
}
