/** Global invoices: the Spanish messages of the spec and the limits they guard. */

// ------------------------------------------------------------------------------------ messages

export const FOLIO_VENTA_MESSAGE = 'Indique el folio de venta (de 1 a 100 caracteres, sin "|").';
export const GRUPO_IMPUESTOS_MESSAGE = 'Elija el grupo de impuestos de la venta';
export const SUBTOTAL_MESSAGE =
  'El subtotal de la venta debe ser un importe mayor a cero con hasta 2 decimales.';
export const DESCUENTO_VENTA_MESSAGE =
  'El descuento de la venta debe ser un importe mayor o igual a cero con hasta 2 decimales';
export const FORMA_PAGO_GLOBAL_MESSAGE =
  'Elija la forma de pago (la de la venta de mayor importe; no puede ser 99 Por definir)';
export const MONTH_MESSAGE = 'El mes debe ser un número del 1 al 12';
export const YEAR_MESSAGE = 'El año debe tener 4 dígitos (2019 o posterior)';
export const PERIODICIDAD_GLOBAL_MESSAGE =
  'La periodicidad debe ser 01 (Diario), 02 (Semanal), 03 (Quincenal), 04 (Mensual) o 05 (Bimestral)';
export const DIA_PERIODO_GLOBAL_MESSAGE =
  'Elija el día, la semana o la quincena de la factura global: un día del mes y año de la factura.';
export const SERIE_GLOBAL_MESSAGE = 'Elija la serie de facturas globales';
export const PARTIDAS_GLOBAL_MESSAGE = 'Agregue al menos una venta a la factura global';
export const MAX_PARTIDAS_GLOBAL = 20_000;
export const PARTIDAS_GLOBAL_MAX_MESSAGE = `Una factura global admite como máximo ${MAX_PARTIDAS_GLOBAL.toLocaleString('en-US')} ventas`;
export const FOLIO_VENTA_REPETIDO_MESSAGE = 'Este folio de venta ya está en la factura global.';

/** Spec section 9: a saved global stays editable while its year is within 2 years of today. */
export const GLOBAL_EDITABLE_YEARS = 2;
