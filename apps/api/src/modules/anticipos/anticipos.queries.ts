import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/migrate.ts';

/**
 * Advances (migration 0034): the advance invoices, the income invoices that relate them with 07
 * (read from their drafts' CfdiRelacionados) and the egresos that applied them.
 */

/** Registers a stamped income invoice as an advance (once; a retry of the same key is a no-op). */
export async function insertAnticipo(db: Db, enterpriseId: number, facturaId: number) {
  await db.execute(sql`insert into anticipos (enterprise_id, factura_id)
    values (${enterpriseId}, ${facturaId}) on conflict do nothing`);
}

export interface AnticipoFila {
  id: number;
  serie: string;
  folio: number | null;
  uuid: string | null;
  status: string;
  fecha: string;
  total: string;
  xml_timbrado: string | null;
  client_id: number;
  client_name: string;
  client_rfc: string;
  moneda: string;
  tipo_cambio: string | null;
  /** Σ base and Σ Total of its applications in force (sealed or stamped). */
  aplicado_base: string;
  aplicado_total: string;
}

const SELECT_ANTICIPO = sql`
  select c.id, c.serie, c.folio, c.uuid, c.status, c.fecha, c.total, c.xml_timbrado, f.client_id, f.client_name, f.client_rfc, f.moneda,
         f.tipo_cambio::text as tipo_cambio,
         coalesce((select sum(x.base) from anticipos_aplicaciones x
                     join comprobantes n on n.enterprise_id = x.enterprise_id and n.id = x.comprobante_id
                    where x.enterprise_id = a.enterprise_id and x.anticipo_id = a.factura_id
                      and n.status in ('sellada', 'timbrada')), 0)::text as aplicado_base,
         coalesce((select sum(x.total) from anticipos_aplicaciones x
                     join comprobantes n on n.enterprise_id = x.enterprise_id and n.id = x.comprobante_id
                    where x.enterprise_id = a.enterprise_id and x.anticipo_id = a.factura_id
                      and n.status in ('sellada', 'timbrada')), 0)::text as aplicado_total
    from anticipos a
    join comprobantes c on c.enterprise_id = a.enterprise_id and c.id = a.factura_id
    join facturas_ingreso f on f.enterprise_id = c.enterprise_id and f.comprobante_id = c.id`;

export async function findAnticipo(
  db: Db,
  enterpriseId: number,
  id: number,
  opciones: { bloquear?: boolean } = {},
): Promise<AnticipoFila | null> {
  if (opciones.bloquear)
    await db.execute(sql`select 1 from anticipos where enterprise_id = ${enterpriseId}
      and factura_id = ${id} for update`);
  const [row] = rowsOf<AnticipoFila>(
    await db.execute(
      sql`${SELECT_ANTICIPO} where a.enterprise_id = ${enterpriseId} and a.factura_id = ${id}`,
    ),
  );
  return row ?? null;
}

/** The enterprise's advances, newest first (of one client when given). */
export async function listAnticipos(
  db: Db,
  enterpriseId: number,
  clientId: number | null,
): Promise<AnticipoFila[]> {
  return rowsOf<AnticipoFila>(
    await db.execute(sql`${SELECT_ANTICIPO} where a.enterprise_id = ${enterpriseId}
      ${clientId ? sql`and f.client_id = ${clientId}` : sql``}
      order by a.factura_id desc limit 500`),
  );
}

export interface FacturaDeAnticipo {
  anticipo_id: number;
  id: number;
  serie: string;
  folio: number | null;
  uuid: string | null;
  status: string;
  fecha: string;
  total: string;
  metodo_pago: string;
}

