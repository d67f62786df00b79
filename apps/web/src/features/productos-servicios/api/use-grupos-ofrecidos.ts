import { useQuery } from '@tanstack/react-query';
import { ivaFronterizoGrupoMessage } from '@repo/contracts/products-services';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { type ProductFormApi, useRubrosImpuestos } from './product-form-api.ts';

/** The border-region IVA rate as the tax lists carry it (IVA, Tasa, 0.080000). */
const TASA_IVA_FRONTERIZA = '0.080000';

export function llevaIvaFronterizo(rubro: RubroImpuestoResponse): boolean {
  return rubro.impuestos_trasladados.some(
    (t) =>
      t.selected &&
      t.tax_type === 'IVA' &&
      t.tipo_factor === 'Tasa' &&
      t.value === TASA_IVA_FRONTERIZA,
  );
}

/**
 * The tax groups the product form offers: groups with IVA 8 % only where the API says the
 * border-region stimulus applies to the enterprise's postal code and the product key (rule in
 * packages/cfdi). The chosen group always stays listed, with the reason when it cannot be used.
 */
export function useGruposOfrecidos(api: ProductFormApi, clave: string | null, elegido: string) {
  const rubros = useRubrosImpuestos(api.rubros);
  const hayIva8 = (rubros.data ?? []).some(llevaIvaFronterizo);
  const permiso = useQuery({
    queryKey: [...api.rubros.queryKey, 'iva-fronterizo', clave],
    queryFn: () => api.ivaFronterizo(clave),
    enabled: hayIva8,
  });
  const permitido = permiso.isSuccess && permiso.data.motivo === null;
  const motivo = permiso.data?.motivo ?? null;
  const grupos = (rubros.data ?? []).filter(
    (r) => permitido || !llevaIvaFronterizo(r) || String(r.id) === elegido,
  );
  const elegidoNoPermitido = (rubros.data ?? []).some(
    (r) => String(r.id) === elegido && llevaIvaFronterizo(r),
  );
  return {
    rubros,
    grupos,
    /** The chosen group carries IVA 8 % where it cannot apply: the field's error. */
    error: motivo && elegidoNoPermitido ? ivaFronterizoGrupoMessage(motivo) : undefined,
    /** Why groups with IVA 8 % are not listed, when some are left out. */
    ocultos: motivo && hayIva8 ? `No se muestran los grupos con IVA 8%: ${motivo}` : undefined,
  };
}
