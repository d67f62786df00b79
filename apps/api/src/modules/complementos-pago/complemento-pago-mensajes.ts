import { conMiles } from '@repo/cfdi/decimal';

/** The payment complement's messages to the user (Spanish, shown on the form's fields). */

export const FACTURA_NO_EXISTE = 'La factura no existe.';
export const DATOS_FISCALES_INCOMPLETOS =
  'Registre sus datos fiscales (RFC, razón social, régimen fiscal y código postal) antes de emitir un complemento de pago.';
export const SERIE_PAGOS_NO_EXISTE = 'La serie no existe o no es de recepción de pagos.';
export const FACTURA_CANCELADA = 'La factura está cancelada: no se le pueden registrar pagos.';
export const FACTURA_SIN_TIMBRAR = 'Solo se registran pagos de facturas timbradas.';
export const FACTURA_PUE =
  'La factura es de pago en una sola exhibición (PUE): no lleva complemento de pago.';
export const OTRO_CLIENTE =
  'Un pago de varias facturas solo puede relacionar facturas del mismo cliente.';
export const OTRA_MONEDA =
  'Un pago de facturas en distintas monedas se registra en pesos mexicanos (MXN), con el tipo de cambio de cada moneda.';
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
