import { fijo, fijoComparar } from '@repo/cfdi/decimal';
import { validarDatosBancariosPago } from '@repo/cfdi/validacion';
import {
  type PagoFormValues,
  monedasConTipo,
  montoDeTexto,
  opcionalesEnviados,
} from './pago-form-values.ts';

/** a > b, exactly, on decimal texts (packages/cfdi's arithmetic). */
function mayorQue(a: string, b: string): boolean {
  return fijoComparar(fijo(a), fijo(b)) > 0;
}

export interface ContextoPagoForm {
  /** What the invoice (or each invoice) still owes, in its currency. */
  saldos: {
    factura_id: number;
    saldo: string;
    fecha: string;
    serieFolio: string;
    /** The invoice's currency when it is not monedaFactura's (several currencies, paid in MXN). */
    moneda?: string | undefined;
  }[];
  monedaFactura: string;
  hoy: string;
}

/** Local checks before sending; field → Spanish message. */
export function validarPago(v: PagoFormValues, ctx: ContextoPagoForm): Record<string, string> {
  const errores: Record<string, string> = {};
  if (v.serie_id === null) errores.serie_id = 'La serie es obligatoria';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.fecha)) errores.fecha = 'La fecha de pago es obligatoria';
  else if (v.fecha > ctx.hoy) errores.fecha = 'La fecha de pago no puede ser posterior a hoy.';
  else {
    const previa = ctx.saldos.find((s) => v.fecha < s.fecha.slice(0, 10));
    if (previa) {
      const [a, m, d] = previa.fecha.slice(0, 10).split('-');
      errores.fecha = `La fecha de pago no puede ser anterior a la fecha de la factura ${previa.serieFolio} (${d}/${m}/${a}).`;
    }
  }
  if (!v.forma_pago) errores.forma_pago = 'La forma de pago es obligatoria';
  const monto = montoDeTexto(v.monto);
  if (ctx.monedaFactura !== 'MXN' && !/^\d+(\.\d{1,6})?$/.test(v.tipo_cambio.trim()))
    errores.tipo_cambio = `Indique el tipo de cambio del día del pago (pesos mexicanos por ${ctx.monedaFactura}).`;
  for (const moneda of monedasConTipo(ctx.saldos, ctx.monedaFactura)) {
    if (!/^\d+(\.\d{1,6})?$/.test((v.tipos_cambio[moneda] ?? '').trim()))
      errores[`tipos_cambio.${moneda}`] =
        `Indique el tipo de cambio del día del pago (pesos mexicanos por ${moneda}).`;
  }
  if (v.documentos.length > 1) {
    v.documentos.forEach((d, i) => {
      const importe = montoDeTexto(d.importe);
      const saldo = ctx.saldos.find((s) => s.factura_id === d.factura_id);
      if (importe === null)
        errores[`documentos.${i}.importe`] =
          'Indique lo que se aplica a esta factura, mayor a 0 con hasta 2 decimales.';
      else if (
        saldo &&
        v.moneda_p === (saldo.moneda ?? ctx.monedaFactura) &&
        mayorQue(importe, saldo.saldo)
      )
        errores[`documentos.${i}.importe`] =
          `El importe es mayor que el saldo de la factura ${saldo.serieFolio}.`;
    });
  } else if (monto === null) {
    errores.monto = 'Indique el monto del pago, mayor a 0 con hasta 2 decimales.';
  } else if (v.moneda_p === ctx.monedaFactura) {
    const saldo = ctx.saldos[0];
    if (saldo && mayorQue(monto, saldo.saldo))
      errores.monto = `El pago es mayor que el saldo de la factura ${saldo.serieFolio}.`;
  }
  if (v.forma_pago && v.opcionales) {
    for (const e of validarDatosBancariosPago(v.forma_pago, opcionalesEnviados(v)))
      errores[e.field] ??= e.message;
  }
  return errores;
}
