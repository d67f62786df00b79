import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CodigoPostalResponse,
  ColoniaResponse,
  EstadoResponse,
  MunicipioResponse,
} from '@repo/contracts/catalogos';
import { POSTAL_CODE_LENGTH } from '@repo/contracts/datos-fiscales';
import { CATALOGOS_BASE } from '../../config.ts';
import { request } from '../../http/api-client.ts';

type Estado = z.infer<typeof EstadoResponse>;
type Municipio = z.infer<typeof MunicipioResponse>;
type Colonia = z.infer<typeof ColoniaResponse>;

/** What the catalog service knows about one postal code. */
export interface CodigoPostalInfo {
  codigoPostal: CodigoPostalResponse;
  municipios: Municipio[];
  localidades: Municipio[];
  colonias: Colonia[];
}

const search = <T>(path: string, codigoPostal: string) =>
  request<T>(path, { method: 'POST', body: { codigo_postal: codigoPostal }, base: CATALOGOS_BASE });

/** POST /codigos-postales/search, /municipios/search, /localidades/search and /colonias/search. */
export async function lookUpCodigoPostal(codigoPostal: string): Promise<CodigoPostalInfo> {
  const [info, municipios, localidades, colonias] = await Promise.all([
    search<CodigoPostalResponse>('codigos-postales/search', codigoPostal),
    search<Municipio[]>('municipios/search', codigoPostal),
    search<Municipio[]>('localidades/search', codigoPostal),
    search<Colonia[]>('colonias/search', codigoPostal),
  ]);
  return { codigoPostal: info, municipios, localidades, colonias };
}

/** Spec section 5: a lookup is made only once the postal code has 5 characters. */
export function isCompleteCodigoPostal(value: string): boolean {
  return value.trim().length === POSTAL_CODE_LENGTH;
}

export const codigoPostalQuery = (codigoPostal: string) => ({
  queryKey: ['catalogos', 'codigo-postal', codigoPostal.trim()],
  queryFn: () => lookUpCodigoPostal(codigoPostal.trim()),
  staleTime: Infinity,
  retry: false,
});

export function useCodigoPostalInfo(codigoPostal: string) {
  return useQuery({
    ...codigoPostalQuery(codigoPostal),
    enabled: isCompleteCodigoPostal(codigoPostal),
  });
}

export function useEstados() {
  return useQuery({
    queryKey: ['catalogos', 'estados'],
    queryFn: () => request<Estado[]>('estados', { base: CATALOGOS_BASE }),
    staleTime: Infinity,
  });
}
