import type { Comprobante } from '../model.ts';

/**
 * The same comprobante as the substitute of the CFDI `uuid`: CfdiRelacionados TipoRelacion 04
 * ("Sustitución de los CFDI previos", c_TipoRelacion; Anexo 20 CfdiRelacionados) carrying that
 * UUID in upper case, added to a 04 node it may already have, other relations kept. Any document
 * type may carry it: the Guía de llenado of the Complemento para recepción de pagos admits only
 * this relation on a CFDI tipo P, and a global invoice is substituted the same way. The original is
 * then cancelled with motivo 01 and this CFDI's UUID as FolioSustitucion (cfdi40-rules.md 9.1).
 */
export function comoSustitutoDe(c: Comprobante, uuid: string): Comprobante {
  const u = uuid.toUpperCase();
  const grupos = (c.CfdiRelacionados ?? []).map((g) => ({
    TipoRelacion: g.TipoRelacion,
    CfdiRelacionado: g.CfdiRelacionado.map((x) => ({ UUID: x.UUID })),
  }));
  const g04 = grupos.find((g) => g.TipoRelacion === '04');
  if (!g04) grupos.push({ TipoRelacion: '04', CfdiRelacionado: [{ UUID: u }] });
  else if (!g04.CfdiRelacionado.some((x) => x.UUID.toUpperCase() === u))
    g04.CfdiRelacionado.push({ UUID: u });
  return { ...c, CfdiRelacionados: grupos };
}
