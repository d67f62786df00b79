import {
  REGIMEN_626_RECEPTOR_FISICA,
  REGIMEN_626_RECEPTOR_MORAL,
  REGIMEN_626_TASA_ISR,
} from '@repo/cfdi/validacion';
import {
  REGLA_626_FISICA_MESSAGE,
  REGLA_626_MORAL_HINT,
  REGLA_626_MORAL_MESSAGE,
} from '@repo/contracts/facturas';
import type { ErrorCampo } from './factura-previa.ts';

/** The engine's régimen 626 rules (spec §5 and the RESICO ISR rate, LISR art. 113-J). */
export const CODIGOS_626: readonly string[] = [
  REGIMEN_626_RECEPTOR_MORAL.code,
  REGIMEN_626_RECEPTOR_FISICA.code,
  REGIMEN_626_TASA_ISR.code,
];

/** The persistent message of a régimen 626 rule: the spec's text, or the engine's for the ISR rate. */
export function mensaje626(e: ErrorCampo): string {
  if (e.code === REGIMEN_626_RECEPTOR_MORAL.code)
    return `${REGLA_626_MORAL_MESSAGE} ${REGLA_626_MORAL_HINT}`;
  if (e.code === REGIMEN_626_RECEPTOR_FISICA.code) return REGLA_626_FISICA_MESSAGE;
  return e.message;
}
