import { describe, expect, it, vi } from 'vitest';
import type * as Lista from './lista.ts';
import { COMPROBANTE_TYPE_LABEL, ComprobanteType } from '../comprobantes.ts';
import { CARPETAS_ZIP } from '../exportacion-zip.ts';
import { SerieKind } from '../series.ts';
import { tipoComprobante, tipoDelComprobante, tipoDeSerie } from './registro.ts';
import { NOTA_DE_CREDITO_DE_PRUEBA } from './tipo-falso.test-support.ts';

// Architecture (decision 012): a new type is one file and one entry in the list; the contracts that
// name the types read the list, so a type added to it is known everywhere without another edit.
vi.mock('./lista.ts', async (importOriginal) => {
  const { TIPOS_COMPROBANTE } = await importOriginal<typeof Lista>();
  const { NOTA_DE_CREDITO_DE_PRUEBA: nota } = await import('./tipo-falso.test-support.ts');
  return { TIPOS_COMPROBANTE: [...TIPOS_COMPROBANTE, nota] };
});

describe('a type added to the list only', () => {
  it('is a comprobante type with its name', () => {
    expect(ComprobanteType.safeParse('nota_credito').success).toBe(true);
    expect((COMPROBANTE_TYPE_LABEL as Record<string, string>).nota_credito).toBe('Nota de crédito');
    const r = ComprobanteType.safeParse('x');
    expect(r.success ? '' : r.error.issues[0]!.message).toBe(
      'El tipo de comprobante debe ser factura_ingreso, factura_global, complemento_pago o nota_credito',
    );
  });

  it('has its serie kind and its ZIP folder', () => {
    expect(SerieKind.options).toContain('notas-credito');
    expect(tipoDeSerie('notas-credito')).toBe(NOTA_DE_CREDITO_DE_PRUEBA);
    expect((CARPETAS_ZIP as Record<string, string>).nota_credito).toBe('Notas de crédito');
  });

  it('is the type of its stamped CFDI (tipo E), not an income invoice', () => {
    expect(
      tipoDelComprobante({
        tipoDeComprobante: 'E',
        serieKind: 'notas-credito',
        informacionGlobal: false,
      }),
    ).toBe(NOTA_DE_CREDITO_DE_PRUEBA);
    expect(tipoComprobante('nota_credito').efectoEnSaldo).toBe('reduce');
  });
});
