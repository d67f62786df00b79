import { importePagoDeSaldo } from '@repo/cfdi/calc';
import { FIJO_CERO, fijo, fijoComparar, fijoMas, fijoTexto } from '@repo/cfdi/decimal';
import { camposFormaPago } from '@repo/cfdi/validacion';
import type { ComplementoPagoRequestInput } from '@repo/contracts/complementos-pago';

/** The payment complement form (spec section 3), as the user types it. */
export interface PagoFormValues {
  serie_id: number | null;
  /** The payment day, AAAA-MM-DD; sent with the current time (spec section 5). */
  fecha: string;
  forma_pago: string;
  /** Typed as currency ("$ 1,234.56"), sent as a number. */
  monto: string;
  /** Currency of the payment: the invoice's or MXN. */
  moneda_p: string;
  /** MXN per unit of the invoice's currency, when it is not MXN. */
  tipo_cambio: string;
  /**
   * A payment in MXN of invoices in several currencies: MXN per unit of each invoice currency other
   * than MXN, by its code (EquivalenciaDR per DoctoRelacionado, Pagos 2.0).
   */
  tipos_cambio: Record<string, string>;
  /** The optional-fields toggle: número de operación and bank data. */
  opcionales: boolean;
  num_operacion: string;
  rfc_emisor_cta_ordenante: string;
  nom_banco_ordenante_ext: string;
  cta_ordenante: string;
  rfc_emisor_cta_ben: string;
  cta_beneficiario: string;
  tipo_cadena_pago: string;
  cert_pago: string;
  cad_pago: string;
  sello_pago: string;
  /** Several invoices of one client: what goes to each (currency text); empty for one invoice. */
  documentos: { factura_id: number; importe: string }[];
}

export type CampoOpcional =
  | 'num_operacion'
  | 'rfc_emisor_cta_ordenante'
  | 'nom_banco_ordenante_ext'
  | 'cta_ordenante'
  | 'rfc_emisor_cta_ben'
  | 'cta_beneficiario'
  | 'tipo_cadena_pago'
  | 'cert_pago'
  | 'cad_pago'
  | 'sello_pago';

/**
 * Spec section 5: the chosen date with the current time, `YYYY-MM-DD HH:mm:ss`; `hora` is the time
 * where the issuer is (hoy-del-emisor.ts), as the API reads it.
 */
export function fechaPagoConHora(fecha: string, hora: string): string {
  return `${fecha} ${hora}`;
}

/**
 * Spec section 5: the amount typed as currency becomes exact decimal text ("$ 1,234.50" →
 * "1234.50"); null unless it is above 0 with up to 2 decimals. Text, never a binary float: a
 * payment is compared with a balance and sent to the API to the cent at any size (t_Importe).
 */
export function montoDeTexto(texto: string): string | null {
  const limpio = texto.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(limpio)) return null;
  return fijoComparar(fijo(limpio), FIJO_CERO) > 0 ? limpio : null;
}

/**
 * A payment of several invoices: its amount is what goes to each one, added up exactly (2 decimals);
 * null while any of them is not a valid amount.
 */
export function totalDocumentos(documentos: readonly { importe: string }[]): string | null {
  let total = FIJO_CERO;
  for (const d of documentos) {
    const importe = montoDeTexto(d.importe);
    if (importe === null) return null;
    total = fijoMas(total, fijo(importe));
  }
  return fijoTexto(total, 2);
}

/**
 * An amount for the request: a JSON number as the spec's POST asks ("numeric payment_amount") when
 * the number reads back as the same amount (up to 15 significant digits), else the exact text, which
 * the contract also accepts, so a cent is never lost on the way.
 */
export function montoEnviado(texto: string | null): number | string {
  if (texto === null) return 0;
  const n = Number(texto);
  return fijoComparar(fijo(String(n)), fijo(texto)) === 0 ? n : texto;
}

/** Which optional fields the forma de pago shows (spec section 5), behind the toggle. */
export function camposVisibles(formaPago: string): Record<CampoOpcional, boolean> {
  const c = camposFormaPago(formaPago);
  return {
    num_operacion: c.numOperacion,
    rfc_emisor_cta_ordenante: c.ordenante,
    nom_banco_ordenante_ext: c.ordenante,
    cta_ordenante: c.ordenante,
    rfc_emisor_cta_ben: c.beneficiario,
    cta_beneficiario: c.beneficiario,
    tipo_cadena_pago: c.cadenaPago,
    cert_pago: c.cadenaPago,
    cad_pago: c.cadenaPago,
    sello_pago: c.cadenaPago,
  };
}

const OPCIONALES: CampoOpcional[] = [
  'num_operacion',
  'rfc_emisor_cta_ordenante',
  'nom_banco_ordenante_ext',
  'cta_ordenante',
  'rfc_emisor_cta_ben',
  'cta_beneficiario',
  'tipo_cadena_pago',
  'cert_pago',
  'cad_pago',
  'sello_pago',
];

