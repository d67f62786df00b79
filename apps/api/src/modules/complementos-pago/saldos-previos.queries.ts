import { and, eq, inArray } from 'drizzle-orm';
import {
  impuestosPagados,
  sumarImpuestosPrevios,
  type ImpuestoPrevio,
  type ParcialidadEnVigor,
} from '@repo/cfdi/calc';
import { Decimal } from '@repo/cfdi/decimal';
import { parseComprobanteXml, type DoctoRelacionado } from '@repo/cfdi/xml';
import type { Db } from '../../db/client.ts';
import { comprobantes as c } from '../../db/schema/comprobantes.ts';
import { pagosEnVigor } from '../comprobantes/pagos-en-vigor.queries.ts';
import { reduccionesEnVigor } from '../comprobantes/reducciones-en-vigor.queries.ts';

export interface SaldoPrevio {
  factura_id: number;
  /** Σ imp_pagado of the payments that hold the balance (stamped, or sealed and in flight). */
  comprometido: string;
  /** How many such payments. */
  pagos: number;
  /** Their NumParcialidad, ImpSaldoAnt and ImpPagado: where the next one goes (lugarDelPago). */
  enVigor: ParcialidadEnVigor[];
  /**
   * Σ of what the credit notes in force took off the invoice (saldos_reducciones): Pagos 2.0's
   * ImpSaldoAnt is the balance after the earlier payments and credit notes.
   */
  acreditado: string;
  /** How many such notes. */
  notas: number;
  /**
   * What they carried of each tax group of the invoice (their ImpuestosDR added up) and what the
   * notes' shares carried: the last payment takes the rest, so payments and notes close every tax.
   */
  previos: ImpuestoPrevio[];
}

/**
 * What earlier payments took from each invoice: stamped payments and sealed ones still waiting for
 * the PAC (they will be stamped with those amounts). Cancelled and rejected ones give it back, and
 * so does the payment a substitute replaces (`excluir`): the substitute takes its place.
 */
export async function saldosComprometidos(
  db: Db,
  enterpriseId: number,
  facturaIds: number[],
  excluir: readonly number[] = [],
): Promise<Map<number, SaldoPrevio>> {
  const out = new Map<number, SaldoPrevio>();
  for (const id of facturaIds)
    out.set(id, {
      factura_id: id,
      comprometido: '0',
      pagos: 0,
      enVigor: [],
      acreditado: '0',
      notas: 0,
      previos: [],
    });
  if (facturaIds.length === 0) return out;
  const [rows, reducciones] = await Promise.all([
    pagosEnVigor(db, enterpriseId, facturaIds, excluir),
    reduccionesEnVigor(db, enterpriseId, facturaIds),
  ]);
  const uuids = await uuidsDe(db, enterpriseId, facturaIds);
  const drs = new Map<number, DoctoRelacionado[]>();
  for (const s of out.values()) {
    const propios = rows.filter((r) => r.factura_id === s.factura_id);
    s.pagos = propios.length;
    s.comprometido = propios.reduce((t, r) => t.plus(r.imp_pagado), new Decimal(0)).toFixed();
    s.enVigor = propios.map((r) => ({
      NumParcialidad: Number(r.num_parcialidad),
      ImpSaldoAnt: r.imp_saldo_ant,
      ImpPagado: r.imp_pagado,
    }));
  }
  for (const r of rows) {
    const uuid = uuids.get(r.factura_id);
    const dr = parseComprobanteXml(r.xml ?? '')
      .Complemento?.Pagos?.Pago.flatMap((p) => p.DoctoRelacionado)
      .find((d) => d.IdDocumento.toUpperCase() === uuid);
    if (dr) drs.set(r.factura_id, [...(drs.get(r.factura_id) ?? []), dr]);
  }
  for (const s of out.values()) {
    const r = reducciones.get(s.factura_id)!;
    s.acreditado = r.importe;
    s.notas = r.documentos;
    s.previos = sumarImpuestosPrevios(impuestosPagados(drs.get(s.factura_id) ?? []), r.impuestos);
  }
  return out;
}

async function uuidsDe(db: Db, enterpriseId: number, ids: number[]) {
  const rows = await db
    .select({ id: c.id, uuid: c.uuid })
    .from(c)
    .where(and(eq(c.enterprise_id, enterpriseId), inArray(c.id, ids)));
  return new Map(rows.map((r) => [r.id, (r.uuid ?? '').toUpperCase()]));
}
