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
  /** Only for an issuer in one of these regímenes (c_RegimenFiscal). */
  soloRegimenes?: readonly string[];
  /** Not for an issuer in one of these regímenes. */
  exceptoRegimenes?: readonly string[];
}

const IVA_16: TaxPick = { tipo: 'trasladado', tax_type: 'IVA', value: '0.160000' };
const IVA_2_3: TaxPick = { tipo: 'retenido', tax_type: 'IVA', value: '0.106666' };
/** ISR withheld by a persona moral from a RESICO persona física (LISR art. 113-J): 1.25 %. */
const ISR_RESICO: TaxPick = { tipo: 'retenido', tax_type: 'ISR', value: '0.012500' };
const RESICO = '626';

/** The RESICO group for services and rent: IVA 16 %, ISR 1.25 % and IVA 2/3 withheld. */
export const RUBRO_RESICO_SERVICIOS = 'IVA 16% con retenciones RESICO (ISR 1.25% e IVA 2/3)';
/** The RESICO group for goods (no IVA withheld on a sale of goods): IVA 16 % and ISR 1.25 %. */
export const RUBRO_RESICO_BIENES = 'IVA 16% con retención RESICO (ISR 1.25%)';

/**
 * The tax groups a new account starts with, built from its standard tax list. The one with
 * retenciones is what a persona física charges a persona moral for professional services or rent:
 * IVA 16 %, ISR 10 % and two thirds of the IVA withheld (cfdi40-rules §2.5). In the Régimen
 * Simplificado de Confianza (626) the ISR withheld is 1.25 % instead (LISR art. 113-J), with two
 * thirds of the IVA for services and rent, without it for goods.
 */
export const DEFAULT_RUBROS: readonly DefaultRubro[] = [
  { name: 'IVA 16%', objeto_impuesto_key: '02', taxes: [IVA_16] },
  {
    name: 'IVA 16% con retenciones (ISR 10% e IVA 2/3)',
    objeto_impuesto_key: '02',
    taxes: [IVA_16, { tipo: 'retenido', tax_type: 'ISR', value: '0.100000' }, IVA_2_3],
    soloPersonaFisica: true,
    exceptoRegimenes: [RESICO],
  },
  {
    name: RUBRO_RESICO_SERVICIOS,
    objeto_impuesto_key: '02',
    taxes: [IVA_16, ISR_RESICO, IVA_2_3],
    soloPersonaFisica: true,
    soloRegimenes: [RESICO],
  },
  {
    name: RUBRO_RESICO_BIENES,
    objeto_impuesto_key: '02',
    taxes: [IVA_16, ISR_RESICO],
    soloPersonaFisica: true,
    soloRegimenes: [RESICO],
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

/**
 * The default groups that apply to an issuer with this RFC and régimen (empty: not known yet; an
 * unknown régimen gets the groups of no particular régimen).
 */
export function defaultRubrosFor(rfc: string, regimen = ''): readonly DefaultRubro[] {
  const moral = rfc.trim() !== '' && tipoPersona(rfc.trim().toUpperCase()) === 'moral';
  return DEFAULT_RUBROS.filter(
    (r) =>
      !(moral && r.soloPersonaFisica) &&
      (r.soloRegimenes?.includes(regimen) ?? true) &&
      !(r.exceptoRegimenes?.includes(regimen) ?? false),
  );
}

async function ensureDefaultSeries(db: Db, enterpriseId: number): Promise<void> {
  for (const { kind, serie } of DEFAULT_SERIES) {
    if ((await listSeries(db, enterpriseId, kind)).length > 0) continue;
    await insertSerie(db, enterpriseId, { kind, serie, folio: 1 });
  }
}

async function ensureRubros(
  db: Db,
  enterpriseId: number,
  rubros: readonly DefaultRubro[],
): Promise<void> {
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
  for (const rubro of rubros) {
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
  regimen = '',
): Promise<void> {
  return withTransaction(db, async (tx) => {
    await ensureDefaultSeries(tx, enterpriseId);
    await ensureRubros(tx, enterpriseId, defaultRubrosFor(rfc, regimen));
  });
}

/**
 * When an enterprise's régimen becomes one with groups of its own (626: the ISR 1.25 % groups), in
 * the setup wizard or in Mis datos fiscales, adds those it lacks. Nothing is removed: a group the
 * user has (even the ISR 10 % one) stays, and the engine refuses a rate the régimen does not allow.
 */
export async function ensureRubrosDeRegimen(
  db: Db,
  enterpriseId: number,
  rfc: string,
  regimen: string,
): Promise<void> {
  const propios = defaultRubrosFor(rfc, regimen).filter((r) => r.soloRegimenes?.includes(regimen));
  if (propios.length > 0) await ensureRubros(db, enterpriseId, propios);
}
