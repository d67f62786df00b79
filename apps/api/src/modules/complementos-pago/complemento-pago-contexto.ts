import type { OpcionesEmision } from '../timbrado/emision.ts';
import {
  equivalenciaDR,
  importePagadoDR,
  impuestosDeDocumento,
  type ImpuestoDocumento,
} from '@repo/cfdi/calc';
import { DECIMALES_MONEDA } from '@repo/cfdi/catalogos';
import { Decimal, formatear } from '@repo/cfdi/decimal';
import { validarDatosBancariosPago } from '@repo/cfdi/validacion';
import {
  fechaLocal,
  parseComprobanteXml,
  type Comprobante,
  type ReceptorDraft,
} from '@repo/cfdi/xml';
import type { ComplementoPagoRequest } from '@repo/contracts/complementos-pago';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { findDatosFiscales } from '../datos-fiscales/datos-fiscales.queries.ts';
import { findSerie } from '../series/series.queries.ts';
import {
  DATOS_FISCALES_INCOMPLETOS,
  FACTURA_CANCELADA,
  FACTURA_NO_EXISTE,
  FACTURA_PUE,
  FACTURA_REPETIDA,
  FACTURA_SIN_TIMBRAR,
  FECHA_FUTURA,
  MONEDA_PAGO,
  OTRA_MONEDA,
  OTRO_CLIENTE,
  SERIE_PAGOS_NO_EXISTE,
  SUMA_DOCUMENTOS,
  fechaAntesDeFactura,
  sobrepago,
  tipoCambioRequerido,
} from './complemento-pago-mensajes.ts';
import {
  findFacturasPagables,
  saldosComprometidos,
  type FacturaPagable,
  type SaldoPrevio,
} from './complementos-pago.queries.ts';

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

export type Campos = Record<string, string[]>;

export function agregar(campos: Campos, field: string, message: string) {
  const list = (campos[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

/** What the request pays: its documentos, or all of payment_amount to factura_id. */
export function aplicaciones(draft: ComplementoPagoRequest) {
  return draft.documentos?.length
    ? draft.documentos
    : [{ factura_id: draft.factura_id, importe_pagado: draft.payment_amount }];
}

/** The invoice's Total less its payments and credit notes in force. */
function saldoDe(doc: DocumentoPago, previo: SaldoPrevio): Decimal {
  return new Decimal(doc.totalDocumento).minus(previo.comprometido).minus(previo.acreditado);
}

/** Refuses a payment above any invoice's balance (field payment_amount). */
export function exigirSaldo(docs: readonly DocumentoPago[]) {
  for (const d of docs) {
    const saldo = saldoDe(d, d.previo);
    if (new Decimal(d.impPagado).greaterThan(saldo)) {
      throw new AppError('VALIDATION', {
        payment_amount: [sobrepago(d.serieFolio, formatear(saldo, d.decimalesDR), d.monedaDR)],
      });
    }
  }
}

/**
 * The rules on each invoice paid: stamped, PPD, not cancelled; one client; and the invoices in
 * another currency than the payment's only in a payment in MXN (each with its EquivalenciaDR,
 * Pagos 2.0 Guía de llenado: EquivalenciaDR per DoctoRelacionado).
 */
function revisarFacturas(
  errores: Campos,
  facturas: readonly FacturaPagable[],
  principal: FacturaPagable,
  draft: ComplementoPagoRequest,
  monedaP: string,
) {
  for (const f of facturas) {
    const campo = f.id === draft.factura_id ? 'factura_id' : 'documentos';
    if (f.status === 'cancelada') agregar(errores, campo, FACTURA_CANCELADA);
    else if (f.status !== 'timbrada' || !f.xml_timbrado || !f.uuid)
      agregar(errores, campo, FACTURA_SIN_TIMBRAR);
    else if (f.metodo_pago !== 'PPD') agregar(errores, campo, FACTURA_PUE);
    if (f.client_id !== principal.client_id) agregar(errores, 'documentos', OTRO_CLIENTE);
    if (f.moneda !== monedaP && f.id !== principal.id && monedaP !== 'MXN')
      agregar(errores, 'documentos', OTRA_MONEDA);
  }
}

/** One invoice paid, as the complement relates it: its amounts in MonedaDR and its taxes. */
function documentoDePago(
  a: ReturnType<typeof aplicaciones>[number],
  f: FacturaPagable,
  xml: Comprobante,
  previo: SaldoPrevio,
  monedas: { monedaP: string; monedaDR: string; tipoCambio: string },
): DocumentoPago {
  const { monedaDR } = monedas;
  const d = DECIMALES_MONEDA[monedaDR] ?? 2;
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
    previo,
  };
}

/**
 * MXN per unit of each invoice currency other than MXN: tipos_cambio by its code, or tipo_cambio
 * for the first invoice's currency. A missing one is an error on its field.
 */
function tiposDeCambio(
  errores: Campos,
  draft: ComplementoPagoRequest,
  monedaPrincipal: string,
  facturas: readonly FacturaPagable[],
  monedaP: string,
): Map<string, string> {
  const tipos = new Map<string, string>();
  for (const moneda of new Set([monedaPrincipal, ...facturas.map((f) => f.moneda)])) {
    if (moneda === 'MXN') continue;
    const propio = moneda === monedaPrincipal ? draft.tipo_cambio : null;
    const tipo = draft.tipos_cambio?.[moneda] ?? propio;
    if (tipo) tipos.set(moneda, tipo);
    else if (moneda === monedaPrincipal)
      agregar(errores, 'tipo_cambio', tipoCambioRequerido(moneda));
    else if (moneda !== monedaP)
      agregar(errores, `tipos_cambio.${moneda}`, tipoCambioRequerido(moneda));
  }
  return tipos;
}

/** The payment a substitute replaces does not hold the balance it takes the place of. */
export function excluidos(opciones: OpcionesEmision | undefined): number[] {
  return opciones?.sustituye ? [opciones.sustituye.id] : [];
}

/** Loads what the payment relates (fiscal data, serie, invoices, balances) and checks its rules. */
export async function cargarContexto(
  deps: Pick<AppDeps, 'db' | 'now' | 'catalogos'>,
  enterpriseId: number,
  draft: ComplementoPagoRequest,
  opciones?: OpcionesEmision,
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
  const monedaP = draft.moneda_p ?? principal.moneda;
  revisarFacturas(errores, facturas, principal, draft, monedaP);
  if (monedaP !== principal.moneda && monedaP !== 'MXN') agregar(errores, 'moneda_p', MONEDA_PAGO);
  const tipos = tiposDeCambio(errores, draft, principal.moneda, facturas, monedaP);
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

  const previos = await saldosComprometidos(deps.db, enterpriseId, ids, excluidos(opciones));
  const xmlPrincipal = parseComprobanteXml(principal.xml_timbrado ?? '');
  const documentos = apl.map((a): DocumentoPago => {
    const f = porId.get(a.factura_id)!;
    const xml = f.id === principal.id ? xmlPrincipal : parseComprobanteXml(f.xml_timbrado ?? '');
    const monedas = { monedaP, monedaDR: f.moneda, tipoCambio: tipos.get(f.moneda) ?? '1' };
    return documentoDePago(a, f, xml, previos.get(f.id)!, monedas);
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
    tipoCambioP: monedaP === 'MXN' ? '1' : (draft.tipo_cambio ?? '1'),
    fechaPago,
    documentos,
  };
}
