import type { Db } from '../../db/client.ts';
import type { ImpuestoTipo } from '../../db/schema/impuestos.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import type { CatalogosLookup } from '@repo/cfdi/validacion';
import { emiteEnRegionFronteriza, esIvaFronterizo } from '../impuestos/region-fronteriza.ts';
import { getImpuestos } from '../impuestos/impuestos.service.ts';
import {
  countProductsUsingRubro,
  deleteRubro as deleteRubroRow,
  findRubro,
  findRubroByName,
  listRubros,
  listSelectedImpuestos,
  listSelectedLocales,
} from './rubros-impuestos.queries.ts';

export const RUBRO_NOT_FOUND = 'El grupo de impuestos no existe.';
export const RUBRO_IN_USE =
  'No se puede eliminar el grupo de impuestos porque está asignado a productos o servicios.';

type RubroRow = NonNullable<Awaited<ReturnType<typeof findRubro>>>;

/** Outside the border region (known from the catalogs) IVA 8 % is not offered nor accepted. */
export async function sinFrontera(
  db: Db,
  enterpriseId: number,
  catalogos: CatalogosLookup | undefined,
): Promise<boolean> {
  return catalogos ? !(await emiteEnRegionFronteriza(db, catalogos, enterpriseId)) : false;
}

async function withTaxes(
  db: Db,
  enterpriseId: number,
  rubros: RubroRow[],
  withOffered: boolean,
  ocultarIva8 = false,
) {
  const ids = rubros.map((r) => r.id);
  const [selected, locales] = await Promise.all([
    listSelectedImpuestos(db, enterpriseId, ids),
    listSelectedLocales(db, enterpriseId, ids),
  ]);
  // The edit form offers every active tax with its flag; lists carry only the selected ones.
  const offered = withOffered
    ? {
        trasladado: await getImpuestos(db, enterpriseId, 'trasladado', { activeOnly: true }),
        retenido: await getImpuestos(db, enterpriseId, 'retenido', { activeOnly: true }),
      }
    : null;
  return rubros.map((rubro) => {
    const federal = (tipo: ImpuestoTipo) => {
      const mine = selected
        .filter((s) => s.rubro_impuesto_id === rubro.id && s.tipo === tipo)
        .map(({ rubro_impuesto_id: _r, tipo: _t, ...tax }) => tax);
      const chosen = new Set(mine.map((m) => m.id));
      const ofrecidos = offered
        ? offered[tipo].filter((t) => !(ocultarIva8 && esIvaFronterizo(t)) || chosen.has(t.id))
        : [];
      const pool = offered ? [...ofrecidos, ...mine.filter((m) => !m.status)] : mine;
      return pool.map((tax) => ({ ...tax, selected: chosen.has(tax.id) }));
    };
    const local = (tipo: ImpuestoTipo) =>
      locales
        .filter((l) => l.rubro_impuesto_id === rubro.id && l.tipo === tipo)
        .map(({ rubro_impuesto_id: _r, tipo: _t, ...tax }) => ({ ...tax, selected: true }));
    return {
      ...rubro,
      impuestos_trasladados: federal('trasladado'),
      impuestos_retenidos: federal('retenido'),
      impuestos_locales_trasladados: local('trasladado'),
      impuestos_locales_retenidos: local('retenido'),
    };
  });
}

export async function getRubros(db: Db, enterpriseId: number) {
  return withTaxes(db, enterpriseId, await listRubros(db, enterpriseId), false);
}

export async function getRubro(
  db: Db,
  enterpriseId: number,
  id: number,
  catalogos?: CatalogosLookup,
) {
  const rubro = await findRubro(db, enterpriseId, id);
  if (!rubro) throw new AppError('NOT_FOUND', RUBRO_NOT_FOUND);
  const ocultar = await sinFrontera(db, enterpriseId, catalogos);
  const [full] = await withTaxes(db, enterpriseId, [rubro], true, ocultar);
  if (!full) throw new AppError('NOT_FOUND', RUBRO_NOT_FOUND);
  return full;
}

/**
 * The active taxes a group can use, grouped IEPS tasa, IEPS cuota, IVA, ISR (withheld only); IVA 8 %
 * only for an enterprise in the border region.
 */
export async function getImpuestosParaRubro(
  db: Db,
  enterpriseId: number,
  catalogos?: CatalogosLookup,
) {
  const ocultar = await sinFrontera(db, enterpriseId, catalogos);
  const grouped = async (tipo: ImpuestoTipo) => {
    const taxes = (await getImpuestos(db, enterpriseId, tipo, { activeOnly: true })).filter(
      (t) => !(ocultar && tipo === 'trasladado' && esIvaFronterizo(t)),
    );
    const groups = [
      {
        group: 'IEPS tasa' as const,
        impuestos: taxes.filter((x) => x.tax_type === 'IEPS' && x.tipo_factor !== 'Cuota'),
      },
      {
        group: 'IEPS cuota' as const,
        impuestos: taxes.filter((x) => x.tax_type === 'IEPS' && x.tipo_factor === 'Cuota'),
      },
      { group: 'IVA' as const, impuestos: taxes.filter((x) => x.tax_type === 'IVA') },
      {
        group: 'ISR' as const,
        impuestos: tipo === 'retenido' ? taxes.filter((x) => x.tax_type === 'ISR') : [],
      },
    ];
    return groups.filter((g) => g.impuestos.length > 0);
  };
  return {
    impuestos_trasladados: await grouped('trasladado'),
    impuestos_retenidos: await grouped('retenido'),
  };
}

export async function isRubroNameUnique(
  db: Db,
  enterpriseId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  return (await findRubroByName(db, enterpriseId, name, exceptId)) === null;
}

export function deleteRubro(db: Db, enterpriseId: number, id: number): Promise<void> {
  return withTransaction(db, async (tx) => {
    if (!(await findRubro(tx, enterpriseId, id))) throw new AppError('NOT_FOUND', RUBRO_NOT_FOUND);
    if ((await countProductsUsingRubro(tx, enterpriseId, id)) > 0) {
      throw new AppError('CONFLICT', RUBRO_IN_USE, { showToClient: true });
    }
    await deleteRubroRow(tx, enterpriseId, id);
  });
}
