import { describe, expect, it, vi } from 'vitest';
import type * as Lista from './lista.ts';
import { COMPROBANTE_TYPE_LABEL, ComprobanteType } from '../comprobantes.ts';
import { CARPETAS_ZIP } from '../exportacion-zip.ts';
import { SerieKind } from '../series.ts';
import { tipoComprobante, tipoDelComprobante, tipoDeSerie } from './registro.ts';
import { NOTA_DE_DEBITO_DE_PRUEBA } from './tipo-falso.test-support.ts';

// Architecture (decision 012): a new type is one file and one entry in the list; the contracts that
// name the types read the list, so a type added to it is known everywhere without another edit.
vi.mock('./lista.ts', async (importOriginal) => {
  const { TIPOS_COMPROBANTE } = await importOriginal<typeof Lista>();
  const { NOTA_DE_DEBITO_DE_PRUEBA: nota } = await import('./tipo-falso.test-support.ts');
  return { TIPOS_COMPROBANTE: [...TIPOS_COMPROBANTE, nota] };
});

describe('a type added to the list only', () => {
  it('is a comprobante type with its name', () => {
    expect(ComprobanteType.safeParse('nota_debito').success).toBe(true);
    expect((COMPROBANTE_TYPE_LABEL as Record<string, string>).nota_debito).toBe('Nota de débito');
    const r = ComprobanteType.safeParse('x');
    expect(r.success ? '' : r.error.issues[0]!.message).toMatch(
      /^El tipo de comprobante debe ser factura_ingreso, factura_global, complemento_pago(, [a-z_, ]+)? o nota_debito$/,
    );
  });

  it('has its serie kind and its ZIP folder', () => {
    expect(SerieKind.options).toContain('notas-debito');
    expect(tipoDeSerie('notas-debito')).toBe(NOTA_DE_DEBITO_DE_PRUEBA);
    expect((CARPETAS_ZIP as Record<string, string>).nota_debito).toBe('Notas de débito');
  });

  it('is the type of its stamped CFDI (tipo I of its serie), not an income invoice', () => {
    expect(
      tipoDelComprobante({
        tipoDeComprobante: 'I',
        serieKind: 'notas-debito',
        informacionGlobal: false,
      }),
    ).toBe(NOTA_DE_DEBITO_DE_PRUEBA);
    expect(tipoComprobante('nota_debito').efectoEnSaldo).toBe('ninguno');
  });
});
