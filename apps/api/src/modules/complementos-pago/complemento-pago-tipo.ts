import { lugarDelPago } from '@repo/cfdi/calc';
import { Decimal } from '@repo/cfdi/decimal';
import { buildPago, fechaLocal, parseComprobanteXml, type Comprobante } from '@repo/cfdi/xml';
import type { ComplementoPagoRequest } from '@repo/contracts/complementos-pago';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { TipoDocumento } from '../timbrado/emision.ts';
import {
  agregar,
  cargarContexto,
  excluidos,
  exigirSaldo,
  type Campos,
  type ContextoPago,
  type DocumentoPago,
} from './complemento-pago-contexto.ts';
import { FACTURA_CANCELADA, FACTURA_SIN_TIMBRAR } from './complemento-pago-mensajes.ts';
import {
  bloquearFacturas,
  insertComplemento,
  saldosComprometidos,
} from './complementos-pago.queries.ts';

/**
 * The payment complement (CFDI tipo P, Pagos 2.0) as a document type of the shared lifecycle
 * (timbrado/emision.ts, decision 007): which invoices it pays and how much, its rules (PPD, stamped,
 * same client, no overpayment, not before the invoice, bank fields by forma de pago), the engine's
 * buildPago, and its draft tables. Inside the reservation it locks the invoices and reads their
 * balances again, so concurrent payments on one invoice never overpay it.
 */

export type Deps = Pick<AppDeps, 'db' | 'secret' | 'now' | 'pac' | 'catalogos'>;

/**
 * Where the payment goes in the invoice's chain. Guía de llenado del complemento para recepción de
 * pagos 2.0, ImpSaldoAnt: "el monto del saldo insoluto de la parcialidad anterior", and the balance
 * a credit note (CFDI de egreso relating the invoice) already took off is no longer owed: the chain
 * runs over the invoice's Total less its credit notes in force (for the first payment after a note,
 * Total − note).
 */
const lugarDe = (d: DocumentoPago) =>
  lugarDelPago(
    new Decimal(d.totalDocumento).minus(d.previo.acreditado).toFixed(),
    d.previo.enVigor,
    d.impPagado,
  );

function construir(
  ctx: ContextoPago,
  draft: ComplementoPagoRequest,
  sf: { serie: string; folio: number; fecha: Date },
  avisos?: string[],
): Comprobante {
  const r = buildPago(
    {
      serie: sf.serie,
      folio: String(sf.folio),
      lugarExpedicion: ctx.lugarExpedicion,
      emisor: ctx.emisor,
      receptor: ctx.receptor,
      pago: {
        fechaPago: ctx.fechaPago,
        formaDePagoP: draft.forma_pago,
        monedaP: ctx.monedaP,
        ...(ctx.monedaP !== 'MXN' ? { tipoCambioP: ctx.tipoCambioP } : {}),
        monto: draft.payment_amount,
        ...(draft.num_operacion ? { numOperacion: draft.num_operacion } : {}),
        ...(draft.rfc_emisor_cta_ordenante
          ? { rfcEmisorCtaOrd: draft.rfc_emisor_cta_ordenante }
          : {}),
        ...(draft.nom_banco_ordenante_ext ? { nomBancoOrdExt: draft.nom_banco_ordenante_ext } : {}),
        ...(draft.cta_ordenante ? { ctaOrdenante: draft.cta_ordenante } : {}),
        ...(draft.rfc_emisor_cta_ben ? { rfcEmisorCtaBen: draft.rfc_emisor_cta_ben } : {}),
        ...(draft.cta_beneficiario ? { ctaBeneficiario: draft.cta_beneficiario } : {}),
        ...(draft.tipo_cadena_pago ? { tipoCadPago: draft.tipo_cadena_pago } : {}),
        ...(draft.cert_pago ? { certPago: draft.cert_pago } : {}),
        ...(draft.cad_pago ? { cadPago: draft.cad_pago } : {}),
        ...(draft.sello_pago ? { selloPago: draft.sello_pago } : {}),
        documentos: ctx.documentos.map((d) => ({
          IdDocumento: d.uuid,
          ...(d.factura.serie ? { Serie: d.factura.serie } : {}),
          ...(d.factura.folio !== null ? { Folio: String(d.factura.folio) } : {}),
          MonedaDR: d.monedaDR,
          EquivalenciaDR: d.equivalencia,
          // Numbered and balanced from the payments in force (lugarDelPago): their sum is what was
          // received, and with previos their taxes add up to the invoice's.
          NumParcialidad: lugarDe(d).NumParcialidad,
          totalDocumento: d.totalDocumento,
          // Covered before this payment: payments and credit notes in force (their taxes are in
          // previos), so each tax group's share is CumBase of all that was covered and the payment
          // that covers the Total closes every group to the invoice's own figure.
          pagadoAnterior: new Decimal(d.previo.comprometido).plus(d.previo.acreditado).toFixed(),
          saldoAnterior: lugarDe(d).ImpSaldoAnt,
          ImpPagado: d.impPagado,
          impuestos: d.impuestos,
          previos: d.previo.previos,
        })),
      },
    },
    { fecha: fechaLocal(sf.fecha, ctx.zona) },
  );
  if (!r.ok) {
    const campos: Campos = {};
    for (const e of r.errores) {
      agregar(campos, campoDeMoneda(e.field, ctx, draft) ?? campoDePago(e.field), e.message);
    }
    throw new AppError('VALIDATION', campos);
  }
  if (avisos) avisos.splice(0, avisos.length, ...r.avisos.map((a) => a.message));
  return r.comprobante;
}

