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
import {
  deleteImpuestoRow,
  findImpuesto,
  updateImpuestoRow,
  usoDeImpuesto,
} from './impuesto-en-uso.ts';

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
 * The value c_TasaOCuota admits for the rate (6 decimals, null for Exento), or a field error; also
 * refused: IVA 8 % outside the border region, a rate already in the list (other than `exceptoId`).
 */
async function valorRevisado(
  db: Db,
  catalogos: CatalogosLookup,
  enterpriseId: number,
  tipo: ImpuestoTipo,
  input: TaxCreateRequest,
  exceptoId: number | null,
): Promise<string | null> {
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
  const igual = (t: (typeof existentes)[number]) =>
    t.tax_type === input.tax_type &&
    t.tipo_factor === input.tipo_factor &&
    (t.value === null ? value === null : value !== null && Number(t.value) === Number(value));
  if (existentes.some((t) => t.id !== exceptoId && igual(t)))
    throw fieldError('value', IMPUESTO_YA_EXISTE);
  return value;
}

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
  const value = await valorRevisado(db, catalogos, enterpriseId, tipo, input, null);
  return insertImpuesto(db, enterpriseId, {
    tipo,
    tax_type: input.tax_type,
    tipo_factor: input.tipo_factor,
    value,
    additional_description: input.additional_description,
  });
}

/** Turns a tax on or off for new tax groups; groups that already use it keep it. */
export async function toggleImpuesto(db: Db, enterpriseId: number, tipo: ImpuestoTipo, id: number) {
  const row = await toggleImpuestoStatus(db, enterpriseId, tipo, id);
  if (!row) throw new AppError('NOT_FOUND', IMPUESTO_NOT_FOUND);
  return row;
}

export const IMPUESTO_EN_GRUPO = (accion: string, grupo: string) =>
  `No se puede ${accion} este impuesto porque lo usa el grupo de impuestos «${grupo}». Quítelo del grupo primero.`;
export const IMPUESTO_EN_DOCUMENTO = (accion: string) =>
  `No se puede ${accion} este impuesto porque está en facturas o pre-facturas. Puede desactivarlo para que no se ofrezca en grupos nuevos.`;

async function refusarSiEnUso(
  db: Db,
  enterpriseId: number,
  tipo: ImpuestoTipo,
  id: number,
  accion: string,
): Promise<void> {
  const uso = await usoDeImpuesto(db, enterpriseId, tipo, id);
  if (!uso) return;
  const message =
    'grupo' in uso ? IMPUESTO_EN_GRUPO(accion, uso.grupo) : IMPUESTO_EN_DOCUMENTO(accion);
  throw new AppError('CONFLICT', message, { showToClient: true });
}

/**
 * Edits a rate. Its description can always change; its impuesto, factor or value only while no tax
 * group and no invoice uses it (they would silently change): otherwise a 409 saying where it is used.
 */
export async function updateImpuesto(
  db: Db,
  catalogos: CatalogosLookup,
  enterpriseId: number,
  tipo: ImpuestoTipo,
  id: number,
  input: TaxCreateRequest,
) {
  const actual = await findImpuesto(db, enterpriseId, tipo, id);
  if (!actual) throw new AppError('NOT_FOUND', IMPUESTO_NOT_FOUND);
  const value = await valorRevisado(db, catalogos, enterpriseId, tipo, input, id);
  const cambiaLaTasa =
    actual.tax_type !== input.tax_type ||
    actual.tipo_factor !== input.tipo_factor ||
    (actual.value === null
      ? value !== null
      : value === null || Number(actual.value) !== Number(value));
  if (cambiaLaTasa) await refusarSiEnUso(db, enterpriseId, tipo, id, 'cambiar la tasa de');
  const row = await updateImpuestoRow(db, enterpriseId, tipo, id, {
    tax_type: input.tax_type,
    tipo_factor: input.tipo_factor,
    value,
    additional_description: input.additional_description,
  });
  if (!row) throw new AppError('NOT_FOUND', IMPUESTO_NOT_FOUND);
  return row;
}

/** Deletes a rate no tax group and no invoice uses; otherwise a 409 saying where it is used. */
export async function deleteImpuesto(db: Db, enterpriseId: number, tipo: ImpuestoTipo, id: number) {
  if (!(await findImpuesto(db, enterpriseId, tipo, id)))
    throw new AppError('NOT_FOUND', IMPUESTO_NOT_FOUND);
  await refusarSiEnUso(db, enterpriseId, tipo, id, 'eliminar');
  if (!(await deleteImpuestoRow(db, enterpriseId, tipo, id)))
    throw new AppError('NOT_FOUND', IMPUESTO_NOT_FOUND);
}
