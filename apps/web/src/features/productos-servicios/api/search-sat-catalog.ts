import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  searchProductosServicios,
  searchUnidades,
} from '#src/shared/ui/catalog/clave-catalog-search.ts';

/** One page of the SAT's c_ClaveProdServ or c_ClaveUnidad, for the catalogue pages of the import. */
export function useSatCatalogPage(
  catalog: 'productos-servicios' | 'unidades',
  text: string,
  page: number,
) {
  return useQuery({
    queryKey: ['catalogos', catalog, 'page', text, page],
    queryFn: async ({ signal }) => {
      if (catalog === 'unidades') {
        const result = await searchUnidades(text, page, signal);
        return {
          ...result,
          data: result.data.map((u) => ({
            clave: u.clave,
            descripcion: u.nombre,
            detalle: u.descripcion,
          })),
        };
      }
      const result = await searchProductosServicios(text, page, signal);
      return {
        ...result,
        data: result.data.map((p) => ({
          clave: p.clave,
          descripcion: p.descripcion,
          detalle: p.palabras_similares,
        })),
      };
    },
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}
