import type { Comprobante } from '../../xml/model.ts';
import type { Errores } from '../error-validacion.ts';
import { tipoPersona } from './rfc.ts';

export const REGIMEN_626_RECEPTOR_MORAL = {
  code: 'REGIMEN_626_RECEPTOR_MORAL',
  field: 'Conceptos',
  message:
    'Para facturar a una persona moral, todos los conceptos deben incluir el impuesto trasladado y los impuestos retenidos correspondientes.',
  satRule: 'Producto §5 (RESICO 626: ISR 1.25 % e IVA 2/3 retenidos por personas morales)',
} as const;

export const REGIMEN_626_RECEPTOR_FISICA = {
  code: 'REGIMEN_626_RECEPTOR_FISICA',
  field: 'Conceptos',
  message:
    'Para facturar a una persona física, todos los conceptos deben tener solo impuestos trasladados.',
  satRule: 'Producto §5 (RESICO 626: sin retenciones a personas físicas)',
} as const;

/** Issuer in régimen 626 and persona física (spec §5). */
export function reglasRegimen626(c: Comprobante, e: Errores): void {
  if (c.Emisor.RegimenFiscal !== '626' || tipoPersona(c.Emisor.Rfc) !== 'fisica') return;
  if (c.TipoDeComprobante !== 'I' && c.TipoDeComprobante !== 'E') return;
  const rule =
    tipoPersona(c.Receptor.Rfc) === 'moral'
      ? REGIMEN_626_RECEPTOR_MORAL
      : REGIMEN_626_RECEPTOR_FISICA;
  const incumple = c.Conceptos.some((con) => {
    const t = con.Impuestos?.Traslados?.length ?? 0;
    const r = con.Impuestos?.Retenciones?.length ?? 0;
    return rule === REGIMEN_626_RECEPTOR_MORAL ? t === 0 || r === 0 : r > 0;
  });
  if (incumple) e.add(rule.code, rule.field, rule.message, rule.satRule);
}
