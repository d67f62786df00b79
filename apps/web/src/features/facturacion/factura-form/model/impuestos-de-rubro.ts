import type { ImpuestoDraft, ImpuestoLocalDraft } from '@repo/cfdi/calc';
import { IMPUESTO, OBJETO_IMP, type Impuesto, type ObjetoImp } from '@repo/cfdi/catalogos';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';

const CLAVE_IMPUESTO: Record<'IVA' | 'IEPS' | 'ISR', Impuesto> = {
  ISR: IMPUESTO.ISR,
  IVA: IMPUESTO.IVA,
  IEPS: IMPUESTO.IEPS,
};

/** The taxes of one partida, as the CFDI engine takes them. */
export interface ImpuestosPartida {
  objetoImp: ObjetoImp;
  impuestos: ImpuestoDraft[];
  impuestosLocales: ImpuestoLocalDraft[];
}

/** Spec section 9: IEPS, then IVA, then ISR. */
const ORDEN: Record<'IVA' | 'IEPS' | 'ISR', number> = { IEPS: 0, IVA: 1, ISR: 2 };

/**
 * The selected taxes of a tax group (rubro de impuestos) as the engine's drafts: transferred and
 * withheld federal taxes with their SAT TasaOCuota, and the state taxes with their percentage.
 */
export function impuestosDeRubro(
  rubro: RubroImpuestoResponse | null | undefined,
): ImpuestosPartida {
  if (!rubro) return { objetoImp: OBJETO_IMP.NO_OBJETO, impuestos: [], impuestosLocales: [] };
  const federales = (
    tipo: 'traslado' | 'retencion',
    lista: RubroImpuestoResponse['impuestos_trasladados'],
  ) =>
    lista
      .filter((t) => t.selected)
      .sort((a, b) => ORDEN[a.tax_type] - ORDEN[b.tax_type])
      .map((t): ImpuestoDraft => ({
        tipo,
        impuesto: CLAVE_IMPUESTO[t.tax_type],
        tipoFactor: t.tipo_factor,
        ...(t.tipo_factor === 'Exento' || t.value === null ? {} : { tasaOCuota: t.value }),
      }));
  const locales = (
    tipo: 'traslado' | 'retencion',
    lista: RubroImpuestoResponse['impuestos_locales_trasladados'],
  ) =>
    lista
      .filter((t) => t.selected)
      .map((t): ImpuestoLocalDraft => ({ tipo, nombre: t.impuesto, tasa: t.tasa }));
  const objetoImp: ObjetoImp =
    rubro.objeto_impuesto_key === '02' ? OBJETO_IMP.SI_OBJETO : OBJETO_IMP.NO_OBJETO;
  return {
    objetoImp,
    impuestos:
      objetoImp === OBJETO_IMP.SI_OBJETO
        ? [
            ...federales('traslado', rubro.impuestos_trasladados),
            ...federales('retencion', rubro.impuestos_retenidos),
          ]
        : [],
    impuestosLocales: [
      ...locales('traslado', rubro.impuestos_locales_trasladados),
      ...locales('retencion', rubro.impuestos_locales_retenidos),
    ],
  };
}
