import { REGIMEN_FISCAL, RFC_GENERICO, USO_CFDI } from '../../catalogos.ts';
import type { Emisor, Receptor } from '../model.ts';
import { normalizarTexto } from '../texto.ts';
import { opt } from './atributos.ts';

export interface EmisorDraft {
  rfc: string;
  nombre: string;
  regimenFiscal: string;
}

export interface ReceptorDraft {
  rfc: string;
  nombre: string;
  /** Ignored for the generic RFCs: they use LugarExpedicion. */
  domicilioFiscalReceptor?: string;
  /** Ignored for the generic RFCs: they use 616. */
  regimenFiscalReceptor?: string;
  /**
   * For the generic RFCs S01 (CP01 in pagos) when absent; one given is kept, so that the engine's rule
   * refuses a wrong one (CFDI40161) instead of it being replaced without a word.
   */
  usoCfdi?: string;
  /** c_Pais of a foreign receiver (XEXX010101000), never MEX. */
  residenciaFiscal?: string;
}

export function buildEmisor(e: EmisorDraft): Emisor {
  return {
    Rfc: e.rfc.trim().toUpperCase(),
    Nombre: normalizarTexto(e.nombre),
    RegimenFiscal: e.regimenFiscal,
  };
}

/**
 * Receptor; the generic RFCs get LugarExpedicion and régimen 616 (Guía de llenado del Anexo 20, the
 * only values the SAT admits: avisoReceptorGenerico says so to the user), and UsoCFDI S01 (CP01 in
 * pagos) when none is given.
 */
export function buildReceptor(
  r: ReceptorDraft,
  lugarExpedicion: string,
  usoGenerico: string = USO_CFDI.SIN_EFECTOS_FISCALES,
): Receptor {
  const rfc = r.rfc.trim().toUpperCase();
  const generico = rfc === RFC_GENERICO.PUBLICO_EN_GENERAL || rfc === RFC_GENERICO.EXTRANJERO;
  return {
    Rfc: rfc,
    Nombre: normalizarTexto(r.nombre),
    DomicilioFiscalReceptor: generico ? lugarExpedicion : (r.domicilioFiscalReceptor ?? '').trim(),
    ...(rfc === RFC_GENERICO.EXTRANJERO ? opt('ResidenciaFiscal', r.residenciaFiscal) : {}),
    RegimenFiscalReceptor: generico
      ? REGIMEN_FISCAL.SIN_OBLIGACIONES_FISCALES
      : (r.regimenFiscalReceptor ?? '').trim(),
    UsoCFDI: generico ? (r.usoCfdi ?? '').trim() || usoGenerico : (r.usoCfdi ?? '').trim(),
  };
}
