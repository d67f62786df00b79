import { fijo, fijoMas, fijoTexto } from '@repo/cfdi/decimal';
import type { PagoItem } from '@repo/contracts/complementos-pago';
import type { FacturaAPagar } from '../components/factura-a-pagar.ts';
import type { PagoFormValues } from './pago-form-values.ts';

/**
 * "Sustituir" a payment complement (issue 25): the invoices it paid, each with the balance it would
 * have without this payment (the API does not count the payment a substitute replaces), so the
 * copy may pay the same amount again. `saldoActual` is the balance of the invoice on screen.
 */
export function facturasDeSustituto(
  pago: PagoItem,
  facturaId: number,
  saldoActual: string,
): FacturaAPagar[] {
  return pago.documentos.map((d) => ({
    factura_id: d.factura_id,
    serieFolio: `${d.serie}-${String(d.folio ?? '')}`,
    fecha: pago.fecha_pago,
    saldo:
      d.factura_id === facturaId
        ? fijoTexto(fijoMas(fijo(saldoActual), fijo(d.importe_pagado)), 2)
        : d.importe_saldo_anterior,
    client_id: pago.client_id,
    moneda: d.moneda,
  }));
}

/**
 * The form filled as the original payment was: date, form and currency of payment, amount (or what
 * went to each invoice, when its currency is the payment's) and número de operación. Bank data are
 * not kept by the list: typed again when the forma de pago asks for them.
 */
export function valoresDeSustituto(pago: PagoItem, vacio: PagoFormValues): PagoFormValues {
  const extranjera = pago.moneda_p !== 'MXN';
  return {
    ...vacio,
    fecha: pago.fecha_pago.slice(0, 10),
    forma_pago: pago.forma_pago,
    monto: pago.monto,
    moneda_p: pago.moneda_p,
    tipo_cambio: extranjera && pago.tipo_cambio_p !== '1' ? pago.tipo_cambio_p : vacio.tipo_cambio,
    opcionales: pago.num_operacion !== '',
    num_operacion: pago.num_operacion,
    documentos:
      pago.documentos.length > 1
        ? pago.documentos.map((d) => ({
            factura_id: d.factura_id,
            importe: d.equivalencia === '1' ? d.importe_pagado : '',
          }))
        : [],
  };
}
