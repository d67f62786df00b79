import type { Db } from '../../db/client.ts';
import { consulta } from '../../db/consulta.ts';

export interface EndpointRow {
  id: number;
  url: string;
  descripcion: string;
  eventos: string[];
  activo: boolean;
  created_at: string;
  pendientes: number;
  fallidas: number;
}

const COLUMNAS = `w.id, w.url, w.descripcion, w.eventos, w.activo,
  to_char(w.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  (select count(*)::int from webhook_entregas e
    where e.enterprise_id = w.enterprise_id and e.endpoint_id = w.id and e.estado = 'pendiente') as pendientes,
  (select count(*)::int from webhook_entregas e
    where e.enterprise_id = w.enterprise_id and e.endpoint_id = w.id and e.estado = 'fallida'
      and e.created_at > now() - interval '7 days') as fallidas`;

export function listarEndpoints(db: Db, enterpriseId: number): Promise<EndpointRow[]> {
  return consulta<EndpointRow>(
    db,
    `select ${COLUMNAS} from webhook_endpoints w where w.enterprise_id = $1 order by w.id`,
    [enterpriseId],
  );
}

export async function buscarEndpoint(
  db: Db,
  enterpriseId: number,
  id: number,
): Promise<EndpointRow | null> {
  const rows = await consulta<EndpointRow>(
    db,
    `select ${COLUMNAS} from webhook_endpoints w where w.enterprise_id = $1 and w.id = $2`,
    [enterpriseId, id],
  );
  return rows[0] ?? null;
}

export async function contarEndpoints(db: Db, enterpriseId: number): Promise<number> {
  const rows = await consulta<{ n: number }>(
    db,
    'select count(*)::int as n from webhook_endpoints where enterprise_id = $1',
    [enterpriseId],
  );
  return rows[0]?.n ?? 0;
}

export async function insertarEndpoint(
  db: Db,
  enterpriseId: number,
  e: { url: string; descripcion: string; eventos: string[]; activo: boolean },
): Promise<number> {
  const rows = await consulta<{ id: number }>(
    db,
    `insert into webhook_endpoints (enterprise_id, url, descripcion, eventos, activo, secreto)
     values ($1, $2, $3, $4, $5, '\\x') returning id`,
    [enterpriseId, e.url, e.descripcion, e.eventos, e.activo],
  );
  return rows[0]!.id;
}

export async function guardarSecreto(
  db: Db,
  enterpriseId: number,
  id: number,
  sellado: Buffer,
): Promise<void> {
  await consulta(
    db,
    'update webhook_endpoints set secreto = $3, updated_at = now() where enterprise_id = $1 and id = $2',
    [enterpriseId, id, sellado],
  );
}

export async function actualizarEndpoint(
  db: Db,
  enterpriseId: number,
  id: number,
  e: { url: string; descripcion: string; eventos: string[]; activo: boolean },
): Promise<boolean> {
  const rows = await consulta<{ id: number }>(
    db,
    `update webhook_endpoints set url = $3, descripcion = $4, eventos = $5, activo = $6, updated_at = now()
      where enterprise_id = $1 and id = $2 returning id`,
    [enterpriseId, id, e.url, e.descripcion, e.eventos, e.activo],
  );
  return rows.length > 0;
}

export async function borrarEndpoint(db: Db, enterpriseId: number, id: number): Promise<boolean> {
  const rows = await consulta<{ id: number }>(
    db,
    'delete from webhook_endpoints where enterprise_id = $1 and id = $2 returning id',
    [enterpriseId, id],
  );
  return rows.length > 0;
}

/** The test event of "Enviar prueba": one delivery to this endpoint only. */
export async function encolarPrueba(
  db: Db,
  enterpriseId: number,
  endpointId: number,
  payload: unknown,
): Promise<void> {
  await consulta(
    db,
    `insert into webhook_entregas (enterprise_id, endpoint_id, evento, orden, payload)
     values ($1, $2, 'webhook.prueba', 'prueba', $3)`,
    [enterpriseId, endpointId, JSON.stringify(payload)],
  );
}
