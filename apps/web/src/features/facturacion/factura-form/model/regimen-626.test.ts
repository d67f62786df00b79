import { describe, expect, it } from 'vitest';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { REGLA_626_MORAL_HINT } from '@repo/contracts/facturas';
import { catalogoDeImpuestos, idsDeRubro, impuestosDePartida } from './impuestos-de-partida.ts';
import { checkRegimen626 as check } from './regimen-626.ts';

function checkRegimen626(input: {
  emisor: { rfc: string; regimenFiscal: string };
  receptorRfc: string;
  rubros: RubroImpuestoResponse[];
}) {
  const catalogo = catalogoDeImpuestos({ trasladados: [], retenidos: [], rubros: input.rubros });
  return check({
    emisor: input.emisor,
    receptorRfc: input.receptorRfc,
    partidas: input.rubros.map((r) => impuestosDePartida(idsDeRubro(r), catalogo)),
  });
}

const tax = (
  id: number,
  tax_type: 'IVA' | 'ISR',
  value: string | null,
  tipo_factor: 'Tasa' | 'Exento' = 'Tasa',
) => ({
  id,
  tax_type,
  value,
  tipo_factor,
  additional_description: '',
  status: true,
  selected: true,
});

const rubro = (
  trasladados: ReturnType<typeof tax>[],
  retenidos: ReturnType<typeof tax>[],
): RubroImpuestoResponse => ({
  id: 1,
  name: 'g',
  objeto_impuesto_key: '02',
  enterprise_id: 1,
  impuestos_trasladados: trasladados,
  impuestos_retenidos: retenidos,
  impuestos_locales_trasladados: [],
  impuestos_locales_retenidos: [],
});

const IVA = tax(1, 'IVA', '0.160000');
const IVA_EXENTO = tax(2, 'IVA', null, 'Exento');
const IVA_RET = tax(3, 'IVA', '0.106667');
const ISR_RET = tax(4, 'ISR', '0.012500');
const RESICO = { rfc: 'CACX7605101P8', regimenFiscal: '626' };
const MORAL = 'EKU9003173C9';
const FISICA = 'XOJI740919U48';

describe('checkRegimen626', () => {
  it('asks every line to a persona moral for transferred and withheld taxes, with the hint', () => {
    expect(
      checkRegimen626({
        emisor: RESICO,
        receptorRfc: MORAL,
        rubros: [rubro([IVA], [IVA_RET, ISR_RET]), rubro([IVA], [])],
      }),
    ).toEqual({
      message:
        'Para facturar a una persona moral, todos los conceptos deben incluir el impuesto trasladado y los impuestos retenidos correspondientes.',
      hint: REGLA_626_MORAL_HINT,
    });
    expect(
      checkRegimen626({
        emisor: RESICO,
        receptorRfc: MORAL,
        rubros: [rubro([IVA], [IVA_RET, ISR_RET]), rubro([IVA_EXENTO], [ISR_RET])],
      }),
    ).toBeNull();
  });

  it('refuses an ISR withheld at another rate than 1.25 % to a persona moral (LISR 113-J)', () => {
    const isr10 = tax(5, 'ISR', '0.100000');
    expect(
      checkRegimen626({
        emisor: RESICO,
        receptorRfc: MORAL,
        rubros: [rubro([IVA], [IVA_RET, ISR_RET]), rubro([IVA], [IVA_RET, isr10])],
      }),
    ).toEqual({ message: expect.stringMatching(/retiene el ISR al 1\.25%/), hint: null });
  });

  it('refuses withheld taxes to a persona física', () => {
    expect(
      checkRegimen626({ emisor: RESICO, receptorRfc: FISICA, rubros: [rubro([IVA], [ISR_RET])] }),
    ).toEqual({
      message:
        'Para facturar a una persona física, todos los conceptos deben tener solo impuestos trasladados.',
      hint: null,
    });
    expect(
      checkRegimen626({ emisor: RESICO, receptorRfc: FISICA, rubros: [rubro([IVA], [])] }),
    ).toBeNull();
  });

  it('does not apply to other regimes or to a persona moral issuer', () => {
    const rubros = [rubro([IVA], [ISR_RET])];
    expect(
      checkRegimen626({ emisor: { ...RESICO, regimenFiscal: '612' }, receptorRfc: FISICA, rubros }),
    ).toBeNull();
    expect(
      checkRegimen626({
        emisor: { rfc: MORAL, regimenFiscal: '626' },
        receptorRfc: FISICA,
        rubros,
      }),
    ).toBeNull();
  });
});
