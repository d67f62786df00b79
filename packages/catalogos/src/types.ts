/**
 * Rows of the SAT catalogs (CFDI 4.0, `catCFDI`), as held in memory. Keys are SAT keys as text
 * (leading zeros kept). Dates are ISO `AAAA-MM-DD`; an empty `vigenciaHasta` means still in force.
 * Field names are the SAT column names in camelCase.
 */

/** Validity window of a catalog row. */
export interface Vigencia {
  /** First day in force (`AAAA-MM-DD`); empty = always. */
  vigenciaDesde: string;
  /** Last day in force, inclusive (`AAAA-MM-DD`); empty = still in force. */
  vigenciaHasta: string;
}

/** A row with a key and a description: most small SAT catalogs. */
export interface ClaveDescripcion extends Vigencia {
  clave: string;
  descripcion: string;
}

/** c_Estado (Mexico, USA and Canada). */
export interface Estado extends Vigencia {
  clave: string;
  /** c_Pais key: MEX, USA or CAN. */
  pais: string;
  nombre: string;
}

/** c_Pais. */
export interface Pais {
  clave: string;
  descripcion: string;
  patronCodigoPostal: string;
  patronIdentidadTributaria: string;
  validacionIdentidadTributaria: string;
  agrupaciones: string;
}

/** c_Municipio: unique on (estado, clave). */
export interface Municipio extends Vigencia {
  clave: string;
  estado: string;
  descripcion: string;
}

/** c_Localidad: unique on (estado, clave). */
export interface Localidad extends Vigencia {
  clave: string;
  estado: string;
  descripcion: string;
}

/** c_Colonia: unique on (codigoPostal, clave). */
export interface Colonia {
  clave: string;
  codigoPostal: string;
  nombreAsentamiento: string;
}

/** One of the two daylight-saving rules of a c_CodigoPostal row (SAT release of 2022-01-18). */
export interface HusoHorarioCambio {
  /** Month name as the SAT writes it ("Abril"). */
  mes: string;
  /** Day rule as the SAT writes it ("Primer domingo"). */
  dia: string;
  /** "02:00". */
  hora: string;
  /** Hours from UTC ("-5"). */
  diferencia: string;
}

/** Time-zone references of a postal code. */
export interface HusoHorario {
  /** "Tiempo del Centro", "Tiempo del Pacífico" ... */
  descripcion: string;
  /** IANA zone for the description: the daylight-saving columns predate Mexico's 2022 change. */
  zonaHoraria: string;
  /** Summer rule, null when the source has none. */
  verano: HusoHorarioCambio | null;
  /** Winter rule, null when the source has none. */
  invierno: HusoHorarioCambio | null;
  /** Where the rule columns come from: sat, derivado_misma_version, derivado_fuente_externa, sin_dato. */
  origen: string;
}

/** c_CodigoPostal. `estado` is the current c_Estado key: Mexico City answers `CMX`, never `DIF`. */
export interface CodigoPostal extends Vigencia {
  clave: string;
  estado: string;
  /** c_Municipio key within `estado`; empty when the SAT gives none. */
  municipio: string;
  /** c_Localidad key within `estado`; empty when the SAT gives none. */
  localidad: string;
  estimuloFranjaFronteriza: boolean;
  husoHorario: HusoHorario;
}

/** c_RegimenFiscal. */
export interface RegimenFiscal extends ClaveDescripcion {
  aplicaFisica: boolean;
  aplicaMoral: boolean;
}

/** c_UsoCFDI. */
export interface UsoCfdi extends ClaveDescripcion {
  aplicaFisica: boolean;
  aplicaMoral: boolean;
  /** c_RegimenFiscal keys the receiver may have for this use. */
  regimenesFiscalesReceptores: readonly string[];
}

/** c_FormaPago, with the columns that govern the Pagos complement. */
export interface FormaPago extends ClaveDescripcion {
  bancarizado: boolean;
  /** "Sí" / "Opcional" / "" as the SAT writes it (empty = no). */
  numeroOperacion: string;
  rfcEmisorCuentaOrdenante: string;
  cuentaOrdenante: string;
  patronCuentaOrdenante: string;
  rfcEmisorCuentaBeneficiario: string;
  cuentaBeneficiario: string;
  patronCuentaBeneficiario: string;
  tipoCadenaPago: string;
  nombreBancoEmisorCuentaOrdenanteExtranjero: string;
}

/** c_ClaveUnidad. */
export interface ClaveUnidad extends Vigencia {
  clave: string;
  nombre: string;
  descripcion: string;
  nota: string;
  simbolo: string;
}

/**
 * c_ClaveProdServ. The source has no reliable IEPS or complement columns (see data/sat/README.md):
 * `incluirIepsTrasladado` and `complemento` are not exposed, on purpose.
 */
export interface ClaveProdServ extends ClaveDescripcion {
  /** True only where the SAT says "Sí" (false = "Opcional"). */
  incluirIvaTrasladado: boolean;
  estimuloFranjaFronteriza: boolean;
  palabrasSimilares: string;
}

/** c_Moneda. */
export interface Moneda extends ClaveDescripcion {
  decimales: number;
  /** Allowed percentage of variation of TipoCambio. */
  porcentajeVariacion: number;
}

/** c_TasaOCuota: a fixed value or a range, per impuesto and factor, per direction. */
export interface TasaOCuota extends Vigencia {
  tipo: 'Fijo' | 'Rango';
  /** Empty for fixed values. */
  valorMinimo: string;
  valorMaximo: string;
  /** As in the catalog: 'IVA', 'IEPS', 'ISR', 'IVA Crédito aplicado del 50%'. */
  impuesto: string;
  factor: 'Tasa' | 'Cuota';
  traslado: boolean;
  retencion: boolean;
}

/** c_Impuesto. */
export interface Impuesto extends ClaveDescripcion {
  retencion: boolean;
  traslado: boolean;
  /** "Federal" or "Local". */
  ambito: string;
}

/** c_TipoFactor (Tasa, Cuota, Exento). */
export interface TipoFactor extends Vigencia {
  clave: string;
}

/** c_TipoDeComprobante. */
export interface TipoDeComprobante extends ClaveDescripcion {
  valorMaximo: string;
}

/** A local (state) tax of the ImpuestosLocales 1.0 complement (not a SAT catalog). */
export interface ImpuestoLocal {
  /** c_Estado key, or `*` for every state. */
  estado: string;
  tipo: 'trasladado' | 'retenido';
  /** Text for ImpLocTrasladado / ImpLocRetenido. */
  impuesto: string;
  /** Percentage with two decimals: "3.50" means 3.5 %. */
  tasaPorcentaje: string;
  aplicaA: string;
  vigenciaDesde: string;
  ambito: string;
  fuenteUrl: string;
  fuenteFecha: string;
  certeza: 'alta' | 'media' | 'baja';
  nota: string;
}

/** The kind of person an RFC belongs to: 12 characters = moral, 13 = física. */
export type TipoPersona = 'fisica' | 'moral';
