import {
  equivalenciaDR,
  importePagadoDR,
  impuestosDeDocumento,
  type ImpuestoDocumento,
} from '@repo/cfdi/calc';
import { DECIMALES_MONEDA } from '@repo/cfdi/catalogos';
import { conMiles, Decimal, formatear } from '@repo/cfdi/decimal';
import { validarDatosBancariosPago } from '@repo/cfdi/validacion';
import {
  buildPago,
  fechaLocal,
  parseComprobanteXml,
  type Comprobante,
  type ReceptorDraft,
} from '@repo/cfdi/xml';
import type { ComplementoPagoRequest } from '@repo/contracts/complementos-pago';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { findDatosFiscales } from '../datos-fiscales/datos-fiscales.queries.ts';
import { findSerie } from '../series/series.queries.ts';
import type { TipoDocumento } from '../timbrado/emision.ts';
import {
  bloquearFacturas,
  findFacturasPagables,
  insertComplemento,
  saldosComprometidos,
  type FacturaPagable,
  type SaldoPrevio,
} from './complementos-pago.queries.ts';

/**
 * The payment complement (CFDI tipo P, Pagos 2.0) as a document type of the shared lifecycle
 * (timbrado/emision.ts, decision 007): which invoices it pays and how much, its rules (PPD, stamped,
 * same client, no overpayment, not before the invoice, bank fields by forma de pago), the engine's
 * buildPago, and its draft tables. Inside the reservation it locks the invoices and reads their
 * balances again, so concurrent payments on one invoice never overpay it.
 */

export type Deps = Pick<AppDeps, 'db' | 'secret' | 'now' | 'pac' | 'catalogos'>;

export const FACTURA_NO_EXISTE = 'La factura no existe.';
export const DATOS_FISCALES_INCOMPLETOS =
  'Registre sus datos fiscales (RFC, razón social, régimen fiscal y código postal) antes de emitir un complemento de pago.';
export const SERIE_PAGOS_NO_EXISTE = 'La serie no existe o no es de recepción de pagos.';
export const FACTURA_CANCELADA = 'La factura está cancelada: no se le pueden registrar pagos.';
export const FACTURA_SIN_TIMBRAR = 'Sólo se registran pagos de facturas timbradas.';
export const FACTURA_PUE =
  'La factura es de pago en una sola exhibición (PUE): no lleva complemento de pago.';
export const OTRO_CLIENTE =
  'Un pago de varias facturas sólo puede relacionar facturas del mismo cliente.';
export const OTRA_MONEDA =
  'Un pago de varias facturas sólo puede relacionar facturas de la misma moneda.';
export const SUMA_DOCUMENTOS =
  'La suma de lo aplicado a cada factura debe ser igual al monto del pago.';
export const FACTURA_REPETIDA = 'Cada factura puede aparecer una sola vez en el pago.';
export const FECHA_FUTURA = 'La fecha de pago no puede ser posterior a hoy.';
export const MONEDA_PAGO =
  'El pago se registra en la moneda de la factura o en pesos mexicanos (MXN).';

export function fechaAntesDeFactura(serieFolio: string, fecha: string): string {
  const [a, m, d] = fecha.slice(0, 10).split('-');
  return `La fecha de pago no puede ser anterior a la fecha de la factura ${serieFolio} (${d}/${m}/${a}).`;
}

export function sobrepago(serieFolio: string, saldo: string, moneda: string): string {
  return `El pago es mayor que el saldo de la factura ${serieFolio} ($ ${conMiles(saldo)} ${moneda}). Registre como máximo el saldo.`;
}

export function tipoCambioRequerido(moneda: string): string {
  return `Indique el tipo de cambio del día del pago (pesos mexicanos por ${moneda}).`;
}

export interface DocumentoPago {
  factura: FacturaPagable;
  serieFolio: string;
  uuid: string;
  monedaDR: string;
  decimalesDR: number;
  totalDocumento: string;
  impuestos: ImpuestoDocumento[];
  equivalencia: string;
  /** Applied to this invoice, in MonedaDR. */
  impPagado: string;
  /** Applied to this invoice, in MonedaP (what the user typed for it). */
  importeP: string;
  /** Σ of the earlier payments holding this invoice's balance; their count. */
  previo: SaldoPrevio;
}

export interface ContextoPago {
  serie: { id: number; serie: string; folio: number };
  emisor: { rfc: string; nombre: string; regimenFiscal: string };
  lugarExpedicion: string;
  zona: string;
  receptor: ReceptorDraft;
  cliente: { id: number; nombre: string; rfc: string };
  monedaP: string;
  tipoCambioP: string;
  fechaPago: string;
  documentos: DocumentoPago[];
}

type Campos = Record<string, string[]>;

