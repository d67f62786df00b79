import { IMPUESTO, REGIMEN_FISCAL } from '@repo/cfdi/catalogos';
import {
  REGIMEN_626_RECEPTOR_FISICA,
  REGIMEN_626_RECEPTOR_MORAL,
  REGIMEN_626_TASA_ISR,
  esIsrRetenidoAjenoAResico,
  tipoPersona,
} from '@repo/cfdi/validacion';
import { REGLA_626_MORAL_HINT } from '@repo/contracts/facturas';
import type { ImpuestosPartida } from './impuestos-de-partida.ts';

export interface Regimen626Error {
  message: string;
  hint: string | null;
}

/**
 * The stamping rules of spec section 5 for an issuer that is a persona física in régimen 626
 * (RESICO), checked before anything is sent, with the messages the server gives.
 */
export function checkRegimen626(input: {
  emisor: { rfc: string; regimenFiscal: string };
  receptorRfc: string;
  partidas: readonly ImpuestosPartida[];
}): Regimen626Error | null {
  const { emisor } = input;
  if (emisor.regimenFiscal !== REGIMEN_FISCAL.RESICO || tipoPersona(emisor.rfc.trim()) !== 'fisica')
    return null;
  const lineas = input.partidas.map((p) => p.impuestos);
  if (tipoPersona(input.receptorRfc.trim().toUpperCase()) === 'moral') {
    const incumple = lineas.some(
      (imps) =>
        !imps.some((i) => i.tipo === 'traslado') || !imps.some((i) => i.tipo === 'retencion'),
    );
    if (incumple)
      return { message: REGIMEN_626_RECEPTOR_MORAL.message, hint: REGLA_626_MORAL_HINT };
    // LISR art. 113-J: the ISR withheld is 1.25 %, the engine's rule (REGIMEN_626_TASA_ISR).
    const otraTasa = lineas.some((imps) =>
      imps.some(
        (i) =>
          i.tipo === 'retencion' &&
          i.impuesto === IMPUESTO.ISR &&
          esIsrRetenidoAjenoAResico(i.tasaOCuota),
      ),
    );
    return otraTasa ? { message: REGIMEN_626_TASA_ISR.message, hint: null } : null;
  }
  const incumple = lineas.some((imps) => imps.some((i) => i.tipo === 'retencion'));
  return incumple ? { message: REGIMEN_626_RECEPTOR_FISICA.message, hint: null } : null;
}
