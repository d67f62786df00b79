import { useQuery } from '@tanstack/react-query';
import { loadClientConfig } from '../client-config.ts';

/** Is the PAC a test one, whose stamps have no fiscal validity? (GET /api/client-config) */
async function fetchModoPruebas(): Promise<boolean> {
  const config = await loadClientConfig();
  if (!config) throw new Error('client-config: no answer');
  return config.modo_pruebas === true;
}

/** True when the app stamps with a test PAC; undefined while it is not known yet. */
export function useModoPruebas(): boolean | undefined {
  return useQuery({
    queryKey: ['client-config', 'modo-pruebas'],
    queryFn: fetchModoPruebas,
    staleTime: Infinity,
  }).data;
}
