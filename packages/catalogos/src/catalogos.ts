import type { Catalogo } from './catalogo.ts';
import type { SearchOptions, SearchPage } from './search/types.ts';
import type {
  ClaveDescripcion,
  ClaveProdServ,
  ClaveUnidad,
  CodigoPostal,
  Colonia,
  Estado,
  FormaPago,
  Impuesto,
  ImpuestoLocal,
  Localidad,
  Moneda,
  Municipio,
  Pais,
  RegimenFiscal,
  TasaOCuota,
  TipoDeComprobante,
  TipoFactor,
  TipoPersona,
  UsoCfdi,
} from './types.ts';

/** c_Municipio / c_Localidad: keys are unique only within a state. */
export interface CatalogoPorEstado<T> {
  readonly rows: readonly T[];
  /** The row of (estado, clave). `DIF` is read as `CMX`. */
  get(estado: string, clave: string): T | undefined;
  /** Every row of a state, in key order. */
  delEstado(estado: string): readonly T[];
  vigente(estado: string, clave: string, fecha: string | Date): boolean;
}

/** c_CodigoPostal with the joins a form needs. */
export interface CatalogoCodigosPostales extends Catalogo<CodigoPostal> {
  /** The c_Municipio row of the postal code, when it has one. */
  municipioDe(codigoPostal: string): Municipio | undefined;
  /** The c_Localidad row of the postal code, when it has one. */
  localidadDe(codigoPostal: string): Localidad | undefined;
  /** The c_Estado row of the postal code (Mexico City answers CMX). */
  estadoDe(codigoPostal: string): Estado | undefined;
  /** IANA time zone of the postal code (from huso_descripcion); undefined for an unknown code. */
  zonaHoraria(codigoPostal: string): string | undefined;
}

/** c_Colonia, grouped by postal code. */
export interface CatalogoColonias {
  readonly rows: readonly Colonia[];
  /** The colonias of a postal code, in key order; empty when none. */
  delCodigoPostal(codigoPostal: string): readonly Colonia[];
  get(codigoPostal: string, clave: string): Colonia | undefined;
}

/** c_UsoCFDI with the receiver rules of CFDI 4.0. */
export interface CatalogoUsosCfdi extends Catalogo<UsoCfdi> {
  /**
   * The uses a receiver of this person type and c_RegimenFiscal may get; only those in force on
   * `fecha` when it is given.
   */
  paraReceptor(tipoPersona: TipoPersona, regimenFiscal: string, fecha?: string | Date): UsoCfdi[];
  /** The use allows this person type and receiver régimen (rule CFDI40158 / CFDI40161). */
  permite(usoCfdi: string, tipoPersona: TipoPersona, regimenFiscal: string): boolean;
}

/** c_RegimenFiscal by person type. */
export interface CatalogoRegimenesFiscales extends Catalogo<RegimenFiscal> {
  /** The regimes of a person type (fisica / moral). */
  dePersona(tipoPersona: TipoPersona): RegimenFiscal[];
}

/** Local taxes of the ImpuestosLocales complement by state. */
export interface CatalogoImpuestosLocales {
  readonly rows: readonly ImpuestoLocal[];
  /** The rows of a state plus the ones that apply everywhere (`*`). `DIF` is read as `CMX`. */
  delEstado(estado: string): ImpuestoLocal[];
}

/** A catalog searchable the way a person types: keys, key prefixes and words. */
export interface CatalogoBuscable<T> extends Catalogo<T> {
  /**
   * Ranked search: exact key, key prefix, all words as whole words (description before similar
   * words), all words as prefixes, then the best partial matches when nothing matches every word.
   * Accent- and case-insensitive, Spanish singular/plural and gender forms, curated synonyms.
   */
  search(query: string, options?: SearchOptions): SearchPage<T>;
}

/**
 * The SAT catalogs in memory. Every catalog is read from `data/sat` the first time it is used,
 * and only once; search indexes are built on the first search of each catalog. Lookups are pure.
 */
export interface Catalogos {
  /** The data folder the catalogs are read from. */
  readonly dir: string;

  readonly estados: Catalogo<Estado> & {
    /** The states of a country (MEX, USA, CAN). */
    dePais(pais: string): Estado[];
  };
  readonly paises: Catalogo<Pais>;
  readonly municipios: CatalogoPorEstado<Municipio>;
  readonly localidades: CatalogoPorEstado<Localidad>;
  readonly colonias: CatalogoColonias;
  readonly codigosPostales: CatalogoCodigosPostales;
  readonly regimenesFiscales: CatalogoRegimenesFiscales;
  readonly usosCfdi: CatalogoUsosCfdi;
  readonly formasPago: Catalogo<FormaPago>;
  readonly metodosPago: Catalogo<ClaveDescripcion>;
  readonly objetosImpuesto: Catalogo<ClaveDescripcion>;
  readonly motivosCancelacion: Catalogo<ClaveDescripcion>;
  readonly unidades: CatalogoBuscable<ClaveUnidad>;
  readonly productosServicios: CatalogoBuscable<ClaveProdServ>;
  readonly monedas: Catalogo<Moneda>;
  readonly tasasOCuota: {
    readonly rows: readonly TasaOCuota[];
    /**
     * The row that admits `valor` (e.g. "0.160000") for this impuesto (c_Impuesto key or name),
     * factor and direction on `fecha`; undefined when none does.
     */
    buscar(q: {
      impuesto: string;
      factor: 'Tasa' | 'Cuota';
      valor: string;
      traslado: boolean;
      fecha?: string | Date;
    }): TasaOCuota | undefined;
  };
  readonly tiposRelacion: Catalogo<ClaveDescripcion>;
  readonly exportaciones: Catalogo<ClaveDescripcion>;
  readonly periodicidades: Catalogo<ClaveDescripcion>;
  readonly meses: Catalogo<ClaveDescripcion>;
  readonly impuestos: Catalogo<Impuesto>;
  readonly tiposFactor: Catalogo<TipoFactor>;
  readonly tiposDeComprobante: Catalogo<TipoDeComprobante>;
  readonly tiposCadenaPago: Catalogo<ClaveDescripcion>;
  readonly impuestosLocales: CatalogoImpuestosLocales;

  /** Shorthand for productosServicios.search. */
  searchProductosServicios(query: string, options?: SearchOptions): SearchPage<ClaveProdServ>;
  /** Shorthand for unidades.search. */
  searchUnidades(query: string, options?: SearchOptions): SearchPage<ClaveUnidad>;

  // The narrow lookups of @repo/cfdi's CatalogosLookup, so a Catalogos can be passed as one.
  regimenFiscal(clave: string): RegimenFiscal | undefined;
  usoCfdi(clave: string): UsoCfdi | undefined;
  formaPago(clave: string): FormaPago | undefined;
  moneda(clave: string): Moneda | undefined;
  claveProdServ(clave: string): ClaveProdServ | undefined;
  claveUnidad(clave: string): ClaveUnidad | undefined;
  codigoPostal(clave: string): CodigoPostal | undefined;
  pais(clave: string): Pais | undefined;
  tasasOCuotas(): readonly TasaOCuota[];
}
