import { TIPO_DE_COMPROBANTE } from '../catalogos.ts';
import {
  buildComprobanteConConceptos,
  type BuildContext,
  type ComprobanteConConceptosDraft,
  type ResultadoBuild,
} from './nodos/index.ts';

// The concept of an income invoice's draft keeps its name here too (the shared node is in nodos).
export type { ConceptoIngresoDraft } from './nodos/index.ts';

/** The draft of a CFDI de Ingreso: a comprobante with conceptos. */
export type IngresoDraft = ComprobanteConConceptosDraft;

/**
 * A CFDI de Ingreso (PUE/PPD, CfdiRelacionados, Moneda/TipoCambio, receptor extranjero or público en
 * general, ImpuestosLocales), unsigned. Amounts come from calcularComprobante, so the XML carries
 * exactly the totals the user saw.
 */
export function buildIngreso(draft: IngresoDraft, ctx: BuildContext): ResultadoBuild {
  return buildComprobanteConConceptos(TIPO_DE_COMPROBANTE.INGRESO, draft, ctx);
}