/** The optional fields that are sent: shown by the toggle and by the forma de pago, and filled. */
export function opcionalesEnviados(v: PagoFormValues): Partial<Record<CampoOpcional, string>> {
  if (!v.opcionales) return {};
  const visibles = camposVisibles(v.forma_pago);
  const out: Partial<Record<CampoOpcional, string>> = {};
  for (const campo of OPCIONALES) {
    const valor = v[campo].trim();
    if (visibles[campo] && valor) out[campo] = valor;
  }
  return out;
}

/** The invoice currencies, other than the payment's and MXN, that need their own exchange rate. */
export function monedasConTipo(
  facturas: readonly { moneda?: string | undefined }[],
  monedaFactura: string,
): string[] {
  const monedas = facturas.map((f) => f.moneda ?? monedaFactura);
  return [...new Set(monedas)].filter((m) => m !== monedaFactura && m !== 'MXN');
}

/** The rates typed for the other currencies, trimmed; null when there is none. */
function tiposEnviados(v: PagoFormValues): Record<string, string> | null {
  const tipos = Object.entries(v.tipos_cambio)
    .map(([m, t]) => [m, t.trim()] as const)
    .filter(([, t]) => t !== '');
  return tipos.length > 0 ? Object.fromEntries(tipos) : null;
}

/** The body of POST /facturacion/V40/complemento-pago. */
export function toPagoRequest(
  v: PagoFormValues,
  ctx: {
    facturaId: number;
    enterpriseId: number | null;
    clientId: number | null;
    /** The issuer's date and time (ahoraDelEmisor). */
    ahora: { dia: string; hora: string };
  },
): ComplementoPagoRequestInput {
  const documentos =
    v.documentos.length > 1
      ? v.documentos.map((d) => ({
          factura_id: d.factura_id,
          importe_pagado: montoEnviado(montoDeTexto(d.importe)),
        }))
      : null;
  return {
    factura_id: ctx.facturaId,
    serie_id: v.serie_id ?? 0,
    enterprise_id: ctx.enterpriseId,
    client_id: ctx.clientId,
    creation_date: fechaPagoConHora(ctx.ahora.dia, ctx.ahora.hora),
    forma_pago: v.forma_pago,
    payment_date: fechaPagoConHora(v.fecha, ctx.ahora.hora),
    payment_amount: montoEnviado(
      documentos ? totalDocumentos(v.documentos) : montoDeTexto(v.monto),
    ),
    moneda_p: v.moneda_p,
    tipo_cambio: v.tipo_cambio.trim() || null,
    tipos_cambio: tiposEnviados(v),
    ...opcionalesEnviados(v),
    ...(documentos ? { documentos } : {}),
  };
}

/** An empty form for a payment of `facturas` (the balance as the amount of a single invoice). */
export function pagoVacio(input: {
  serieId: number | null;
  hoy: string;
  moneda: string;
  facturas: readonly { factura_id: number; saldo: string; moneda?: string | undefined }[];
}): PagoFormValues {
  const una = input.facturas.length === 1 ? input.facturas[0] : undefined;
  return {
    serie_id: input.serieId,
    fecha: input.hoy,
    forma_pago: '',
    monto: una ? una.saldo : '',
    moneda_p: input.moneda,
    tipo_cambio: '',
    tipos_cambio: {},
    opcionales: false,
    num_operacion: '',
    rfc_emisor_cta_ordenante: '',
    nom_banco_ordenante_ext: '',
    cta_ordenante: '',
    rfc_emisor_cta_ben: '',
    cta_beneficiario: '',
    tipo_cadena_pago: '',
    cert_pago: '',
    cad_pago: '',
    sello_pago: '',
    documentos:
      input.facturas.length > 1
        ? input.facturas.map((f) => ({
            factura_id: f.factura_id,
            // Another currency than the payment's waits for its exchange rate.
            importe: (f.moneda ?? input.moneda) === input.moneda ? f.saldo : '',
          }))
        : [],
  };
}

/**
 * The form after the payment's currency or exchange rate changed: each amount the user has not typed
 * (`tecleados`: invoice ids) follows its invoice's balance, converted to the payment's currency
 * (empty while a payment in pesos of a foreign-currency invoice has no valid exchange rate).
 */
export function conImportesPropuestos(
  v: PagoFormValues,
  facturas: readonly { factura_id: number; saldo: string; moneda?: string | undefined }[],
  monedaFactura: string,
  tecleados: ReadonlySet<number>,
): PagoFormValues {
  const propuesta = (saldo: string, moneda = monedaFactura) =>
    importePagoDeSaldo(saldo, {
      monedaP: v.moneda_p,
      monedaDR: moneda,
      tipoCambio: moneda === monedaFactura ? v.tipo_cambio : (v.tipos_cambio[moneda] ?? ''),
    }) ?? '';
  if (v.documentos.length > 1) {
    return {
      ...v,
      documentos: v.documentos.map((d) => {
        const f = facturas.find((x) => x.factura_id === d.factura_id);
        return f && !tecleados.has(d.factura_id)
          ? { ...d, importe: propuesta(f.saldo, f.moneda) }
          : d;
      }),
    };
  }
  const una = facturas[0];
  if (!una || tecleados.has(una.factura_id)) return v;
  return { ...v, monto: propuesta(una.saldo) };
}
