import type { ImpuestoDraft, ImpuestoLocalDraft } from '@repo/cfdi/calc';
import { IMPUESTO, type Impuesto } from '@repo/cfdi/catalogos';
import type { TaxResponse } from '@repo/contracts/impuestos';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';

const CLAVE_IMPUESTO: Record<TaxResponse['tax_type'], Impuesto> = {
  ISR: IMPUESTO.ISR,
  IVA: IMPUESTO.IVA,
  IEPS: IMPUESTO.IEPS,
};

/** Spec section 9: IEPS, then IVA, then ISR. */
const ORDEN: Record<TaxResponse['tax_type'], number> = { IEPS: 0, IVA: 1, ISR: 2 };

/** The tax lists of a partida, as the API stores them: ids of the enterprise's taxes. */
export interface ImpuestosIds {
  impuestos_trasladados: number[];
  impuestos_retenidos: number[];
  impuestos_locales_trasladados: string[];
  impuestos_locales_retenidos: string[];
}

/** The enterprise's taxes by id, to read a partida's ids. */
export interface CatalogoImpuestos {
  trasladados: ReadonlyMap<number, TaxResponse>;
  retenidos: ReadonlyMap<number, TaxResponse>;
  locales: ReadonlyMap<string, { impuesto: string; tasa: string }>;
}

/** The taxes of one partida, as the CFDI engine takes them. */
export interface ImpuestosPartida {
  impuestos: ImpuestoDraft[];
  impuestosLocales: ImpuestoLocalDraft[];
  /** Ids that name no tax of the enterprise (a tax removed since the draft was saved). */
  desconocidos: number;
}

export const SIN_IMPUESTOS: ImpuestosIds = {
  impuestos_trasladados: [],
  impuestos_retenidos: [],
  impuestos_locales_trasladados: [],
  impuestos_locales_retenidos: [],
};

export function catalogoDeImpuestos(input: {
  trasladados: readonly TaxResponse[];
  retenidos: readonly TaxResponse[];
  rubros: readonly RubroImpuestoResponse[];
}): CatalogoImpuestos {
  const trasladados = new Map(input.trasladados.map((t) => [t.id, t]));
  const retenidos = new Map(input.retenidos.map((t) => [t.id, t]));
  const locales = new Map<string, { impuesto: string; tasa: string }>();
  for (const r of input.rubros) {
    for (const t of r.impuestos_trasladados) if (!trasladados.has(t.id)) trasladados.set(t.id, t);
    for (const t of r.impuestos_retenidos) if (!retenidos.has(t.id)) retenidos.set(t.id, t);
    for (const l of [...r.impuestos_locales_trasladados, ...r.impuestos_locales_retenidos])
      locales.set(l.id, { impuesto: l.impuesto, tasa: l.tasa });
  }
  return { trasladados, retenidos, locales };
}

/** The selected taxes of a tax group (rubro de impuestos): what a partida gets from its product. */
export function idsDeRubro(rubro: RubroImpuestoResponse | null | undefined): ImpuestosIds {
  if (!rubro) return SIN_IMPUESTOS;
  const federal = rubro.objeto_impuesto_key === '02';
  const sel = <T extends { selected: boolean; id: unknown }>(l: readonly T[]) =>
    l.filter((t) => t.selected).map((t) => t.id as T['id']);
  return {
    impuestos_trasladados: federal ? sel(rubro.impuestos_trasladados) : [],
    impuestos_retenidos: federal ? sel(rubro.impuestos_retenidos) : [],
    impuestos_locales_trasladados: sel(rubro.impuestos_locales_trasladados),
    impuestos_locales_retenidos: sel(rubro.impuestos_locales_retenidos),
  };
}

/** The tax group whose selection is exactly these ids, if any (to show it on an edited draft). */
export function rubroDeIds(
  rubros: readonly RubroImpuestoResponse[],
  ids: ImpuestosIds,
): RubroImpuestoResponse | null {
  const same = (a: readonly (number | string)[], b: readonly (number | string)[]) =>
    a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');
  return (
    rubros.find((r) => {
      const g = idsDeRubro(r);
      return (
        same(g.impuestos_trasladados, ids.impuestos_trasladados) &&
        same(g.impuestos_retenidos, ids.impuestos_retenidos) &&
        same(g.impuestos_locales_trasladados, ids.impuestos_locales_trasladados) &&
        same(g.impuestos_locales_retenidos, ids.impuestos_locales_retenidos)
      );
    }) ?? null
  );
}

/** A partida's tax ids as the engine's drafts, in the order IEPS, IVA, ISR. */
export function impuestosDePartida(
  ids: ImpuestosIds,
  catalogo: CatalogoImpuestos,
): ImpuestosPartida {
  let desconocidos = 0;
  const federales = (tipo: 'traslado' | 'retencion', lista: readonly number[]) =>
    lista
      .flatMap((id) => {
        const t = (tipo === 'traslado' ? catalogo.trasladados : catalogo.retenidos).get(id);
        if (!t) desconocidos += 1;
        return t ? [t] : [];
      })
      .sort((a, b) => ORDEN[a.tax_type] - ORDEN[b.tax_type])
      .map((t): ImpuestoDraft => ({
        tipo,
        impuesto: CLAVE_IMPUESTO[t.tax_type],
        tipoFactor: t.tipo_factor,
        ...(t.tipo_factor === 'Exento' || t.value === null ? {} : { tasaOCuota: t.value }),
      }));
  const locales = (tipo: 'traslado' | 'retencion', lista: readonly string[]) =>
    lista.flatMap((id): ImpuestoLocalDraft[] => {
      const l = catalogo.locales.get(id);
      if (!l) desconocidos += 1;
      return l ? [{ tipo, nombre: l.impuesto, tasa: l.tasa }] : [];
    });
  return {
    impuestos: [
      ...federales('traslado', ids.impuestos_trasladados),
      ...federales('retencion', ids.impuestos_retenidos),
    ],
    impuestosLocales: [
      ...locales('traslado', ids.impuestos_locales_trasladados),
      ...locales('retencion', ids.impuestos_locales_retenidos),
    ],
    desconocidos,
  };
}