/**
 * The EquivalenciaDR of an invoice in another currency than the first invoice's came from
 * tipos_cambio: its rule's error goes to that currency's rate.
 */
function campoDeMoneda(
  field: string,
  ctx: ContextoPago,
  draft: ComplementoPagoRequest,
): string | undefined {
  const j = /DoctoRelacionado\[(\d+)\]\.EquivalenciaDR/.exec(field)?.[1];
  const doc = j === undefined ? undefined : ctx.documentos[Number(j)];
  const principal = ctx.documentos.find((d) => d.factura.id === draft.factura_id);
  if (!doc || !principal || doc.monedaDR === principal.monedaDR) return undefined;
  return `tipos_cambio.${doc.monedaDR}`;
}

/** The form's field of a rule's path in the CFDI de pago (its amount, its exchange rate). */
export function campoDePago(field: string): string {
  // A peso payment of a dollar invoice carries the typed rate as EquivalenciaDR (1 / rate).
  if (/TipoCambioP|EquivalenciaDR/.test(field)) return 'tipo_cambio';
  return /ImpPagado|monto|\.Monto\b/.test(field) ? 'payment_amount' : field;
}

/**
 * The payment complement as a plug-in of the shared lifecycle. `avisos` receives the notices of the
 * last payment built (gruposNoLlevados), for the answer.
 */
export function complementoPago(
  deps: Deps,
  avisos?: string[],
): TipoDocumento<ComplementoPagoRequest, ContextoPago> {
  return {
    clave: 'pago',
    campoDe: (field, ctx, draft) => campoDeMoneda(field, ctx, draft) ?? campoDePago(field),
    cargarContexto: (enterpriseId, draft, opciones) =>
      cargarContexto(deps, enterpriseId, draft, opciones),
    validar: (ctx, draft, instante) =>
      construir(
        ctx,
        draft,
        { serie: ctx.serie.serie, folio: ctx.serie.folio, fecha: instante },
        avisos,
      ),
    construir: (ctx, draft, sf) => construir(ctx, draft, sf, avisos),
    verificarEnLaReserva: async (tx: Db, enterpriseId, ctx, _draft, opciones) => {
      const ids = ctx.documentos.map((d) => d.factura.id);
      const estados = await bloquearFacturas(tx, enterpriseId, ids);
      for (const d of ctx.documentos) {
        const estado = estados.get(d.factura.id);
        if (estado === 'cancelada')
          throw new AppError('VALIDATION', { factura_id: [FACTURA_CANCELADA] });
        if (estado !== 'timbrada')
          throw new AppError('VALIDATION', { factura_id: [FACTURA_SIN_TIMBRAR] });
      }
      const ahora = await saldosComprometidos(tx, enterpriseId, ids, excluidos(opciones));
      let cambio = false;
      for (const d of ctx.documentos) {
        const previo = ahora.get(d.factura.id)!;
        if (
          previo.comprometido !== d.previo.comprometido ||
          previo.acreditado !== d.previo.acreditado ||
          previo.pagos !== d.previo.pagos ||
          JSON.stringify(previo.enVigor) !== JSON.stringify(d.previo.enVigor)
        ) {
          d.previo = previo;
          cambio = true;
        }
      }
      // Another payment of the same invoice was sealed since this one was checked.
      if (cambio) exigirSaldo(ctx.documentos);
      return cambio;
    },
    guardarDraft: async (tx, enterpriseId, sellado, draft, _previa, ctx) => {
      const c = parseComprobanteXml(sellado.xml_sellado ?? '');
      const pago = c.Complemento?.Pagos?.Pago[0];
      if (!pago) throw new Error(`complemento ${sellado.id} sealed without Pagos`);
      await insertComplemento(
        tx,
        enterpriseId,
        sellado.id,
        {
          client_id: ctx.cliente.id,
          client_name: ctx.receptor.nombre,
          client_rfc: ctx.receptor.rfc,
          fecha_pago: pago.FechaPago,
          forma_pago: pago.FormaDePagoP,
          moneda_p: pago.MonedaP,
          tipo_cambio_p: pago.TipoCambioP ?? '1',
          monto: pago.Monto,
          num_operacion: pago.NumOperacion ?? '',
          draft,
        },
        pago.DoctoRelacionado.map((dr, i) => ({
          factura_id: ctx.documentos[i]!.factura.id,
          num_parcialidad: Number(dr.NumParcialidad),
          moneda_dr: dr.MonedaDR,
          equivalencia_dr: dr.EquivalenciaDR ?? '1',
          imp_saldo_ant: dr.ImpSaldoAnt,
          imp_pagado: dr.ImpPagado,
          imp_saldo_insoluto: dr.ImpSaldoInsoluto,
        })),
      );
    },
  };
}
