import { revisarTasaOCuota, type CatalogosLookup } from '@repo/cfdi/validacion';
import { IMPUESTO_YA_EXISTE, type TaxCreateRequest } from '@repo/contracts/impuestos';
import type { Db } from '../../db/client.ts';
import type { ImpuestoTipo } from '../../db/schema/impuestos.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import {
  countImpuestos,
  insertImpuesto,
  insertImpuestos,
  listImpuestos,
  toggleImpuestoStatus,
} from './impuestos.queries.ts';
import {
  IVA_FRONTERIZO_NO_DISPONIBLE,
  emiteEnRegionFronteriza,
  esIvaFronterizo,
} from './region-fronteriza.ts';
import { STANDARD_IMPUESTOS } from './standard-impuestos.ts';

export const IMPUESTO_NOT_FOUND = 'El impuesto no existe.';

/**
 * Gives the enterprise the standard tax list the first time it needs one (at creation, or on its
 * first read). Safe to call any number of times: it never re-adds a tax the enterprise already has.
 */
export async function ensureImpuestos(db: Db, enterpriseId: number): Promise<void> {
  if ((await countImpuestos(db, enterpriseId)) > 0) return;
  await insertImpuestos(db, enterpriseId, STANDARD_IMPUESTOS);
}

export async function getImpuestos(
  db: Db,
  enterpriseId: number,
  tipo: ImpuestoTipo,
  options: { activeOnly?: boolean; catalogos?: CatalogosLookup } = {},
) {
  await ensureImpuestos(db, enterpriseId);
  const list = await listImpuestos(db, enterpriseId, tipo, options);
  // IVA 8 % (región fronteriza) is listed only for an enterprise that issues from the region.
  if (options.catalogos && !(await emiteEnRegionFronteriza(db, options.catalogos, enterpriseId)))
    return list.filter((t) => !esIvaFronterizo(t));
  return list;
}

const CLAVE: Record<TaxCreateRequest['tax_type'], string> = { ISR: '001', IVA: '002', IEPS: '003' };

/**
 * Adds a rate to the enterprise's list, active: any value c_TasaOCuota admits for the impuesto,
 * factor and direction (e.g. IEPS cuota 6.455500 per litre, IVA withheld 0.106667), stored with 6
 * decimals; Exento only for IVA and IEPS trasladados. A rate already in the list is refused.
 */
export async function createImpuesto(
  db: Db,
  catalogos: CatalogosLookup,
  enterpriseId: number,
  tipo: ImpuestoTipo,
  input: TaxCreateRequest,
) {
  let value: string | null = null;
  if (input.tipo_factor === 'Exento') {
    if (tipo !== 'trasladado' || input.tax_type === 'ISR')
      throw fieldError('tipo_factor', 'Solo el IVA y el IEPS trasladados pueden ser exentos.');
  } else {
    const r = revisarTasaOCuota(catalogos.tasasOCuotas(), {
      impuesto: CLAVE[input.tax_type],
      factor: input.tipo_factor,
      valor: input.value ?? '',
      traslado: tipo === 'trasladado',
    });
    if (!r.ok) throw fieldError(input.value ? 'value' : 'tax_type', r.message);
    value = r.valor;
  }
  if (esIvaFronterizo({ ...input, value }) && tipo === 'trasladado') {
    if (!(await emiteEnRegionFronteriza(db, catalogos, enterpriseId)))
      throw fieldError('value', IVA_FRONTERIZO_NO_DISPONIBLE);
  }
  await ensureImpuestos(db, enterpriseId);
  const existentes = await listImpuestos(db, enterpriseId, tipo);
  if (
    existentes.some(
      (t) =>
        t.tax_type === input.tax_type &&
        t.tipo_factor === input.tipo_factor &&
        (t.value === null ? value === null : value !== null && Number(t.value) === Number(value)),
    )
  )
    throw fieldError('value', IMPUESTO_YA_EXISTE);
  const row = await insertImpuesto(db, enterpriseId, {
    tipo,
    tax_type: input.tax_type,
    tipo_factor: input.tipo_factor,
    value,
    additional_description: input.additional_description,
  });
  return row;
}

/** Turns a tax on or off for new tax groups; groups that already use it keep it. */
export async function toggleImpuesto(db: Db, enterpriseId: number, tipo: ImpuestoTipo, id: number) {
  const row = await toggleImpuestoStatus(db, enterpriseId, tipo, id);
  if (!row) throw new AppError('NOT_FOUND', IMPUESTO_NOT_FOUND);
  return row;
}
