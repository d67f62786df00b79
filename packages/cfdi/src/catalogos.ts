/** SAT catalog keys the engine names in code (Anexo 20 catalogs, CFDI 4.0). */

export const IMPUESTO = { ISR: '001', IVA: '002', IEPS: '003' } as const;
export type Impuesto = (typeof IMPUESTO)[keyof typeof IMPUESTO];

export const TIPO_FACTOR = { TASA: 'Tasa', CUOTA: 'Cuota', EXENTO: 'Exento' } as const;
export type TipoFactor = (typeof TIPO_FACTOR)[keyof typeof TIPO_FACTOR];

export const TIPO_DE_COMPROBANTE = {
  INGRESO: 'I',
  EGRESO: 'E',
  TRASLADO: 'T',
  NOMINA: 'N',
  PAGO: 'P',
} as const;
export type TipoDeComprobante = (typeof TIPO_DE_COMPROBANTE)[keyof typeof TIPO_DE_COMPROBANTE];

export const METODO_PAGO = { PUE: 'PUE', PPD: 'PPD' } as const;
export type MetodoPago = (typeof METODO_PAGO)[keyof typeof METODO_PAGO];

export const FORMA_PAGO = {
  EFECTIVO: '01',
  CHEQUE_NOMINATIVO: '02',
  TRANSFERENCIA: '03',
  TARJETA_DE_CREDITO: '04',
  TARJETA_DE_DEBITO: '28',
  /** The egreso that applies an advance (Guía de llenado, Apéndice 6). */
  APLICACION_DE_ANTICIPOS: '30',
  POR_DEFINIR: '99',
} as const;

export const OBJETO_IMP = {
  NO_OBJETO: '01',
  SI_OBJETO: '02',
  SI_OBJETO_NO_OBLIGADO_DESGLOSE: '03',
  SI_OBJETO_NO_CAUSA: '04',
} as const;
export type ObjetoImp = (typeof OBJETO_IMP)[keyof typeof OBJETO_IMP];

export const EXPORTACION = {
  NO_APLICA: '01',
  DEFINITIVA_A1: '02',
  TEMPORAL: '03',
  DEFINITIVA_NO_A1: '04',
} as const;

export const MONEDA = { MXN: 'MXN', USD: 'USD', EUR: 'EUR', SIN_MONEDA: 'XXX' } as const;

/** c_Moneda `decimales` of the currencies the product offers; others come from the catalog. */
export const DECIMALES_MONEDA: Readonly<Record<string, number>> = {
  MXN: 2,
  USD: 2,
  EUR: 2,
  CAD: 2,
  GBP: 2,
  JPY: 0,
  CLP: 0,
  BHD: 3,
  KWD: 3,
  CLF: 4,
  XXX: 0,
};

export const RFC_GENERICO = {
  PUBLICO_EN_GENERAL: 'XAXX010101000',
  EXTRANJERO: 'XEXX010101000',
} as const;

export const NOMBRE_PUBLICO_EN_GENERAL = 'PUBLICO EN GENERAL';

export const REGIMEN_FISCAL = {
  GENERAL_PERSONAS_MORALES: '601',
  SUELDOS_Y_SALARIOS: '605',
  ACTIVIDADES_EMPRESARIALES_Y_PROFESIONALES: '612',
  SIN_OBLIGACIONES_FISCALES: '616',
  RIF: '621',
  RESICO: '626',
} as const;

export const USO_CFDI = {
  ADQUISICION_MERCANCIAS: 'G01',
  /** Credit notes (CFDI de egreso): devoluciones, descuentos o bonificaciones. */
  DEVOLUCIONES_DESCUENTOS_BONIFICACIONES: 'G02',
  GASTOS_EN_GENERAL: 'G03',
  SIN_EFECTOS_FISCALES: 'S01',
  PAGOS: 'CP01',
} as const;

export const PERIODICIDAD = {
  DIARIO: '01',
  SEMANAL: '02',
  QUINCENAL: '03',
  MENSUAL: '04',
  BIMESTRAL: '05',
} as const;

export const TIPO_RELACION = {
  NOTA_DE_CREDITO: '01',
  NOTA_DE_DEBITO: '02',
  DEVOLUCION: '03',
  SUSTITUCION: '04',
  TRASLADOS_PREVIOS: '05',
  FACTURA_POR_TRASLADOS_PREVIOS: '06',
  APLICACION_DE_ANTICIPO: '07',
} as const;

/** Fixed values of the single concepto of a CFDI de pago (Pagos 2.0 guide). */
export const CONCEPTO_PAGO = {
  ClaveProdServ: '84111506',
  Cantidad: '1',
  ClaveUnidad: 'ACT',
  Descripcion: 'Pago',
  ValorUnitario: '0',
  Importe: '0',
  ObjetoImp: '01',
} as const;

/** Fixed values of each concepto of a factura global. */
export const CONCEPTO_GLOBAL = {
  ClaveProdServ: '01010101',
  Cantidad: '1',
  ClaveUnidad: 'ACT',
  Descripcion: 'Venta',
} as const;
