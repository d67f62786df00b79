import { randomBytes } from 'node:crypto';
import {
  CLAVES_MENSAJES,
  MAX_CLAVES_ACTIVAS,
  type ClaveApiCreadaResponse,
  type ClaveApiRequest,
  type ClaveApiResponse,
} from '@repo/contracts/claves-api';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { hashDeClave } from '../../http/clave-api-auth.ts';
import { AppError } from '../../http/errors.ts';
import { quienActua, registrarAuditoria } from '../auditoria/auditoria.ts';
import {
  bloquearEmpresa,
  buscarClave,
  contarClavesActivas,
  insertarClave,
  listarClaves,
  revocarClave,
} from './claves-api.queries.ts';

export interface ClavesApiDeps {
  db: Db;
  now: () => Date;
}

/** Who asks: a member of the enterprise with a session (keys never manage keys). */
interface Quien {
  enterpriseId: number;
  userId: number;
}

/** Characters of the key shown after creation to tell it apart (after `fk_test_<empresa>_`). */
const VISIBLES = 4;

/**
 * A new key: `fk_test_<empresa>_<secret>` or `fk_live_…`, the secret 32 random bytes (base64url).
 * Only its SHA-256 is stored; the answer is the only time the key itself is shown.
 */
export async function crearClave(
  deps: ClavesApiDeps,
  quien: Quien,
  body: ClaveApiRequest & { alcances: ClaveApiResponse['alcances'] },
): Promise<ClaveApiCreadaResponse> {
  const { enterpriseId } = quien;
  const modo = body.modo === 'pruebas' ? 'test' : 'live';
  const inicio = `fk_${modo}_${enterpriseId}_`;
  const clave = `${inicio}${randomBytes(32).toString('base64url')}`;
  const quienAudita = quienActua();
  const id = await withTransaction(deps.db, async (tx) => {
    // The count and the insert with the enterprise locked: two at once never pass the maximum.
    await bloquearEmpresa(tx, enterpriseId);
    if ((await contarClavesActivas(tx, enterpriseId)) >= MAX_CLAVES_ACTIVAS) {
      throw new AppError('CONFLICT', CLAVES_MENSAJES.maximo);
    }
    const prefijo = clave.slice(0, inicio.length + VISIBLES);
    const nueva = await insertarClave(tx, enterpriseId, {
      nombre: body.nombre,
      modo: body.modo,
      alcances: body.alcances,
      prefijo,
      hash: hashDeClave(clave),
      creadaPor: quien.userId,
      ahora: deps.now(),
    });
    await registrarAuditoria(tx, enterpriseId, quienAudita, {
      accion: 'api_key_creada',
      objeto: `clave_api:${nueva}`,
      detalles: { nombre: body.nombre, modo: body.modo, alcances: body.alcances, prefijo },
    });
    return nueva;
  });
  const row = await buscarClave(deps.db, enterpriseId, id);
  if (!row) throw new Error(`clave ${id} not found after insert`);
  return { ...row, clave };
}

export function verClaves(deps: ClavesApiDeps, enterpriseId: number): Promise<ClaveApiResponse[]> {
  return listarClaves(deps.db, enterpriseId);
}

/** Revoked at once: the next request with it is refused (requireAuth reads it on every request). */
export async function revocar(
  deps: ClavesApiDeps,
  quien: Quien,
  id: number,
): Promise<ClaveApiResponse> {
  const antes = await buscarClave(deps.db, quien.enterpriseId, id);
  if (!antes) throw new AppError('NOT_FOUND', CLAVES_MENSAJES.noExiste);
  if (antes.revocada_at) throw new AppError('CONFLICT', CLAVES_MENSAJES.yaRevocada);
  const quienAudita = quienActua();
  await withTransaction(deps.db, async (tx) => {
    if (!(await revocarClave(tx, quien.enterpriseId, id, quien.userId, deps.now()))) {
      throw new AppError('CONFLICT', CLAVES_MENSAJES.yaRevocada);
    }
    await registrarAuditoria(tx, quien.enterpriseId, quienAudita, {
      accion: 'api_key_revocada',
      objeto: `clave_api:${id}`,
      detalles: { nombre: antes.nombre, modo: antes.modo, prefijo: antes.prefijo },
    });
  });
  const row = await buscarClave(deps.db, quien.enterpriseId, id);
  if (!row) throw new Error(`clave ${id} not found after revocation`);
  return row;
}
