import type { Db } from '../../db/client.ts';
import type { ImpuestoTipo } from '../../db/schema/impuestos.ts';
import { AppError } from '../../http/errors.ts';
import {
  countImpuestos,
  insertImpuestos,
  listImpuestos,
  toggleImpuestoStatus,
} from './impuestos.queries.ts';
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
  options: { activeOnly?: boolean } = {},
) {
  await ensureImpuestos(db, enterpriseId);
  return listImpuestos(db, enterpriseId, tipo, options);
}

/** Turns a tax on or off for new tax groups; groups that already use it keep it. */
export async function toggleImpuesto(db: Db, enterpriseId: number, tipo: ImpuestoTipo, id: number) {
  const row = await toggleImpuestoStatus(db, enterpriseId, tipo, id);
  if (!row) throw new AppError('NOT_FOUND', IMPUESTO_NOT_FOUND);
  return row;
}
