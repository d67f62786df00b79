import type { Db } from '../../db/client.ts';
import { consulta } from '../../db/consulta.ts';

const TS = (c: string) => `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export interface EntregaRow {
  id: number;
  evento: string;
  estado: 'pendiente' | 'entregada' | 'fallida';
  intentos: number;
  ultimo_codigo: number | null;
  ultimo_error: string;
  siguiente_intento: string | null;
  created_at: string;
  entregada_at: string | null;
}

const COLUMNAS = `e.id, e.evento, e.estado, e.intentos, e.ultimo_codigo, e.ultimo_error,
  case when e.estado = 'pendiente' then ${TS('e.siguiente_intento')} end as siguiente_intento,
  ${TS('e.created_at')} as created_at, ${TS('e.entregada_at')} as entregada_at`;

/** An endpoint's deliveries, newest first, a page at a time. */
export async function listarEntregas(
  db: Db,
  enterpriseId: number,
  endpointId: number,
  pagina: { page: number; perPage: number },
): Promise<{ rows: EntregaRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    consulta<EntregaRow>(
      db,
      `select ${COLUMNAS} from webhook_entregas e
        where e.enterprise_id = $1 and e.endpoint_id = $2
        order by e.id desc limit $3 offset $4`,
      [enterpriseId, endpointId, pagina.perPage, (pagina.page - 1) * pagina.perPage],
    ),
    consulta<{ n: number }>(
      db,
      'select count(*)::int as n from webhook_entregas where enterprise_id = $1 and endpoint_id = $2',
      [enterpriseId, endpointId],
    ),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export interface EntregaDetalleRow extends EntregaRow {
  endpoint_id: number;
  payload: unknown;
}

export async function buscarEntrega(
  db: Db,
  enterpriseId: number,
  id: number,
): Promise<EntregaDetalleRow | null> {
  const rows = await consulta<EntregaDetalleRow>(
    db,
    `select ${COLUMNAS}, e.endpoint_id, e.payload from webhook_entregas e
      where e.enterprise_id = $1 and e.id = $2`,
    [enterpriseId, id],
  );
  return rows[0] ?? null;
}

export interface IntentoRow {
  id: number;
  enviado_at: string;
  duracion_ms: number;
  codigo: number | null;
  respuesta: string;
  error: string;
}

export function listarIntentos(db: Db, enterpriseId: number, entregaId: number) {
  return consulta<IntentoRow>(
    db,
    `select id, ${TS('enviado_at')} as enviado_at, duracion_ms, codigo, respuesta, error
       from webhook_intentos where enterprise_id = $1 and entrega_id = $2 order by id`,
    [enterpriseId, entregaId],
  );
}

/** The signature header of a delivery's last attempt ('' before the first). */
export async function ultimaFirma(db: Db, enterpriseId: number, entregaId: number) {
  const rows = await consulta<{ firma: string }>(
    db,
    `select firma from webhook_intentos where enterprise_id = $1 and entrega_id = $2
      order by id desc limit 1`,
    [enterpriseId, entregaId],
  );
  return rows[0]?.firma ?? '';
}

/**
 * "Reenviar": the delivery goes out again as soon as the job looks (its earlier attempts stay in the
 * log), whatever its state; a delivered one is sent once more, a failed one gets a new day.
 */
export async function reprogramarEntrega(
  db: Db,
  enterpriseId: number,
  id: number,
): Promise<boolean> {
  const rows = await consulta<{ id: number }>(
    db,
    `update webhook_entregas
        set estado = 'pendiente', siguiente_intento = now(), reclamada_hasta = null,
            intentos = 0, created_at = now()
      where enterprise_id = $1 and id = $2 returning id`,
    [enterpriseId, id],
  );
  return rows.length > 0;
}

export interface EntregaReclamada {
  enterprise_id: number;
  id: number;
  endpoint_id: number;
  evento: string;
  payload: unknown;
  intentos: number;
  vencida: boolean;
  url: string;
  secreto: Buffer;
}

/**
 * Claims up to `limite` deliveries due now, of any enterprise, under FOR UPDATE SKIP LOCKED (any
 * number of processes deliver side by side), each held `reclamoMs`. A delivery waits while an
 * earlier one of the same endpoint and document (`orden`) is still pending: one document's events
 * arrive in the order they happened. `vencida`: it was created more than a day ago (the last try).
 */
export async function reclamarEntregas(
  db: Db,
  limite: number,
  reclamoMs: number,
): Promise<EntregaReclamada[]> {
  return consulta<EntregaReclamada>(
    db,
    `with due as (
        select e.enterprise_id, e.id from webhook_entregas e
         where e.estado = 'pendiente' and e.siguiente_intento <= now()
           and (e.reclamada_hasta is null or e.reclamada_hasta < now())
           and not exists (
             select 1 from webhook_entregas a
              where a.enterprise_id = e.enterprise_id and a.endpoint_id = e.endpoint_id
                and a.orden = e.orden and a.estado = 'pendiente' and a.id < e.id)
         order by e.siguiente_intento, e.id
         limit $1
         for update of e skip locked
      )
      update webhook_entregas e
         set reclamada_hasta = now() + make_interval(secs => $2::float8 / 1000)
        from due, webhook_endpoints w
       where e.enterprise_id = due.enterprise_id and e.id = due.id
         and w.enterprise_id = e.enterprise_id and w.id = e.endpoint_id
      returning e.enterprise_id, e.id, e.endpoint_id, e.evento, e.payload, e.intentos,
                e.created_at < now() - interval '1 day' as vencida, w.url, w.secreto`,
    [limite, reclamoMs],
  );
}

export interface Resultado {
  enviadoAt: Date;
  duracionMs: number;
  firma: string;
  codigo: number | null;
  respuesta: string;
  error: string;
}

/**
 * Records an attempt and what follows: delivered (2xx), tried again `esperaS` seconds from now (the
 * database's clock, the one the claim reads), or given up (`esperaS` null).
 */
export async function registrarIntento(
  db: Db,
  e: EntregaReclamada,
  r: Resultado,
  esperaS: number | null,
): Promise<void> {
  const entregada = r.codigo !== null && r.codigo >= 200 && r.codigo < 300;
  const estado = entregada ? 'entregada' : esperaS !== null ? 'pendiente' : 'fallida';
  await consulta(
    db,
    `with intento as (
        insert into webhook_intentos
          (enterprise_id, entrega_id, enviado_at, duracion_ms, firma, codigo, respuesta, error)
        values ($1, $2, $3, $4, $5, $6, $7, $8)
      )
      update webhook_entregas
         set estado = $9, intentos = intentos + 1, ultimo_codigo = $6, ultimo_error = $8,
             siguiente_intento = coalesce(now() + make_interval(secs => $10::float8), siguiente_intento), reclamada_hasta = null,
             entregada_at = case when $9 = 'entregada' then now() else entregada_at end
       where enterprise_id = $1 and id = $2`,
    [
      e.enterprise_id,
      e.id,
      r.enviadoAt,
      r.duracionMs,
      r.firma,
      r.codigo,
      r.respuesta,
      r.error,
      estado,
      entregada ? null : esperaS,
    ],
  );
}
