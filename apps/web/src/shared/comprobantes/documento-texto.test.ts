import { describe, expect, it, vi } from 'vitest';
import type * as Lista from '@repo/contracts/tipos-comprobante/lista';
import { DOCUMENTO_TEXTO } from './documento-texto.ts';

// Architecture (decision 012): the delivery panels' texts come from
// the registered types, so a type added to the list (here a made-up debit note) is named right,
// with its gender, without editing them; the registered ones keep their words.
vi.mock('@repo/contracts/tipos-comprobante/lista', async (importOriginal) => {
  const { TIPOS_COMPROBANTE } = await importOriginal<typeof Lista>();
  const { NOTA_DE_DEBITO_DE_PRUEBA: nota } =
    await import('@repo/contracts/tipos-comprobante/tipo-falso.test-support');
  return { TIPOS_COMPROBANTE: [...TIPOS_COMPROBANTE, nota] };
});

describe('the texts of each document type', () => {
  it('are the words the panels had for the registered types, and a new one gets its own', () => {
    expect(DOCUMENTO_TEXTO).toMatchObject({
      factura_ingreso: { el: 'La factura', este: 'esta factura', enviar: 'Enviar factura' },
      factura_global: {
        el: 'La factura global',
        este: 'esta factura global',
        enviar: 'Enviar factura global',
      },
      complemento_pago: {
        el: 'El recibo de pago',
        este: 'este recibo de pago',
        enviar: 'Enviar recibo de pago',
      },
      nota_debito: {
        el: 'La nota de débito',
        este: 'esta nota de débito',
        enviar: 'Enviar nota de débito',
      },
    });
  });
});
