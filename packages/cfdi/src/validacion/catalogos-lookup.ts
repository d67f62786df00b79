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
}

export interface ClaveRow extends FilaVigencia {
  clave: string;
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
  claveProdServ(clave: string): ClaveRow | undefined;
  claveUnidad(clave: string): ClaveRow | undefined;
  codigoPostal(clave: string): ClaveRow | undefined;
  pais(clave: string): ClaveRow | undefined;
  tasasOCuotas(): readonly TasaOCuotaRow[];
}
