import { describe, expect, it, vi } from 'vitest';
import type * as Lista from '@repo/contracts/tipos-comprobante/lista';
import { SERIE_KIND_LABEL } from './series-folios.tsx';

// Architecture (decision 012): the series screen shows one card per registered type, titled as the
// type declares it; a type added to the list (here a made-up debit note) gets its card unedited.
vi.mock('@repo/contracts/tipos-comprobante/lista', async (importOriginal) => {
  const { TIPOS_COMPROBANTE } = await importOriginal<typeof Lista>();
  const { NOTA_DE_DEBITO_DE_PRUEBA: nota } =
    await import('@repo/contracts/tipos-comprobante/tipo-falso.test-support');
  return { TIPOS_COMPROBANTE: [...TIPOS_COMPROBANTE, nota] };
});

describe('the series screen', () => {
  it("title the series screen's cards, one per type", () => {
    expect(SERIE_KIND_LABEL).toMatchObject({
      'facturas-ingreso': 'Facturas de ingreso',
      'facturas-globales': 'Facturas globales',
      'recepcion-pagos': 'Recepción de pagos',
      'notas-debito': 'Notas de débito',
    });
  });
});
