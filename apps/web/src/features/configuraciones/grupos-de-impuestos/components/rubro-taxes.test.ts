import { describe, expect, it } from 'vitest';
import type { TaxResponse } from '@repo/contracts/impuestos';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { withRubroTaxes } from './rubro-taxes.tsx';

const tax = (id: number, over: Partial<TaxResponse>): TaxResponse => ({
  id,
  value: '0.160000',
  tax_type: 'IVA',
  tipo_factor: 'Tasa',
  additional_description: '',
  status: true,
  ...over,
});

const iva16 = tax(1, {});
const ieps8 = tax(2, { tax_type: 'IEPS', value: '0.080000', status: false });
const isr10 = tax(3, { tax_type: 'ISR', value: '0.100000', status: false });

const offered = {
  impuestos_trasladados: [{ group: 'IVA', impuestos: [iva16] }],
  impuestos_retenidos: [],
};

const rubro: RubroImpuestoResponse = {
  id: 7,
  name: 'General',
  objeto_impuesto_key: '02',
  enterprise_id: 1,
  impuestos_trasladados: [
    { ...iva16, selected: true },
    { ...ieps8, selected: true },
  ],
  impuestos_retenidos: [{ ...isr10, selected: true }],
  impuestos_locales_trasladados: [],
  impuestos_locales_retenidos: [],
};

describe('withRubroTaxes', () => {
  it('offers the active taxes for a new group', () => {
    expect(withRubroTaxes(offered, null)).toBe(offered);
  });

  it('keeps the taxes an edited group has even when they were turned off', () => {
    const groups = withRubroTaxes(offered, rubro);
    expect(
      groups.impuestos_trasladados.map((g) => [g.group, g.impuestos.map((t) => t.id)]),
    ).toEqual([
      ['IEPS tasa', [2]],
      ['IVA', [1]],
    ]);
    expect(groups.impuestos_retenidos).toEqual([
      { group: 'ISR', impuestos: [{ ...isr10, selected: true }] },
    ]);
    // The offered list itself is not changed.
    expect(offered.impuestos_trasladados[0]?.impuestos).toEqual([iva16]);
  });
});