function agregar(campos: Campos, field: string, message: string) {
  const list = (campos[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

/** What the request pays: its documentos, or all of payment_amount to factura_id. */
export function aplicaciones(draft: ComplementoPagoRequest) {
  return draft.documentos?.length
    ? draft.documentos
    : [{ factura_id: draft.factura_id, importe_pagado: draft.payment_amount }];
}

function saldoDe(doc: DocumentoPago, previo: SaldoPrevio): Decimal {
  return new Decimal(doc.totalDocumento).minus(previo.comprometido);
}

/** Refuses a payment above any invoice's balance (field payment_amount). */
function exigirSaldo(docs: readonly DocumentoPago[]) {
  for (const d of docs) {
    const saldo = saldoDe(d, d.previo);
    if (new Decimal(d.impPagado).greaterThan(saldo)) {
      throw new AppError('VALIDATION', {
        payment_amount: [sobrepago(d.serieFolio, formatear(saldo, d.decimalesDR), d.monedaDR)],
      });
    }
  }
}

async function cargarContexto(
  deps: Deps,
  enterpriseId: number,
  draft: ComplementoPagoRequest,
): Promise<ContextoPago> {
  const errores: Campos = {};
  const apl = aplicaciones(draft);
  const ids = apl.map((a) => a.factura_id);
  if (new Set(ids).size !== ids.length) agregar(errores, 'documentos', FACTURA_REPETIDA);
  if (draft.documentos?.length) {
    const suma = apl.reduce((s, a) => s.plus(a.importe_pagado), new Decimal(0));
    if (!suma.equals(draft.payment_amount)) agregar(errores, 'payment_amount', SUMA_DOCUMENTOS);
  }
  const [datos, serie, facturas] = await Promise.all([
    findDatosFiscales(deps.db, enterpriseId),
    findSerie(deps.db, enterpriseId, draft.serie_id),
    findFacturasPagables(deps.db, enterpriseId, ids),
  ]);
  const cp = datos?.codigo_postal ?? '';
  if (!datos?.rfc || !datos.razon_social || !datos.regimen_fiscal || !/^\d{5}$/.test(cp)) {
    throw new AppError('BAD_REQUEST', DATOS_FISCALES_INCOMPLETOS, { persistent: true });
  }
  const porId = new Map(facturas.map((f) => [f.id, f]));
  const principal = porId.get(draft.factura_id);
  if (!principal || ids.some((id) => !porId.has(id))) {
    throw new AppError('NOT_FOUND', FACTURA_NO_EXISTE);
  }
  if (!serie || serie.kind !== 'recepcion-pagos')
    agregar(errores, 'serie_id', SERIE_PAGOS_NO_EXISTE);
  for (const f of facturas) {
    const campo = f.id === draft.factura_id ? 'factura_id' : 'documentos';
    if (f.status === 'cancelada') agregar(errores, campo, FACTURA_CANCELADA);
    else if (f.status !== 'timbrada' || !f.xml_timbrado || !f.uuid)
      agregar(errores, campo, FACTURA_SIN_TIMBRAR);
    else if (f.metodo_pago !== 'PPD') agregar(errores, campo, FACTURA_PUE);
    if (f.client_id !== principal.client_id) agregar(errores, 'documentos', OTRO_CLIENTE);
    if (f.moneda !== principal.moneda) agregar(errores, 'documentos', OTRA_MONEDA);
  }
  const monedaDR = principal.moneda;
  const monedaP = draft.moneda_p ?? monedaDR;
  if (monedaP !== monedaDR && monedaP !== 'MXN') agregar(errores, 'moneda_p', MONEDA_PAGO);
  if (monedaDR !== 'MXN' && !draft.tipo_cambio)
    agregar(errores, 'tipo_cambio', tipoCambioRequerido(monedaDR));
  for (const e of validarDatosBancariosPago(draft.forma_pago, draft)) {
    agregar(errores, e.field, e.message);
  }
  const zona = deps.catalogos.codigosPostales.zonaHoraria(cp) ?? 'America/Mexico_City';
  const fechaPago = draft.payment_date.replace(' ', 'T');
  const hoy = fechaLocal(deps.now(), zona).slice(0, 10);
  if (fechaPago.slice(0, 10) > hoy) agregar(errores, 'payment_date', FECHA_FUTURA);
  for (const f of facturas) {
    if (fechaPago.slice(0, 10) < f.fecha.slice(0, 10))
      agregar(errores, 'payment_date', fechaAntesDeFactura(`${f.serie}-${f.folio ?? ''}`, f.fecha));
  }
  if (Object.keys(errores).length > 0 || !serie) throw new AppError('VALIDATION', errores);

  const previos = await saldosComprometidos(deps.db, enterpriseId, ids);
  const xmlPrincipal = parseComprobanteXml(principal.xml_timbrado ?? '');
  const tipoCambio = draft.tipo_cambio ?? '1';
  const documentos = apl.map((a): DocumentoPago => {
    const f = porId.get(a.factura_id)!;
    const xml = f.id === principal.id ? xmlPrincipal : parseComprobanteXml(f.xml_timbrado ?? '');
    const d = DECIMALES_MONEDA[monedaDR] ?? 2;
    const monedas = { monedaP, monedaDR, tipoCambio };
    const equivalencia = equivalenciaDR(monedas);
    const impPagado = importePagadoDR(a.importe_pagado, monedas);
    return {
      factura: f,
      serieFolio: `${f.serie}-${f.folio ?? ''}`,
      uuid: (f.uuid ?? '').toUpperCase(),
      monedaDR,
      decimalesDR: d,
      totalDocumento: xml.Total,
      impuestos: impuestosDeDocumento(
        xml.Conceptos.map((k) => ({
          Traslados: k.Impuestos?.Traslados ?? [],
          Retenciones: k.Impuestos?.Retenciones ?? [],
        })),
      ),
      equivalencia,
      impPagado,
      importeP: a.importe_pagado,
      previo: previos.get(f.id)!,
    };
  });
  exigirSaldo(documentos);
  const r = xmlPrincipal.Receptor;
  return {
    serie: { id: serie.id, serie: serie.serie, folio: serie.folio },
    emisor: { rfc: datos.rfc, nombre: datos.razon_social, regimenFiscal: datos.regimen_fiscal },
    lugarExpedicion: cp,
    zona,
    receptor: {
      rfc: r.Rfc,
      nombre: r.Nombre,
      domicilioFiscalReceptor: r.DomicilioFiscalReceptor,
      regimenFiscalReceptor: r.RegimenFiscalReceptor,
      ...(r.ResidenciaFiscal ? { residenciaFiscal: r.ResidenciaFiscal } : {}),
    },
    cliente: { id: principal.client_id, nombre: principal.client_name, rfc: principal.client_rfc },
    monedaP,
    tipoCambioP: monedaP === 'MXN' ? '1' : tipoCambio,
    fechaPago,
    documentos,
  };
}

function construir(
  ctx: ContextoPago,
  draft: ComplementoPagoRequest,
  sf: { serie: string; folio: number; fecha: Date },
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
          NumParcialidad: d.previo.pagos + 1,
          totalDocumento: d.totalDocumento,
          pagadoAnterior: d.previo.comprometido,
          ImpPagado: d.impPagado,
          impuestos: d.impuestos,
        })),
      },
    },
    { fecha: fechaLocal(sf.fecha, ctx.zona) },
  );
  if (!r.ok) {
    const campos: Campos = {};
    for (const e of r.errores) {
      agregar(campos, campoDePago(e.field), e.message);
    }
    throw new AppError('VALIDATION', campos);
  }
  return r.comprobante;
}

