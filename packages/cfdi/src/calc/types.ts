import type { Impuesto, ObjetoImp, TipoFactor } from '../catalogos.ts';

/** One tax line a user attaches to a concepto (a row of a tax group). */
export interface ImpuestoDraft {
  tipo: 'traslado' | 'retencion';
  impuesto: Impuesto;
  tipoFactor: TipoFactor;
  /** Fraction ("0.16" or "0.160000"); for IEPS Cuota the amount per unit. Absent for Exento. */
  tasaOCuota?: string;
  /** IEPS Cuota only: taxed units (litres, pieces…). Defaults to the concepto's Cantidad. */
  unidades?: string;
}

/** A local (state) tax for the ImpuestosLocales 1.0 complement; `tasa` is a percentage ("3.5"). */
export interface ImpuestoLocalDraft {
  tipo: 'traslado' | 'retencion';
  nombre: string;
  tasa: string;
}

export interface DescuentoDraft {
  tipo: 'porcentaje' | 'importe';
  valor: string;
}

export interface ConceptoDraft {
  cantidad: string;
  valorUnitario: string;
  descuento?: DescuentoDraft;
  /** Defaults to '02' when the concepto has federal taxes, '01' otherwise. */
  objetoImp?: ObjetoImp;
  impuestos?: readonly ImpuestoDraft[];
  impuestosLocales?: readonly ImpuestoLocalDraft[];
  /**
   * IVA base includes the IEPS trasladado of the same concepto (IEPS is computed first): LIVA art. 18,
   * the default. `false` only to reproduce a document computed the old way.
   */
  ivaSobreIeps?: boolean;
}

export interface CalculoDraft {
  /** c_Moneda key; its decimals come from `decimales` or the built-in table. */
  moneda: string;
  /** c_Moneda `decimales`; required for currencies outside DECIMALES_MONEDA. */
  decimales?: number;
  conceptos: readonly ConceptoDraft[];
  /**
   * How tax lines are rounded: 'residuoMayor' (default, rules 2.9: each group adds up to the rounding
   * of its exact total) or 'porLinea' (each line R_d(Base × tasa), also always valid).
   */
  redondeo?: 'residuoMayor' | 'porLinea';
}

/** A tax line as written in the XML (names as the XSD). */
export interface LineaImpuesto {
  Base: string;
  Impuesto: Impuesto;
  TipoFactor: TipoFactor;
  TasaOCuota?: string;
  Importe?: string;
}

export interface ConceptoCalculado {
  Cantidad: string;
  ValorUnitario: string;
  Importe: string;
  Descuento?: string;
  ObjetoImp: ObjetoImp;
  Traslados: LineaImpuesto[];
  Retenciones: LineaImpuesto[];
  /** Base the local taxes of this concepto apply to (Importe − Descuento). */
  BaseLocal: string;
}

export interface RetencionResumen {
  Impuesto: Impuesto;
  Importe: string;
}

export interface ImpuestosResumen {
  Retenciones: RetencionResumen[];
  Traslados: LineaImpuesto[];
  TotalImpuestosRetenidos?: string;
  TotalImpuestosTrasladados?: string;
}

export interface ImpuestoLocalCalculado {
  nombre: string;
  /** Percentage with 2 decimals, as TasadeTraslado / TasadeRetencion. */
  tasa: string;
  base: string;
  importe: string;
}

export interface ImpuestosLocalesCalculados {
  RetencionesLocales: ImpuestoLocalCalculado[];
  TrasladosLocales: ImpuestoLocalCalculado[];
  TotaldeRetenciones: string;
  TotaldeTraslados: string;
}

export interface TotalesCalculados {
  decimales: number;
  conceptos: ConceptoCalculado[];
  SubTotal: string;
  Descuento?: string;
  Impuestos?: ImpuestosResumen;
  ImpuestosLocales?: ImpuestosLocalesCalculados;
  Total: string;
}

export interface ErrorCalculo {
  /** Path in the draft: 'conceptos[2].cantidad', 'moneda', 'total'. */
  field: string;
  message: string;
}

export type ResultadoCalculo =
  { ok: true; totales: TotalesCalculados } | { ok: false; errores: ErrorCalculo[] };
