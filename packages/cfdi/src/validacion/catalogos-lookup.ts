/**
 * The catalog lookups validation needs, and nothing more. `@repo/catalogos` provides them; any
 * object with these methods works (tests use small in-memory tables). Keys are SAT keys as text.
 */
export interface FilaVigencia {
  /** ISO date `AAAA-MM-DD`; absent or empty = open. */
  vigenciaDesde?: string;
  vigenciaHasta?: string;
}

export interface RegimenFiscalRow extends FilaVigencia {
  clave: string;
  aplicaFisica: boolean;
  aplicaMoral: boolean;
}

export interface UsoCfdiRow extends FilaVigencia {
  clave: string;
  aplicaFisica: boolean;
  aplicaMoral: boolean;
  /** c_RegimenFiscal keys the receiver may have for this use. */
  regimenesFiscalesReceptores: readonly string[];
}

export interface MonedaRow extends FilaVigencia {
  clave: string;
  decimales: number;
  /** c_Moneda `porcentaje_variacion`: how far TipoCambio may be from the reference rate (CFDI40118). */
  porcentajeVariacion?: number;
}

export interface ClaveRow extends FilaVigencia {
  clave: string;
}

/** A c_CodigoPostal or c_ClaveProdServ row with its border-region stimulus mark. */
export interface ClaveEstimuloRow extends ClaveRow {
  /**
   * c_CodigoPostal: the postal code is in the border region (north or south); c_ClaveProdServ: the
   * key admits the stimulus. Absent = unknown (the rule of IVA 8 % is then not decided).
   */
  estimuloFranjaFronteriza?: boolean;
}

/** A c_TasaOCuota row: a fixed value or a range, per impuesto and factor, per direction. */
export interface TasaOCuotaRow {
  tipo: 'Fijo' | 'Rango';
  valorMinimo: string;
  valorMaximo: string;
  /** As in the catalog: 'IVA', 'IEPS', 'ISR', 'IVA Crédito aplicado del 50%'. */
  impuesto: string;
  factor: 'Tasa' | 'Cuota';
  traslado: boolean;
  retencion: boolean;
}

export interface CatalogosLookup {
  regimenFiscal(clave: string): RegimenFiscalRow | undefined;
  usoCfdi(clave: string): UsoCfdiRow | undefined;
  formaPago(clave: string): ClaveRow | undefined;
  moneda(clave: string): MonedaRow | undefined;
  claveProdServ(clave: string): ClaveEstimuloRow | undefined;
  claveUnidad(clave: string): ClaveRow | undefined;
  codigoPostal(clave: string): ClaveEstimuloRow | undefined;
  pais(clave: string): ClaveRow | undefined;
  tasasOCuotas(): readonly TasaOCuotaRow[];
}
