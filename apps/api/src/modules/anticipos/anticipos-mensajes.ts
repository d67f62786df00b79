/** The Spanish messages of advances (issue 25): each refusal changes nothing and stamps nothing. */
export const ANTICIPO_NO_EXISTE = 'El anticipo no existe.';
export const FACTURA_FINAL_NO_EXISTE = 'La factura por el valor total no existe.';
export const DATOS_FISCALES_ANTICIPO =
  'Registre sus datos fiscales (RFC, razón social, régimen fiscal y código postal) antes de aplicar un anticipo.';
export const SERIE_NOTAS_ANTICIPO = 'La serie no existe o no es de notas de crédito.';
export const anticipoCancelado = (a: string) =>
  `El anticipo ${a} está cancelado: no hay nada que aplicar.`;
export const anticipoSinTimbrar = (a: string) =>
  `El anticipo ${a} no está timbrado: solo se aplica un anticipo que el SAT ya timbró.`;
export const facturaCancelada = (f: string) =>
  `La factura ${f} está cancelada: emita otra por el valor total que relacione el anticipo.`;
export const facturaSinTimbrar = (f: string) =>
  `La factura ${f} no está timbrada: timbre primero la factura por el valor total.`;
export const otroCliente = (f: string, a: string) =>
  `La factura ${f} es de otro cliente que el anticipo ${a}: el anticipo solo se aplica a una factura de quien lo entregó.`;
export const otraMonedaAnticipo = (f: string, mf: string, a: string, ma: string) =>
  `La factura ${f} está en ${mf} y el anticipo ${a} en ${ma}: el anticipo se aplica a una factura en su misma moneda.`;
export const noRelaciona = (f: string, a: string) =>
  `La factura ${f} no relaciona el anticipo ${a} con el tipo de relación 07 (CFDI por aplicación de anticipo): emita la factura por el valor total relacionándolo.`;
export const anticipoAplicado = (a: string) =>
  `El anticipo ${a} ya está aplicado por completo: no queda nada que aplicar.`;
export const FORMA_PAGO_NO_DE_ANTICIPO =
  'Indique la forma en que recibió el anticipo (efectivo, transferencia…): 30 es la aplicación de un anticipo y 99 no es una forma de pago.';
export const RUBRO_NO_EXISTE = 'El grupo de impuestos no existe.';
export const RUBRO_LOCALES =
  'El anticipo lleva solo impuestos federales: elija un grupo de impuestos sin impuestos locales.';
export const PRODUCTO_ANTICIPO_OCUPADO =
  'Ya tiene en su catálogo un producto "Anticipo del bien o servicio" con otra clave del SAT: cámbiele la descripción o use la clave 84111506 y la unidad ACT.';
