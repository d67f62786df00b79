import { COMPLEMENTO_PAGO } from './complemento-pago.ts';
import { FACTURA_GLOBAL } from './factura-global.ts';
import { FACTURA_INGRESO } from './factura-ingreso.ts';
import { NOTA_CREDITO } from './nota-credito.ts';

/**
 * Every document type, each declared in its own file (decision 012), in the order the screens list
 * them. A new type is one more file and one more entry here; registro.ts derives the rest.
 */
export const TIPOS_COMPROBANTE = [
  FACTURA_INGRESO,
  FACTURA_GLOBAL,
  COMPLEMENTO_PAGO,
  NOTA_CREDITO,
] as const;