/** Step 2: the income invoices (any status but pre-invoice) whose draft relates the advances with 07. */
export async function facturasQueRelacionan(
  db: Db,
  enterpriseId: number,
  anticipos: readonly { id: number; uuid: string | null }[],
): Promise<FacturaDeAnticipo[]> {
  const conUuid = anticipos.filter((a) => a.uuid);
  if (conUuid.length === 0) return [];
  const valores = sql.join(
    conUuid.map((a) => sql`(${a.id}::int, ${a.uuid!.toUpperCase()}::text)`),
    sql`, `,
  );
  return rowsOf<FacturaDeAnticipo>(
    await db.execute(sql`
      select v.anticipo_id, c.id, c.serie, c.folio, c.uuid, c.status, c.fecha, c.total::text as total,
             f.metodo_pago
        from (values ${valores}) as v (anticipo_id, uuid)
        join facturas_ingreso f on f.enterprise_id = ${enterpriseId}
         and f.draft->'cfdi_relacionados' @> jsonb_build_array(jsonb_build_object(
               'tipo_relacion', '07', 'uuids', jsonb_build_array(v.uuid)))
        join comprobantes c on c.enterprise_id = f.enterprise_id and c.id = f.comprobante_id
       where c.tipo = 'I' and c.status in ('sellada', 'timbrada', 'cancelada')
       order by c.id`),
  );
}

export interface AplicacionFila {
  anticipo_id: number;
  id: number;
  factura_id: number;
  serie: string;
  folio: number | null;
  uuid: string | null;
  status: string;
  fecha: string;
  total: string;
}

/** Step 3: the egresos that applied the advances (any status). */
export async function aplicacionesDe(
  db: Db,
  enterpriseId: number,
  ids: readonly number[],
): Promise<AplicacionFila[]> {
  if (ids.length === 0) return [];
  return rowsOf<AplicacionFila>(
    await db.execute(sql`
      select x.anticipo_id, c.id, x.factura_id, c.serie, c.folio, c.uuid, c.status, c.fecha,
             x.total::text as total
        from anticipos_aplicaciones x
        join comprobantes c on c.enterprise_id = x.enterprise_id and c.id = x.comprobante_id
       where x.enterprise_id = ${enterpriseId}
         and x.anticipo_id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})
       order by c.id`),
  );
}

/** The application's link, in the sealing transaction of its egreso. */
export async function insertAplicacion(
  tx: Db,
  enterpriseId: number,
  fila: {
    comprobante_id: number;
    anticipo_id: number;
    factura_id: number;
    base: string;
    total: string;
  },
) {
  await tx.execute(sql`insert into anticipos_aplicaciones
      (enterprise_id, comprobante_id, anticipo_id, factura_id, base, total)
    values (${enterpriseId}, ${fila.comprobante_id}, ${fila.anticipo_id}, ${fila.factura_id},
            ${fila.base}, ${fila.total})`);
}

/**
 * Inicio: stamped advances with something left to apply, in MXN at their TipoCambio, and how many.
 */
export async function anticiposSinAplicar(db: Db, enterpriseId: number) {
  const [row] = rowsOf<{ total: string; anticipos: number }>(
    await db.execute(sql`
      select round(coalesce(sum((nullif(c.total, '')::numeric - coalesce(ap.total, 0)) * coalesce(f.tipo_cambio, 1)), 0), 2)::text as total,
             count(*)::int as anticipos
        from anticipos a
        join comprobantes c on c.enterprise_id = a.enterprise_id and c.id = a.factura_id
        join facturas_ingreso f on f.enterprise_id = c.enterprise_id and f.comprobante_id = c.id
        left join lateral (select sum(x.total) as total from anticipos_aplicaciones x
                             join comprobantes n on n.enterprise_id = x.enterprise_id and n.id = x.comprobante_id
                            where x.enterprise_id = a.enterprise_id and x.anticipo_id = a.factura_id
                              and n.status in ('sellada', 'timbrada')) ap on true
       where a.enterprise_id = ${enterpriseId} and c.status = 'timbrada'
         and nullif(c.total, '')::numeric - coalesce(ap.total, 0) > 0`),
  );
  return row ?? { total: '0.00', anticipos: 0 };
}
