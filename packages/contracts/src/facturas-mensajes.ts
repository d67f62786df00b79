import { z } from 'zod';
import { FECHA_MESSAGE, FechaDia } from './emision.ts';

export { FECHA_MESSAGE, FechaDia };

/** Income invoices: the Spanish messages of the spec and the primitive fields they guard. */

// ------------------------------------------------------------------------------------ messages

/** Spec section 5, discount percent. */
export const DESCUENTO_MENOR_MESSAGE = 'El descuento no puede ser menor a 0%';
export const DESCUENTO_MAYOR_MESSAGE = 'El descuento no puede ser mayor a 100%';
/** Spec section 5, stamping rules for an issuer natural person in régimen 626. */
export const REGLA_626_MORAL_MESSAGE =
  'Para facturar a una persona moral, todos los conceptos deben incluir el impuesto trasladado y los impuestos retenidos correspondientes.';
export const REGLA_626_MORAL_HINT =
  'Por ejemplo: IVA trasladado 16%, ISR retenido 1.25% e IVA retenido de dos terceras partes (10.6666%); si el concepto está exento de IVA, solo el ISR retenido.';
export const REGLA_626_FISICA_MESSAGE =
  'Para facturar a una persona física, todos los conceptos deben tener solo impuestos trasladados.';
/** Spec section 5, expired seals. */
export const SELLOS_EXPIRADOS_MESSAGE = 'Sus sellos ya han expirado.';

export const CLIENT_REQUIRED_MESSAGE = 'El cliente es obligatorio';
export const SERIE_REQUIRED_MESSAGE = 'La serie es obligatoria';
export const FORMA_PAGO_REQUIRED_MESSAGE = 'La forma de pago es obligatoria';
export const METODO_PAGO_MESSAGE = 'El método de pago debe ser PUE o PPD';
export const USO_CFDI_REQUIRED_MESSAGE = 'El uso de CFDI es obligatorio';
export const MONEDA_MESSAGE = 'La moneda debe ser una clave de 3 letras del catálogo del SAT';
export const TIPO_CAMBIO_MESSAGE =
  'El tipo de cambio debe ser un número mayor a 0 con hasta 6 decimales';
export const CONDICIONES_PAGO_MESSAGE =
  'Las condiciones de pago no pueden tener más de 1000 caracteres';
export const EXPORTACION_MESSAGE =
  'Solo se admite la exportación 01 (No aplica); la 02 requiere el complemento de Comercio Exterior';
export const PARTIDAS_REQUIRED_MESSAGE = 'Agregue al menos un concepto a la factura';
export const PRODUCT_REQUIRED_MESSAGE = 'El producto o servicio es obligatorio';
export const CANTIDAD_MESSAGE = 'La cantidad debe ser un número mayor a 0 con hasta 6 decimales';
export const PRECIO_UNITARIO_MESSAGE =
  'El precio unitario debe ser un número mayor a 0 con hasta 6 decimales';
export const CLAVE_UNIDAD_MESSAGE = 'La clave de unidad del SAT es obligatoria';
export const TIPO_RELACION_MESSAGE = 'El tipo de relación debe ser una clave del 01 al 07';
export const UUID_MESSAGE = 'El UUID relacionado no es válido';
export const PERIODICIDAD_MESSAGE = 'La periodicidad debe ser 01, 02, 03, 04 o 05';
export const MESES_MESSAGE = 'El mes debe ser una clave del 01 al 18';
export const ANIO_MESSAGE = 'El año debe tener 4 dígitos';
export const MOTIVO_CANCELACION_MESSAGE =
  'El motivo de cancelación debe ser 01, 02 o 03 (el 04 solo aplica a facturas globales)';
export const FOLIO_SUSTITUCION_MESSAGE = 'El folio fiscal de sustitución no es un UUID válido';
export const STATUS_FILTER_MESSAGE = 'El estatus debe ser Todos, cancelled, timbrada o pre_factura';
export const PAGE_SIZE_MESSAGE = 'El tamaño de página debe ser 30, 50 o 100';

// ------------------------------------------------------------------------------------ primitives

export const UUID_RE =
  /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** A decimal given as text or number; `max` decimals; `positive` forbids 0. */
export const decimal = (message: string, opts: { max: number; positive: boolean }) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => new RegExp(`^[0-9]{1,18}(\\.[0-9]{1,${opts.max}})?$`).test(v), message)
    .refine((v) => !opts.positive || !/^0+(\.0+)?$/.test(v), message);

/**
 * Spec section 5: the discount percent goes from 0 to 100 and anything non-numeric counts as 0.
 * Output: the percent as a decimal string with up to 6 decimals ("0", "12.5").
 */
export const DescuentoPorcentaje = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => {
    if (v === null || v === undefined) return 0;
    const n = typeof v === 'number' ? v : Number(String(v).trim().replace(',', '.'));
    return Number.isFinite(n) && String(v).trim() !== '' ? n : 0;
  })
  .refine((n) => n >= 0, DESCUENTO_MENOR_MESSAGE)
  .refine((n) => n <= 100, DESCUENTO_MAYOR_MESSAGE)
  .transform((n) => String(Number(n.toFixed(6))));

export const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));
