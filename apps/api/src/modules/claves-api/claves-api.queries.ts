import type { AlcanceClave, ModoClave } from '@repo/contracts/claves-api';
import type { Db } from '../../db/client.ts';
import { consulta } from '../../db/consulta.ts';

export interface ClaveApiRow {
  id: number;
  nombre: string;
  modo: ModoClave;
  alcances: AlcanceClave[];
  prefijo: string;
  creada_por: string | null;
  created_at: string;
  ultimo_uso: string | null;
  revocada_at: string | null;
}

const utc = (c: string) => `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const COLUMNAS = `k.id, k.nombre, k.modo, k.alcances, k.prefijo,
  (select nullif(trim(u.name), '') from users u where u.id = k.creada_por) as creada_por,
  ${utc('k.created_at')} as created_at, ${utc('k.ultimo_uso')} as ultimo_uso,
  ${utc('k.revocada_at')} as revocada_at`;

/** The enterprise's keys, active first, newest first. */
export function listarClaves(db: Db, enterpriseId: number): Promise<ClaveApiRow[]> {
  return consulta<ClaveApiRow>(
    db,
    `select ${COLUMNAS} from claves_api k where k.enterprise_id = $1
      order by (k.revocada_at is null) desc, k.id desc`,
    [enterpriseId],
  );
}

export async function buscarClave(
  db: Db,
  enterpriseId: number,
  id: number,
): Promise<ClaveApiRow | null> {
  const rows = await consulta<ClaveApiRow>(
    db,
    `select ${COLUMNAS} from claves_api k where k.enterprise_id = $1 and k.id = $2`,
    [enterpriseId, id],
  );
  return rows[0] ?? null;
}

export async function bloquearEmpresa(db: Db, enterpriseId: number): Promise<void> {
  await consulta(db, 'select 1 from enterprises where id = $1 for update', [enterpriseId]);
}

export async function contarClavesActivas(db: Db, enterpriseId: number): Promise<number> {
  const rows = await consulta<{ n: number }>(
    db,
    'select count(*)::int as n from claves_api where enterprise_id = $1 and revocada_at is null',
    [enterpriseId],
  );
  return rows[0]?.n ?? 0;
}

export async function insertarClave(
  db: Db,
  enterpriseId: number,
  c: {
    nombre: string;
    modo: ModoClave;
    alcances: AlcanceClave[];
    prefijo: string;
    hash: string;
    creadaPor: number;
    ahora: Date;
  },
): Promise<number> {
  const rows = await consulta<{ id: number }>(
    db,
    `insert into claves_api (enterprise_id, nombre, modo, alcances, prefijo, hash, creada_por, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      enterpriseId,
      c.nombre,
      c.modo,
      c.alcances,
      c.prefijo,
      c.hash,
      c.creadaPor,
      c.ahora.toISOString(),
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insertarClave returned no row');
  return id;
}

/** Revokes an active key; false when it does not exist or was revoked already. */
export async function revocarClave(
  db: Db,
  enterpriseId: number,
  id: number,
  por: number,
  ahora: Date,
): Promise<boolean> {
  const rows = await consulta<{ id: number }>(
    db,
    `update claves_api set revocada_at = $4, revocada_por = $3
      where enterprise_id = $1 and id = $2 and revocada_at is null returning id`,
    [enterpriseId, id, por, ahora.toISOString()],
  );
  return rows.length === 1;
}
