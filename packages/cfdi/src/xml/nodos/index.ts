/**
 * What the document types' builders share: the Emisor, Receptor, Concepto, CfdiRelacionados,
 * Impuestos and ImpuestosLocales nodes, and the comprobante with conceptos that income, global and
 * credit-note builders assemble with their own TipoDeComprobante. A type's builder imports from
 * here, never from another type's builder.
 */
export {
  buildEmisor,
  buildReceptor,
  type EmisorDraft,
  type ReceptorDraft,
} from './emisor-receptor.ts';
export {
  buildCfdiRelacionados,
  buildConcepto,
  buildImpuestos,
  buildImpuestosLocales,
  type CfdiRelacionadosDraft,
  type ConceptoIngresoDraft,
} from './conceptos.ts';
export {
  buildComprobanteConConceptos,
  MENSAJE_TIPO_CAMBIO_MXN,
  type BuildContext,
  type ComprobanteConConceptosDraft,
  type ResultadoBuild,
} from './comprobante-con-conceptos.ts';
export { comoSustitutoDe } from './sustitucion.ts';
