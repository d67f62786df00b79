import { tipoPersona } from '@repo/cfdi/validacion';
import type { Db } from '../../db/client.ts';
import type { ImpuestoTipo } from '../../db/schema/impuestos.ts';
import { TIPOS_COMPROBANTE } from '@repo/contracts/tipos-comprobante/registro';
import type { SerieKind } from '../../db/schema/series.ts';
import { withTransaction } from '../../db/transaction.ts';
import { getImpuestos } from '../impuestos/impuestos.service.ts';
import { findRubroByName } from '../rubros-impuestos/rubros-impuestos.queries.ts';
import { createRubro } from '../rubros-impuestos/rubro-guardado.service.ts';
import { insertSerie, listSeries } from '../series/series.queries.ts';

/** The serie every kind of document starts with, folio 1: A (ingreso), G (global), P (pagos). */
export const DEFAULT_SERIES: readonly { kind: SerieKind; serie: string }[] = TIPOS_COMPROBANTE.map(
  (t) => ({ kind: t.serie.kind, serie: t.serie.inicial }),
);

interface TaxPick {
  tipo: ImpuestoTipo;
  tax_type: 'IVA' | 'ISR';
  /** null: Exento. */
  value: string | null;
}

interface DefaultRubro {
  name: string;
  objeto_impuesto_key: '01' | '02';
  taxes: readonly TaxPick[];
  /** Only for an issuer that is not a persona moral (a persona moral is not withheld these). */
  soloPersonaFisica?: boolean;
}

const IVA_16: TaxPick = { tipo: 'trasladado', tax_type: 'IVA', value: '0.160000' };

/**
 * The tax groups a new account starts with, built from its standard tax list. The one with
 * retenciones is what a persona física charges a persona moral for professional services or rent:
 * IVA 16 %, ISR 10 % and two thirds of the IVA withheld (cfdi40-rules §2.5).
 */
export const DEFAULT_RUBROS: readonly DefaultRubro[] = [
  { name: 'IVA 16%', objeto_impuesto_key: '02', taxes: [IVA_16] },
  {
    name: 'IVA 16% con retenciones (ISR 10% e IVA 2/3)',
    objeto_impuesto_key: '02',
    taxes: [
      IVA_16,
      { tipo: 'retenido', tax_type: 'ISR', value: '0.100000' },
      { tipo: 'retenido', tax_type: 'IVA', value: '0.106666' },
    ],
    soloPersonaFisica: true,
  },
  {
    name: 'IVA 0%',
    objeto_impuesto_key: '02',
    taxes: [{ tipo: 'trasladado', tax_type: 'IVA', value: '0.000000' }],
  },
  {
    name: 'Exento de IVA',
    objeto_impuesto_key: '02',
    taxes: [{ tipo: 'trasladado', tax_type: 'IVA', value: null }],
  },
  { name: 'No objeto de impuesto', objeto_impuesto_key: '01', taxes: [] },
];

/** The default groups that apply to an issuer with this RFC (empty: not known yet, all apply). */
export function defaultRubrosFor(rfc: string): readonly DefaultRubro[] {
  const moral = rfc.trim() !== '' && tipoPersona(rfc.trim().toUpperCase()) === 'moral';
  return DEFAULT_RUBROS.filter((r) => !(moral && r.soloPersonaFisica));
}

async function ensureDefaultSeries(db: Db, enterpriseId: number): Promise<void> {
  for (const { kind, serie } of DEFAULT_SERIES) {
    if ((await listSeries(db, enterpriseId, kind)).length > 0) continue;
    await insertSerie(db, enterpriseId, { kind, serie, folio: 1 });
  }
}

async function ensureDefaultRubros(db: Db, enterpriseId: number, rfc: string): Promise<void> {
  const offered = {
    trasladado: await getImpuestos(db, enterpriseId, 'trasladado'),
    retenido: await getImpuestos(db, enterpriseId, 'retenido'),
  };
  const idOf = (pick: TaxPick) =>
    offered[pick.tipo].find(
      (t) =>
        t.tax_type === pick.tax_type &&
        (pick.value === null ? t.tipo_factor === 'Exento' : t.value === pick.value),
    )?.id;
  for (const rubro of defaultRubrosFor(rfc)) {
    if (await findRubroByName(db, enterpriseId, rubro.name, null)) continue;
    const ids = rubro.taxes.map((pick) => ({ tipo: pick.tipo, id: idOf(pick) }));
    // A tax missing from the enterprise's list (never the case for a new one): skip that group.
    if (ids.some((x) => x.id === undefined)) continue;
    const selected = (tipo: ImpuestoTipo) =>
      ids.filter((x) => x.tipo === tipo).map((x) => ({ id: x.id ?? 0, selected: true }));
    await createRubro(db, enterpriseId, {
      name: rubro.name,
      objeto_impuesto_key: rubro.objeto_impuesto_key,
      impuestos_trasladados: selected('trasladado'),
      impuestos_retenidos: selected('retenido'),
      impuestos_locales_trasladados: [],
      impuestos_locales_retenidos: [],
    });
  }
}

/**
 * Gives a new enterprise what its first invoice needs besides a client and a product: one serie per
 * kind of document and the usual tax groups. Idempotent: a kind that already has a serie, or a group
 * whose name exists, is left as it is. Runs in the caller's transaction (a savepoint inside it).
 */
export function ensureDefaultConfiguration(
  db: Db,
  enterpriseId: number,
  rfc: string,
): Promise<void> {
  return withTransaction(db, async (tx) => {
    await ensureDefaultSeries(tx, enterpriseId);
    await ensureDefaultRubros(tx, enterpriseId, rfc);
  });
}
