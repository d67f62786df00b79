import { useQuery } from '@tanstack/react-query';
import { CATALOGOS_BASE } from '#src/shared/config.ts';
import { request } from '#src/shared/http/api-client.ts';

/** The catalogs of the catalog service the invoicing screens name keys with. */
export type CatalogoPath =
  'regimenes-fiscales' | 'usos-cfdis' | 'formas-pagos' | 'metodos-pago' | 'motivos-cancelacion';

export interface CatalogoItem {
  clave: string;
  descripcion: string;
}

/** GET /{catalogo} of the catalog service; SAT catalogs change rarely, so it is read once. */
export function useCatalogo(path: CatalogoPath) {
  return useQuery({
    queryKey: ['catalogos', path],
    queryFn: () => request<CatalogoItem[]>(path, { base: CATALOGOS_BASE }),
    staleTime: Infinity,
  });
}

/** `clave - descripción` when the catalog knows the key, else the key alone. */
export function claveConDescripcion(
  items: readonly CatalogoItem[] | undefined,
  clave: string,
): string {
  const found = items?.find((item) => item.clave === clave);
  return found ? `${found.clave} - ${found.descripcion}` : clave;
}
