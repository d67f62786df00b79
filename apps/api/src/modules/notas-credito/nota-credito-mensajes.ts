/** The Spanish messages of credit notes (issue 25): each refusal changes nothing and stamps nothing. */
export const DATOS_FISCALES_INCOMPLETOS =
  'Registre sus datos fiscales (RFC, razón social, régimen fiscal y código postal) antes de emitir una nota de crédito.';
export const SERIE_NOTAS_NO_EXISTE = 'La serie no existe o no es de notas de crédito.';
export const FACTURA_NO_EXISTE = 'La factura no existe.';
export const FACTURA_CANCELADA =
  'La factura está cancelada: no se puede emitir una nota de crédito sobre ella.';
export const FACTURA_SIN_TIMBRAR =
  'Solo se emiten notas de crédito de facturas timbradas: timbre primero la factura.';
export const OTRO_CLIENTE =
  'Todas las facturas de una nota de crédito deben ser del mismo cliente.';
export const FACTURA_REPETIDA = 'Cada factura se relaciona una sola vez.';
export const otraMoneda = (factura: string, monedaFactura: string, moneda: string) =>
  `La nota de crédito debe estar en la moneda de la factura ${factura} (${monedaFactura}), no en ${moneda}.`;
export const NOTA_NO_EXISTE = 'La nota de crédito no existe.';
export const NOTA_YA_CANCELADA = 'La nota de crédito ya está cancelada.';
export const SOLO_NOTA_TIMBRADA = 'Solo se puede cancelar una nota de crédito timbrada.';
export const NOTA_SIN_SUSTITUTO =
  'Con el motivo 01 indique el folio fiscal (UUID) de la nota de crédito que sustituye a esta.';
/**
 * The SAT allows a CFDI de egreso relating a global invoice (Guía de llenado del Anexo 20: receptor
 * XAXX010101000 "PUBLICO EN GENERAL", régimen 616, UsoCFDI S01, the place of issue as its domicile,
 * with InformacionGlobal), but this product does not issue it yet: refused, nothing stamped.
 */
export const FACTURA_GLOBAL =
  'Por ahora las notas de crédito no se emiten sobre una factura global: emítalas sobre facturas de ingreso.';