/** The form's field of a rule's path in the CFDI de pago (its amount, its exchange rate). */
export function campoDePago(field: string): string {
  if (/TipoCambioP/.test(field)) return 'tipo_cambio';
  return /ImpPagado|monto|\.Monto\b/.test(field) ? 'payment_amount' : field;
}

/** The payment complement as a plug-in of the shared lifecycle. */
export function complementoPago(deps: Deps): TipoDocumento<ComplementoPagoRequest, ContextoPago> {
  return {
    clave: 'pago',
    campoDe: campoDePago,
    cargarContexto: (enterpriseId, draft) => cargarContexto(deps, enterpriseId, draft),
    validar: (ctx, draft, instante) =>
      construir(ctx, draft, { serie: ctx.serie.serie, folio: ctx.serie.folio, fecha: instante }),
    construir,
    verificarEnLaReserva: async (tx: Db, enterpriseId, ctx) => {
      const ids = ctx.documentos.map((d) => d.factura.id);
      const estados = await bloquearFacturas(tx, enterpriseId, ids);
      for (const d of ctx.documentos) {
        const estado = estados.get(d.factura.id);
        if (estado === 'cancelada')
          throw new AppError('VALIDATION', { factura_id: [FACTURA_CANCELADA] });
        if (estado !== 'timbrada')
          throw new AppError('VALIDATION', { factura_id: [FACTURA_SIN_TIMBRAR] });
      }
      const ahora = await saldosComprometidos(tx, enterpriseId, ids);
      let cambio = false;
      for (const d of ctx.documentos) {
        const previo = ahora.get(d.factura.id)!;
        if (previo.comprometido !== d.previo.comprometido || previo.pagos !== d.previo.pagos) {
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
