import { useQuery } from '@tanstack/react-query';
import type { IvaFronterizoResponse } from '@repo/contracts/products-services';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { request } from '#src/shared/http/api-client.ts';
import { checkDescriptionUnique, checkInternalCodeUnique } from './check-unique.ts';

/**
 * What the product form calls besides saving: the signed-in enterprise's endpoints, or the initial
 * configuration wizard's new-client/… ones with its token.
 */
export interface ProductFormApi {
  rubros: { queryKey: readonly unknown[]; list: () => Promise<RubroImpuestoResponse[]> };
  checkInternalCodeUnique: (code: string, id: number | null) => Promise<boolean>;
  checkDescriptionUnique: (description: string, id: number | null) => Promise<boolean>;
  /** Why groups with IVA 8 % (border region) cannot go with this product key, if they cannot. */
  ivaFronterizo: (clave: string | null) => Promise<IvaFronterizoResponse>;
  /** Where tax groups are created, or null where that is another step (the wizard). */
  gruposPath: string | null;
}

export const ENTERPRISE_PRODUCT_FORM_API: ProductFormApi = {
  rubros: {
    queryKey: ['rubros-impuestos'],
    list: () => request<RubroImpuestoResponse[]>('rubros-impuestos'),
  },
  checkInternalCodeUnique,
  checkDescriptionUnique,
  ivaFronterizo: (clave) =>
    request<IvaFronterizoResponse>(
      `products-services/iva-fronterizo${clave ? `?clave=${encodeURIComponent(clave)}` : ''}`,
    ),
  gruposPath: '/configuraciones/grupos-de-impuestos',
};

/** The tax groups offered in the product form (GET /rubros-impuestos unless told otherwise). */
export function useRubrosImpuestos(
  source: ProductFormApi['rubros'] = ENTERPRISE_PRODUCT_FORM_API.rubros,
) {
  return useQuery({ queryKey: source.queryKey, queryFn: source.list });
}
