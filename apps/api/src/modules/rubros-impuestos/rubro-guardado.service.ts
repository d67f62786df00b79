import type { RubroImpuestoRequest } from '@repo/contracts/rubros-impuestos';
import { RUBRO_NAME_TAKEN } from '@repo/contracts/rubros-impuestos';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { fieldError } from '../../http/errors.ts';
import { isUniqueViolation } from '../users/unique-violation.ts';
import type { CatalogosLookup } from '@repo/cfdi/validacion';
import { findLocalTax } from '../impuestos/local-taxes.ts';
import { IVA_FRONTERIZO_NO_DISPONIBLE, esIvaFronterizo } from '../impuestos/region-fronteriza.ts';
import {
  findImpuestosByIds,
  insertRubro,
  replaceRubroTaxes,
  updateRubro as updateRubroRow,
} from './rubros-impuestos.queries.ts';
import { getRubro, isRubroNameUnique, sinFrontera } from './rubros-impuestos.service.ts';

export const OBJETO_01_SIN_IMPUESTOS =
  'Un grupo con objeto de impuesto 01 (No objeto de impuesto) no puede llevar impuestos.';
export const OBJETO_02_REQUIERE_IMPUESTO =
  'Seleccione al menos un impuesto trasladado o retenido para el objeto de impuesto 02 (Sí objeto de impuesto).';
export const IMPUESTO_NO_DISPONIBLE = 'El impuesto seleccionado no existe o está desactivado.';
export const IMPUESTO_LOCAL_NO_DISPONIBLE =
  'El impuesto local seleccionado no existe para ese estado.';

const FEDERAL_FIELD = {
  trasladado: 'impuestos_trasladados',
  retenido: 'impuestos_retenidos',
} as const;
const LOCAL_FIELD = {
  trasladado: 'impuestos_locales_trasladados',
  retenido: 'impuestos_locales_retenidos',
} as const;

/** Checks the selection against the enterprise's taxes and the SAT rules; returns what to store. */
async function resolveSelection(
  db: Db,
  enterpriseId: number,
  input: RubroImpuestoRequest,
  keep: Set<number>,
  ocultarIva8: boolean,
) {
  const federal: number[] = [];
  for (const tipo of ['trasladado', 'retenido'] as const) {
    const ids = [...new Set(input[FEDERAL_FIELD[tipo]].filter((s) => s.selected).map((s) => s.id))];
    const found = await findImpuestosByIds(db, enterpriseId, tipo, ids);
    // A tax turned off later stays usable in the groups that already had it.
    const usable = found.filter((f) => f.status || keep.has(f.id));
    if (usable.length !== ids.length) throw fieldError(FEDERAL_FIELD[tipo], IMPUESTO_NO_DISPONIBLE);
    if (ocultarIva8 && tipo === 'trasladado' && usable.some(esIvaFronterizo))
      throw fieldError(FEDERAL_FIELD[tipo], IVA_FRONTERIZO_NO_DISPONIBLE);
    const perType = new Map<string, number>();
    for (const tax of usable) perType.set(tax.tax_type, (perType.get(tax.tax_type) ?? 0) + 1);
    for (const [taxType, n] of perType) {
      if (n > 1) {
        throw fieldError(
          FEDERAL_FIELD[tipo],
          `Solo puede seleccionar un impuesto ${tipo} de tipo ${taxType}.`,
        );
      }
    }
    federal.push(...ids);
  }

  const locales = [];
  for (const tipo of ['trasladado', 'retenido'] as const) {
    const seen = new Set<string>();
    for (const s of input[LOCAL_FIELD[tipo]].filter((x) => x.selected)) {
      const tax = findLocalTax(s.id);
      if (
        !tax ||
        tax.tipo !== tipo ||
        (tax.estado_key !== '*' && tax.estado_key !== s.estado_key)
      ) {
        throw fieldError(LOCAL_FIELD[tipo], IMPUESTO_LOCAL_NO_DISPONIBLE);
      }
      if (seen.has(tax.id)) continue;
      seen.add(tax.id);
      locales.push({
        tipo,
        local_tax_id: tax.id,
        estado_key: s.estado_key,
        impuesto: tax.impuesto,
        tasa: tax.tasa,
      });
    }
  }

  if (input.objeto_impuesto_key === '01' && federal.length + locales.length > 0) {
    throw fieldError('objeto_impuesto_key', OBJETO_01_SIN_IMPUESTOS);
  }
  if (input.objeto_impuesto_key === '02' && federal.length === 0) {
    throw fieldError('objeto_impuesto_key', OBJETO_02_REQUIERE_IMPUESTO);
  }
  return { federal, locales };
}

async function assertUniqueName(
  db: Db,
  enterpriseId: number,
  name: string,
  exceptId: number | null,
) {
  if (!(await isRubroNameUnique(db, enterpriseId, name, exceptId))) {
    throw fieldError('name', RUBRO_NAME_TAKEN);
  }
}

/** Two requests with the same name at once: the unique index decides, the loser gets the message. */
async function onDuplicateName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', RUBRO_NAME_TAKEN);
    throw error;
  }
}

export function createRubro(
  db: Db,
  enterpriseId: number,
  input: RubroImpuestoRequest,
  catalogos?: CatalogosLookup,
) {
  return onDuplicateName(() =>
    withTransaction(db, async (tx) => {
      await assertUniqueName(tx, enterpriseId, input.name, null);
      const ocultar = await sinFrontera(tx, enterpriseId, catalogos);
      const { federal, locales } = await resolveSelection(
        tx,
        enterpriseId,
        input,
        new Set(),
        ocultar,
      );
      const rubro = await insertRubro(tx, enterpriseId, {
        name: input.name,
        objeto_impuesto_key: input.objeto_impuesto_key,
      });
      await replaceRubroTaxes(tx, enterpriseId, rubro.id, federal, locales);
      return getRubro(tx, enterpriseId, rubro.id, catalogos);
    }),
  );
}

export function updateRubro(
  db: Db,
  enterpriseId: number,
  id: number,
  input: RubroImpuestoRequest,
  catalogos?: CatalogosLookup,
) {
  return onDuplicateName(() =>
    withTransaction(db, async (tx) => {
      const current = await getRubro(tx, enterpriseId, id);
      await assertUniqueName(tx, enterpriseId, input.name, id);
      const had = new Set(
        [...current.impuestos_trasladados, ...current.impuestos_retenidos]
          .filter((x) => x.selected)
          .map((x) => x.id),
      );
      const ocultar = await sinFrontera(tx, enterpriseId, catalogos);
      const { federal, locales } = await resolveSelection(tx, enterpriseId, input, had, ocultar);
      await updateRubroRow(tx, enterpriseId, id, {
        name: input.name,
        objeto_impuesto_key: input.objeto_impuesto_key,
      });
      await replaceRubroTaxes(tx, enterpriseId, id, federal, locales);
      return getRubro(tx, enterpriseId, id, catalogos);
    }),
  );
}
