import type { CatalogoItem } from '#src/shared/comprobantes/api/get-catalogo.ts';

export const MOTIVO_REQUIRED_MESSAGE = 'Seleccione el motivo de cancelación';

/**
 * Spec section 5: the cancellation reasons offered exclude 01 (it needs the replacing invoice) and
 * 04 (global invoices only), whatever the catalog service answers.
 */
export function motivosCancelacionOf(
  catalogo: readonly CatalogoItem[],
): (CatalogoItem & { clave: '02' | '03' })[] {
  return catalogo.filter(
    (m): m is CatalogoItem & { clave: '02' | '03' } => m.clave === '02' || m.clave === '03',
  );
}
