import type { ImpuestoTipo } from '../../db/schema/impuestos.ts';

export interface StandardImpuesto {
  tipo: ImpuestoTipo;
  tax_type: 'IVA' | 'IEPS' | 'ISR';
  tipo_factor: 'Tasa' | 'Cuota' | 'Exento';
  value: string | null;
  additional_description: string;
}

const traslado = (
  tax_type: 'IVA' | 'IEPS',
  value: string | null,
  additional_description = '',
): StandardImpuesto => ({
  tipo: 'trasladado',
  tax_type,
  tipo_factor: value === null ? 'Exento' : 'Tasa',
  value,
  additional_description,
});

const retencion = (
  tax_type: 'IVA' | 'ISR',
  value: string,
  additional_description = '',
): StandardImpuesto => ({
  tipo: 'retenido',
  tax_type,
  tipo_factor: 'Tasa',
  value,
  additional_description,
});

/**
 * The tax list every enterprise starts with, taken from the fixed rows of the SAT's c_TasaOCuota
 * (IVA and IEPS traslados) and the common points of its retention ranges (IVA 0–0.16, ISR 0–0.35).
 * IEPS Cuota is a range whose amount per unit depends on the product, so it is not pre-loaded.
 */
export const STANDARD_IMPUESTOS: readonly StandardImpuesto[] = [
  traslado('IVA', '0.160000'),
  traslado('IVA', '0.080000', 'Región fronteriza'),
  traslado('IVA', '0.000000'),
  traslado('IVA', null),
  ...[
    '0.265000',
    '0.300000',
    '0.530000',
    '0.500000',
    '1.600000',
    '0.304000',
    '0.250000',
    '0.090000',
    '0.080000',
    '0.070000',
    '0.060000',
    '0.030000',
    '0.000000',
  ].map((value) => traslado('IEPS', value)),
  retencion('ISR', '0.100000', 'Honorarios y arrendamiento'),
  retencion('ISR', '0.012500', 'Régimen Simplificado de Confianza'),
  // 16 % × 2/3 truncated to 6 decimals, the rate the SAT's own examples use.
  retencion('IVA', '0.106666', 'Dos terceras partes del IVA'),
  retencion('IVA', '0.160000'),
  retencion('IVA', '0.060000', 'Servicios de personal'),
  retencion('IVA', '0.040000', 'Autotransporte terrestre de bienes'),
];
