import type { Db } from '../../db/client.ts';
import { consulta } from '../../db/consulta.ts';

export interface ReciboRow {
  id: number;
  folio: number;
  codigo: string;
  referencia: string | null;
  fecha: string;
  forma_pago: string;
  partidas: unknown;
  subtotal: string;
  descuento: string;
  impuestos: string;
  total: string;
  estado: 'abierto' | 'facturado' | 'cancelado';
  comprobante_id: number | null;
  uuid: string | null;
  serie: string | null;
  folio_factura: number | null;
  /** The stamped global invoice the receipt is a sale of, if any. */
  global_id: number | null;
  global_serie: string | null;
  global_folio: number | null;
}

const COLUMNAS = `r.id, r.folio, r.codigo, r.referencia,
  to_char(r.fecha at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as fecha,
  r.forma_pago, r.partidas, r.subtotal::text, r.descuento::text, r.impuestos::text, r.total::text,
  r.estado, r.comprobante_id, c.uuid, c.serie, c.folio as folio_factura,
  g.id as global_id, g.serie as global_serie, g.folio as global_folio`;
const DESDE = `from recibos r
  left join comprobantes c on c.enterprise_id = r.enterprise_id and c.id = r.comprobante_id
  left join comprobantes g on g.enterprise_id = r.enterprise_id
    and g.id = r.global_comprobante_id and g.status = 'timbrada'`;

export interface NuevoRecibo {
  codigo: string;
  referencia: string | null;
  fecha: Date;
  forma_pago: string;
  partidas: unknown;
  subtotal: string;
  descuento: string;
  impuestos: string;
  total: string;
}

/**
 * Inserts a receipt with the enterprise's next folio, counted under the enterprise's row lock (two
 * points of sale at once get consecutive folios). Call inside a transaction.
 */
export async function insertarRecibo(db: Db, enterpriseId: number, r: NuevoRecibo) {
  await consulta(db, 'select 1 from enterprises where id = $1 for update', [enterpriseId]);
  const rows = await consulta<{ id: number; folio: number }>(
    db,
    `insert into recibos (enterprise_id, folio, codigo, referencia, fecha, forma_pago, partidas,
                          subtotal, descuento, impuestos, total)
     select $1, coalesce(max(folio), 0) + 1, $2, $3, $4, $5, $6, $7, $8, $9, $10
       from recibos where enterprise_id = $1
     returning id, folio`,
    [
      enterpriseId,
      r.codigo,
      r.referencia,
      r.fecha,
      r.forma_pago,
      JSON.stringify(r.partidas),
      r.subtotal,
      r.descuento,
      r.impuestos,
      r.total,
    ],
  );
  return rows[0]!;
}

/** One receipt of the enterprise by its id, its point of sale's referencia or its code. */
async function buscarUno(
  db: Db,
  enterpriseId: number,
  campo: 'id' | 'referencia' | 'codigo',
  valor: unknown,
) {
  const rows = await consulta<ReciboRow>(
    db,
    `select ${COLUMNAS} ${DESDE} where r.enterprise_id = $1 and r.${campo} = $2`,
    [enterpriseId, valor],
  );
  return rows[0] ?? null;
}

export function buscarRecibo(db: Db, enterpriseId: number, id: number) {
  return buscarUno(db, enterpriseId, 'id', id);
}

export function buscarPorReferencia(db: Db, enterpriseId: number, referencia: string) {
  return buscarUno(db, enterpriseId, 'referencia', referencia);
}

export function buscarPorCodigo(db: Db, enterpriseId: number, codigo: string) {
  return buscarUno(db, enterpriseId, 'codigo', codigo);
}

export async function listarRecibos(
  db: Db,
  enterpriseId: number,
  q: { page: number; perPage: number; estado: string | null },
) {
  const [rows, total] = await Promise.all([
    consulta<ReciboRow>(
      db,
      `select ${COLUMNAS} ${DESDE}
        where r.enterprise_id = $1 and ($2::text is null or r.estado = $2)
        order by r.fecha desc, r.id desc limit $3 offset $4`,
      [enterpriseId, q.estado, q.perPage, (q.page - 1) * q.perPage],
    ),
    consulta<{ n: number }>(
      db,
      `select count(*)::int as n from recibos
        where enterprise_id = $1 and ($2::text is null or estado = $2)`,
      [enterpriseId, q.estado],
    ),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function cancelarRecibo(db: Db, enterpriseId: number, id: number) {
  const rows = await consulta<{ id: number }>(
    db,
    `update recibos set estado = 'cancelado'
      where enterprise_id = $1 and id = $2 and estado = 'abierto' returning id`,
    [enterpriseId, id],
  );
  return rows.length > 0;
}

/** The receipt was invoiced on the portal: its invoice, once (an invoiced one stays as it is). */
export async function marcarFacturado(
  db: Db,
  enterpriseId: number,
  id: number,
  comprobanteId: number,
) {
  await consulta(
    db,
    `update recibos set estado = 'facturado', comprobante_id = $3, facturado_at = now(),
                        portal_reclamo_at = null
      where enterprise_id = $1 and id = $2 and estado = 'abierto'`,
    [enterpriseId, id, comprobanteId],
  );
}

export interface PortalRow {
  enterprise_id: number;
  slug: string;
  activo: boolean;
  dias: number | null;
}

/** The enterprise's portal, made on first use with the given slug. */
export async function asegurarPortal(db: Db, enterpriseId: number, slug: string) {
  const rows = await consulta<PortalRow>(
    db,
    `insert into portales (enterprise_id, slug) values ($1, $2)
       on conflict (enterprise_id) do update set enterprise_id = excluded.enterprise_id
     returning enterprise_id, slug, activo, dias`,
    [enterpriseId, slug],
  );
  return rows[0]!;
}

export async function guardarPortal(
  db: Db,
  enterpriseId: number,
  c: { activo: boolean; dias: number | null },
) {
  await consulta(
    db,
    'update portales set activo = $2, dias = $3, updated_at = now() where enterprise_id = $1',
    [enterpriseId, c.activo, c.dias],
  );
}

/** A public portal by its address, before anyone is signed in (tenant-schema.test.ts lists it). */
export async function buscarPortalPorSlug(db: Db, slug: string) {
  const rows = await consulta<PortalRow>(
    db,
    'select enterprise_id, slug, activo, dias from portales where slug = $1',
    [slug],
  );
  return rows[0] ?? null;
}
