import type { AuditoriaFiltros } from '@repo/contracts/auditoria';
import type { Db } from '../../db/client.ts';
import { consulta } from '../../db/consulta.ts';

// Reads of the enterprise's audit log (migration 0048). Writing is auditoria.ts's only.

export interface AuditoriaRow {
  id: number;
  created_at: string;
  accion: string;
  user_id: number | null;
  usuario_nombre: string;
  usuario_email: string;
  comprobante_id: number | null;
  serie: string | null;
  folio: number | null;
  objeto: string;
  ip: string;
  user_agent: string;
  detalles: Record<string, unknown>;
}

const COLUMNAS = `a.id::int as id,
       to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, a.accion, a.user_id, a.usuario_nombre, a.usuario_email,
       a.comprobante_id, c.serie, c.folio, a.objeto, a.ip, a.user_agent, a.detalles`;
const DESDE = `auditoria a left join comprobantes c
    on c.enterprise_id = a.enterprise_id and c.id = a.comprobante_id`;

/** The where clause of the filters, from parameter $3 on ($1 enterprise, $2 time zone). */
function condiciones(filtros: AuditoriaFiltros): { where: string; values: unknown[] } {
  // $2 (the time zone) is named even without dates, so the statement always types it.
  const partes = ['a.enterprise_id = $1', '$2::text is not null'];
  const values: unknown[] = [];
  const param = (v: unknown) => {
    values.push(v);
    return `$${String(values.length + 2)}`;
  };
  if (filtros.desde)
    partes.push(`a.created_at >= (${param(filtros.desde)}::date)::timestamp at time zone $2`);
  if (filtros.hasta)
    partes.push(`a.created_at < (${param(filtros.hasta)}::date + 1)::timestamp at time zone $2`);
  if (filtros.user_id === 'producto') partes.push('a.user_id is null');
  else if (filtros.user_id !== undefined) partes.push(`a.user_id = ${param(filtros.user_id)}`);
  if (filtros.accion) partes.push(`a.accion = ${param(filtros.accion)}`);
  return { where: partes.join(' and '), values };
}

/** One page of the log, newest first, and how many records the filters match. */
export async function listAuditoria(
  db: Db,
  enterpriseId: number,
  zona: string,
  filtros: AuditoriaFiltros,
  pagina: { offset: number; limit: number },
): Promise<{ rows: AuditoriaRow[]; total: number }> {
  const { where, values } = condiciones(filtros);
  const n = values.length + 3;
  const [rows, conteo] = await Promise.all([
    consulta<AuditoriaRow>(
      db,
      `select ${COLUMNAS} from ${DESDE} where ${where}
        order by a.created_at desc, a.id desc offset $${String(n)} limit $${String(n + 1)}`,
      [enterpriseId, zona, ...values, pagina.offset, pagina.limit],
    ),
    consulta<{ total: number }>(
      db,
      `select count(*)::int as total from auditoria a where ${where}`,
      [enterpriseId, zona, ...values],
    ),
  ]);
  return { rows, total: conteo[0]?.total ?? 0 };
}

/** Every record the filters match, oldest first, for the CSV export (at most `limite`). */
export function exportAuditoria(
  db: Db,
  enterpriseId: number,
  zona: string,
  filtros: AuditoriaFiltros,
  limite: number,
): Promise<AuditoriaRow[]> {
  const { where, values } = condiciones(filtros);
  return consulta<AuditoriaRow>(
    db,
    `select ${COLUMNAS} from ${DESDE} where ${where}
      order by a.created_at, a.id limit $${String(values.length + 3)}`,
    [enterpriseId, zona, ...values, limite],
  );
}

/** The users who appear in the enterprise's log (members now or before), by name. */
export function listUsuariosDeAuditoria(
  db: Db,
  enterpriseId: number,
): Promise<{ user_id: number; nombre: string }[]> {
  return consulta(
    db,
    `select distinct on (a.user_id) a.user_id,
            coalesce(nullif(trim(u.name), ''), nullif(trim(a.usuario_nombre), ''), u.email, a.usuario_email) as nombre
       from auditoria a left join users u on u.id = a.user_id
      where a.enterprise_id = $1 and a.user_id is not null
      order by a.user_id, a.id desc`,
    [enterpriseId],
  );
}

/** A document's records, oldest first. */
export function historialDeComprobante(
  db: Db,
  enterpriseId: number,
  comprobanteId: number,
): Promise<AuditoriaRow[]> {
  return consulta<AuditoriaRow>(
    db,
    `select ${COLUMNAS} from ${DESDE}
      where a.enterprise_id = $1 and a.comprobante_id = $2 order by a.created_at, a.id`,
    [enterpriseId, comprobanteId],
  );
}
