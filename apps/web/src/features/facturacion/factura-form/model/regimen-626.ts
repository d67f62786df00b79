import { REGIMEN_FISCAL } from '@repo/cfdi/catalogos';
import {
  REGIMEN_626_RECEPTOR_FISICA,
  REGIMEN_626_RECEPTOR_MORAL,
  tipoPersona,
} from '@repo/cfdi/validacion';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { impuestosDeRubro } from './impuestos-de-rubro.ts';

/** Spec section 5: the hint that goes with the persona moral message. */
export const REGIMEN_626_SUGERENCIA_MORAL =
  'Sugerencia: 16% de IVA trasladado, 1.25% de ISR retenido y 2/3 partes del IVA retenido (10.6667%), o solo el ISR retenido si el concepto está exento de IVA.';

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
  rubros: readonly (RubroImpuestoResponse | null | undefined)[];
}): Regimen626Error | null {
  const { emisor } = input;
  if (emisor.regimenFiscal !== REGIMEN_FISCAL.RESICO || tipoPersona(emisor.rfc.trim()) !== 'fisica')
    return null;
  const lineas = input.rubros.map((r) => impuestosDeRubro(r).impuestos);
  if (tipoPersona(input.receptorRfc.trim().toUpperCase()) === 'moral') {
    const incumple = lineas.some(
      (imps) =>
        !imps.some((i) => i.tipo === 'traslado') || !imps.some((i) => i.tipo === 'retencion'),
    );
    return incumple
      ? { message: REGIMEN_626_RECEPTOR_MORAL.message, hint: REGIMEN_626_SUGERENCIA_MORAL }
      : null;
  }
  const incumple = lineas.some((imps) => imps.some((i) => i.tipo === 'retencion'));
  return incumple ? { message: REGIMEN_626_RECEPTOR_FISICA.message, hint: null } : null;
}
