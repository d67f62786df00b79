import { Decimal, decimalesEscritos } from '@repo/cfdi/decimal';
import type { NotaCreditoRequest } from '@repo/contracts/notas-credito';

/**
 * The credit-note form (issue 25) as the user types it, and the request it sends. The checks are the
 * API's (packages/contracts/src/notas-credito.ts), with its messages, so a bad value is marked before
 * spending a request; the API checks them again.
 */
export interface NotaFormValues {
  serie_id: string;
  /** descuento: relation 01 (discount or bonus); devolucion: relation 03 (goods returned). */
  tipo: 'descuento' | 'devolucion';
  modo: 'porcentaje' | 'importe';
  /** The percentage or the amount before taxes. */
  valor: string;
  /** Per line of the invoice (its position): the quantity returned, '' when not returned. */
  devueltas: Record<number, string>;
  motivo: string;
}

export const NOTA_FORM_INICIAL: NotaFormValues = {
  serie_id: '',
  tipo: 'descuento',
  modo: 'porcentaje',
  valor: '',
  devueltas: {},
  motivo: '',
};

const IMPORTE = 'El importe debe ser mayor a 0 con hasta 2 decimales';
const PORCENTAJE = 'El porcentaje debe ser mayor a 0 y hasta 100, con hasta 4 decimales';
const CANTIDAD = 'La cantidad devuelta debe ser mayor a 0 con hasta 6 decimales';
const CANTIDAD_MAYOR = 'No puede devolver más de la cantidad facturada';
const SIN_PARTIDAS = 'Elija al menos un concepto devuelto';
const SERIE = 'La serie es obligatoria';
const MOTIVO = 'El motivo admite como máximo 200 caracteres';

const cero = (v: string) => /^0*(\.0*)?$/.test(v);
/** Exact comparison of two decimal texts (packages/cfdi's Decimal: money and quantities). */
function mayorQue(a: string, b: string): boolean {
  return new Decimal(a || '0').gt(b || '0');
}

export type NotaFormResult =
  { ok: true; body: NotaCreditoRequest } | { ok: false; errores: Record<string, string> };

/** The request for invoice `facturaId`, whose lines' quantities are `cantidades`, or the errors by field. */
export function cuerpoDeNota(
  v: NotaFormValues,
  facturaId: number,
  cantidades: readonly string[],
): NotaFormResult {
  const errores: Record<string, string> = {};
  if (!/^\d+$/.test(v.serie_id)) errores.serie_id = SERIE;
  if (v.motivo.trim().length > 200) errores.motivo = MOTIVO;
  const valor = v.valor.trim().replace(/[$,\s%]/g, '');
  let ajuste: Pick<NotaCreditoRequest, 'importe' | 'porcentaje' | 'partidas'>;
  if (v.tipo === 'descuento' && v.modo === 'importe') {
    if (!/^\d{1,15}(\.\d{1,2})?$/.test(valor) || cero(valor)) errores.valor = IMPORTE;
    ajuste = { importe: valor };
  } else if (v.tipo === 'descuento') {
    const ok = /^\d{1,3}(\.\d{1,4})?$/.test(valor) && !cero(valor) && !mayorQue(valor, '100');
    if (!ok) errores.valor = PORCENTAJE;
    ajuste = { porcentaje: valor };
  } else {
    const partidas: NonNullable<NotaCreditoRequest['partidas']> = [];
    for (const [linea, texto] of Object.entries(v.devueltas)) {
      const cantidad = texto.trim();
      if (cantidad === '') continue;
      const i = Number(linea);
      if (!/^\d{1,12}(\.\d{1,6})?$/.test(cantidad) || cero(cantidad))
        errores[`devueltas.${linea}`] = CANTIDAD;
      else if (mayorQue(cantidad, cantidades[i] ?? '0'))
        errores[`devueltas.${linea}`] = CANTIDAD_MAYOR;
      partidas.push({ factura_id: facturaId, linea: i, cantidad });
    }
    if (partidas.length === 0) errores.partidas = SIN_PARTIDAS;
    ajuste = { partidas };
  }
  if (Object.keys(errores).length > 0) return { ok: false, errores };
  return {
    ok: true,
    body: {
      serie_id: Number(v.serie_id),
      facturas: [facturaId],
      tipo: v.tipo,
      ...ajuste,
      motivo: v.motivo.trim() || null,
    },
  };
}

/**
 * The note's taxes as its CFDI states them: Total − SubTotal (transferred less withheld; a note has no
 * Descuento), both computed by the API, exactly (packages/cfdi's Decimal), with the decimals written.
 */
export function impuestosDeNota(subtotal: string, total: string): string {
  const n = Math.max(decimalesEscritos(subtotal), decimalesEscritos(total));
  return new Decimal(total).minus(subtotal).toFixed(n);
}
