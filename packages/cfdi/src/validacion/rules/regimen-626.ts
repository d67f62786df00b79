import { IMPUESTO } from '../../catalogos.ts';
import { decimal, isDecimalText } from '../../decimal.ts';
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

/**
 * The ISR a persona moral withholds from a persona física in the Régimen Simplificado de Confianza:
 * 1.25 % of the amount paid, without IVA (LISR art. 113-J, fifth paragraph).
 */
export const TASA_ISR_RESICO = '0.012500';

export const REGIMEN_626_TASA_ISR = {
  code: 'REGIMEN_626_TASA_ISR',
  message:
    'En el Régimen Simplificado de Confianza (626), la persona moral que le paga retiene el ISR al 1.25% (artículo 113-J de la Ley del ISR), no a otra tasa. Elija un grupo de impuestos con ISR retenido al 1.25%, por ejemplo "IVA 16% con retenciones RESICO (ISR 1.25% e IVA 2/3)".',
  satRule: 'LISR art. 113-J: retención de ISR del 1.25 % a personas físicas del RESICO',
} as const;

/** Whether a withheld ISR rate is not RESICO's 1.25 % (true for a missing or unreadable rate). */
export function esIsrRetenidoAjenoAResico(tasaOCuota: string | undefined): boolean {
  if (tasaOCuota === undefined || !isDecimalText(tasaOCuota)) return true;
  return !decimal(tasaOCuota).eq(decimal(TASA_ISR_RESICO));
}

/** Issuer in régimen 626 and persona física (spec §5; ISR rate: LISR art. 113-J). */
export function reglasRegimen626(c: Comprobante, e: Errores): void {
  if (c.Emisor.RegimenFiscal !== '626' || tipoPersona(c.Emisor.Rfc) !== 'fisica') return;
  if (c.TipoDeComprobante !== 'I' && c.TipoDeComprobante !== 'E') return;
  const moral = tipoPersona(c.Receptor.Rfc) === 'moral';
  const rule = moral ? REGIMEN_626_RECEPTOR_MORAL : REGIMEN_626_RECEPTOR_FISICA;
  const incumple = c.Conceptos.some((con) => {
    const t = con.Impuestos?.Traslados?.length ?? 0;
    const r = con.Impuestos?.Retenciones?.length ?? 0;
    return moral ? t === 0 || r === 0 : r > 0;
  });
  if (incumple) e.add(rule.code, rule.field, rule.message, rule.satRule);
  if (!moral) return;
  c.Conceptos.forEach((con, i) => {
    (con.Impuestos?.Retenciones ?? []).forEach((r, j) => {
      if (r.Impuesto !== IMPUESTO.ISR || !esIsrRetenidoAjenoAResico(r.TasaOCuota)) return;
      e.add(
        REGIMEN_626_TASA_ISR.code,
        `Conceptos[${i}].Impuestos.Retenciones[${j}].TasaOCuota`,
        REGIMEN_626_TASA_ISR.message,
        REGIMEN_626_TASA_ISR.satRule,
      );
    });
  });
}
