import type { ImpuestoDraft } from '@repo/cfdi/calc';
import { decimal } from '@repo/cfdi/decimal';
import type { ReciboPartidaRequest } from '@repo/contracts/recibos';
import {
  RECIBOS_GLOBAL_MENSAJES,
  type RecibosDelPeriodoResponse,
} from '@repo/contracts/facturas-globales';
import type { Db } from '../../db/client.ts';
import { consulta } from '../../db/consulta.ts';
import { conceptoDraft, type ContextoFactura } from '../facturas/factura-builder.ts';
import { cargarDatos } from '../facturas/factura-tipo.ts';
import { dosDecimales, partidasDeFactura } from './recibos.service.ts';

/**
 * Sales receipts as the sales of a factura global (issue 28). A receipt is "in a global" while the
 * comprobante in global_comprobante_id (migration 0045) is sealed or stamped: cancelling that global
 * gives it back without touching the receipt.
 */

/** SQL: the receipt `r` is in a global that still counts (sealed or stamped). */
export const EN_GLOBAL_VIGENTE = `exists (select 1 from comprobantes g
  where g.enterprise_id = r.enterprise_id and g.id = r.global_comprobante_id
    and g.status in ('sellada', 'timbrada'))`;

export interface ReciboAbierto {
  id: number;
  folio: number;
  partidas: ReciboPartidaRequest[];
  subtotal: string;
  descuento: string;
}

/**
 * The open receipts (not invoiced, not cancelled, in no global that counts) whose sale day in the
 * emisor's zone is inside [inicio, fin], by folio.
 */
export async function recibosAbiertosDelPeriodo(
  db: Db,
  enterpriseId: number,
  p: { zona: string; inicio: string; fin: string },
) {
  return consulta<ReciboAbierto>(
    db,
    `select r.id, r.folio, r.partidas, r.subtotal::text, r.descuento::text from recibos r
      where r.enterprise_id = $1 and r.estado = 'abierto' and not ${EN_GLOBAL_VIGENTE}
        and (r.fecha at time zone $2)::date between $3::date and $4::date
      order by r.folio`,
    [enterpriseId, p.zona, p.inicio, p.fin],
  );
}

/** The receipt is in a global that counts: its customer can no longer invoice it on the portal. */
export async function reciboEnGlobal(db: Db, enterpriseId: number, id: number) {
  const rows = await consulta<{ n: number }>(
    db,
    `select count(*)::int as n from recibos r
      where r.enterprise_id = $1 and r.id = $2 and ${EN_GLOBAL_VIGENTE}`,
    [enterpriseId, id],
  );
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Stamping the global (inside its reservation's transaction): its receipts are marked as in it.
 * A receipt invoiced meanwhile or taken by another global refuses the stamp (all rolls back);
 * `sustituye` is the global this one replaces (motive 01), whose receipts it takes over.
 */
export async function marcarEnGlobal(
  tx: Db,
  enterpriseId: number,
  globalId: number,
  recibos: readonly { id: number; folio: string }[],
  sustituye: number | null,
): Promise<string[]> {
  if (recibos.length === 0) return [];
  const rows = await consulta<{ id: number }>(
    tx,
    `update recibos r set global_comprobante_id = $3
      where r.enterprise_id = $1 and r.id = any($2::int[]) and r.estado = 'abierto'
        and (r.global_comprobante_id is not distinct from $4::int or not ${EN_GLOBAL_VIGENTE})
        -- A customer invoicing it on the portal right now keeps it (recibos.queries.ts)
        and (r.portal_reclamo_at is null or r.portal_reclamo_at < now() - interval '10 minutes')
      returning r.id`,
    [enterpriseId, recibos.map((x) => x.id), globalId, sustituye],
  );
  const marcados = new Set(rows.map((x) => x.id));
  return recibos.filter((x) => !marcados.has(x.id)).map((x) => x.folio);
}

const clave = (l: readonly ImpuestoDraft[]) =>
  JSON.stringify(
    l
      .map(
        (i) =>
          `${i.tipo}|${i.impuesto}|${i.tipoFactor}|${i.tasaOCuota ? decimal(i.tasaOCuota).toString() : ''}`,
      )
      .sort(),
  );

/**
 * Each receipt as one sale: its folio, its amount before taxes and discount as the receipt's engine
 * computed them, and the tax group whose taxes are exactly its lines' (a global's sale carries one
 * group, Guía de llenado del CFDI global, Conceptos). A receipt whose lines differ in taxes, or
 * whose taxes match no group fit for a global, is answered apart with the reason.
 */
export async function ventasDeRecibos(
  deps: Parameters<typeof cargarDatos>[0],
  enterpriseId: number,
  recibos: readonly ReciboAbierto[],
  grupos: ReadonlyMap<number, readonly ImpuestoDraft[]>,
): Promise<RecibosDelPeriodoResponse> {
  const resp: RecibosDelPeriodoResponse = { partidas: [], omitidos: [] };
  if (recibos.length === 0) return resp;
  const todas = partidasDeFactura(recibos.flatMap((r) => r.partidas));
  const { ctx } = await cargarDatos(deps, enterpriseId, {
    client_id: 0,
    serie_id: 0,
    fecha: null,
    forma_pago: '01',
    metodo_pago: 'PUE',
    uso_cfdi: 'S01',
    moneda: 'MXN',
    tipo_cambio: null,
    condiciones_pago: null,
    exportacion: '01',
    cfdi_relacionados: [],
    informacion_global: null,
    partidas: todas,
  });
  const contexto = ctx as unknown as ContextoFactura;
  const porClave = new Map<string, number>();
  for (const [id, imp] of grupos) if (!porClave.has(clave(imp))) porClave.set(clave(imp), id);
  for (const r of recibos) {
    const claves = new Set(
      partidasDeFactura(r.partidas).map((p) => clave(conceptoDraft(contexto, p).impuestos ?? [])),
    );
    const grupo = claves.size === 1 ? porClave.get([...claves][0]!) : undefined;
    if (grupo === undefined) {
      const motivo =
        claves.size === 1 ? RECIBOS_GLOBAL_MENSAJES.sinGrupo : RECIBOS_GLOBAL_MENSAJES.mezcla;
      resp.omitidos.push({ folio: r.folio, motivo });
      continue;
    }
    resp.partidas.push({
      folioVenta: String(r.folio),
      grupoImpuestosId: grupo,
      subtotal: dosDecimales(r.subtotal),
      descuento: decimal(r.descuento).isZero() ? null : dosDecimales(r.descuento),
      recibo_id: r.id,
    });
  }
  return resp;
}
