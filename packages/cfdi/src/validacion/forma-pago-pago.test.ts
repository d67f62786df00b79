import { describe, expect, it } from 'vitest';
import { camposFormaPago, validarDatosBancariosPago } from './forma-pago-pago.ts';

/**
 * Product spec section 5, "Payment complement, by forma_pago code", row by row: which fields show,
 * and the ordering and beneficiary account patterns (a valid and an invalid example each).
 */
const FILAS: {
  forma: string;
  ordenante: boolean;
  beneficiario: boolean;
  numOperacion: boolean;
  spei: boolean;
  ctaOrdBuena?: string[];
  ctaOrdMala?: string[];
  ctaBenBuena?: string[];
  ctaBenMala?: string[];
}[] = [
  { forma: '01', ordenante: false, beneficiario: false, numOperacion: true, spei: false },
  {
    forma: '02',
    ordenante: true,
    beneficiario: true,
    numOperacion: true,
    spei: false,
    ctaOrdBuena: ['12345678901', '123456789012345678'],
    ctaOrdMala: ['1234567890', '1234567890123456'],
    ctaBenBuena: [
      '1234567890',
      '12345678901',
      '123456789012345',
      '1234567890123456',
      '123456789012345678',
      'ABC_1234567',
    ],
    ctaBenMala: ['123456789', 'abc_1234567', 'CUENTA-1234'],
  },
  {
    forma: '03',
    ordenante: true,
    beneficiario: true,
    numOperacion: true,
    spei: true,
    ctaOrdBuena: ['1234567890', '1234567890123456', '123456789012345678'],
    ctaOrdMala: ['12345678901', '12345678901234567'],
    ctaBenBuena: ['1234567890', '123456789012345678'],
    ctaBenMala: ['1234567890123456', 'ABCDEFGHIJ'],
  },
  {
    forma: '04',
    ordenante: true,
    beneficiario: true,
    numOperacion: true,
    spei: false,
    ctaOrdBuena: ['1234567890123456'],
    ctaOrdMala: ['123456789012345', '12345678901234567'],
    ctaBenBuena: ['ABCDEFGHIJ'],
    ctaBenMala: ['ABC'],
  },
  {
    forma: '05',
    ordenante: true,
    beneficiario: true,
    numOperacion: true,
    spei: false,
    ctaOrdBuena: [
      '1234567890',
      '12345678901',
      '123456789012345',
      '123456789012345678',
      'MONEDERO_12',
    ],
    ctaOrdMala: ['123456789', 'monedero_12'],
    ctaBenBuena: ['12345678901'],
    ctaBenMala: ['1234'],
  },
  {
    forma: '06',
    ordenante: true,
    beneficiario: false,
    numOperacion: true,
    spei: false,
    ctaOrdBuena: ['1234567890'],
    ctaOrdMala: ['12345678901'],
  },
  { forma: '08', ordenante: false, beneficiario: false, numOperacion: true, spei: false },
  ...['12', '13', '14', '15', '17', '23', '24', '25', '26', '27', '30', '31'].map((forma) => ({
    forma,
    ordenante: false,
    beneficiario: false,
    numOperacion: true,
    spei: false,
  })),
  {
    forma: '28',
    ordenante: true,
    beneficiario: true,
    numOperacion: true,
    spei: false,
    ctaOrdBuena: ['1234567890123456'],
    ctaOrdMala: ['123456789012345'],
    ctaBenBuena: ['123456789012345678'],
    ctaBenMala: ['123456789'],
  },
  {
    forma: '29',
    ordenante: true,
    beneficiario: true,
    numOperacion: true,
    spei: false,
    ctaOrdBuena: ['123456789012345', '1234567890123456'],
    ctaOrdMala: ['12345678901234', '12345678901234567'],
    ctaBenBuena: ['1234567890123456'],
    ctaBenMala: ['123456789'],
  },
];

describe('payment bank fields by forma de pago (spec section 5)', () => {
  for (const fila of FILAS) {
    it(`forma de pago ${fila.forma}`, () => {
      const c = camposFormaPago(fila.forma);
      expect(c.ordenante).toBe(fila.ordenante);
      expect(c.beneficiario).toBe(fila.beneficiario);
      expect(c.numOperacion).toBe(fila.numOperacion);
      expect(c.cadenaPago).toBe(fila.spei);
      for (const cta of fila.ctaOrdBuena ?? [])
        expect(validarDatosBancariosPago(fila.forma, { cta_ordenante: cta }), cta).toEqual([]);
      for (const cta of fila.ctaOrdMala ?? [])
        expect(
          validarDatosBancariosPago(fila.forma, { cta_ordenante: cta }).map((e) => e.field),
          cta,
        ).toEqual(['cta_ordenante']);
      for (const cta of fila.ctaBenBuena ?? [])
        expect(validarDatosBancariosPago(fila.forma, { cta_beneficiario: cta }), cta).toEqual([]);
      for (const cta of fila.ctaBenMala ?? [])
        expect(
          validarDatosBancariosPago(fila.forma, { cta_beneficiario: cta }).map((e) => e.field),
          cta,
        ).toEqual(['cta_beneficiario']);
      // A field the forma de pago does not show is refused by name.
      if (!fila.ordenante)
        expect(
          validarDatosBancariosPago(fila.forma, { cta_ordenante: '1234567890' })[0]?.message,
        ).toBe(`La cuenta ordenante no se registra con la forma de pago ${fila.forma}.`);
      if (!fila.beneficiario)
        expect(
          validarDatosBancariosPago(fila.forma, { rfc_emisor_cta_ben: 'BBA830831LJ2' })[0]?.field,
        ).toBe('rfc_emisor_cta_ben');
      if (!fila.spei)
        expect(validarDatosBancariosPago(fila.forma, { tipo_cadena_pago: '01' })[0]?.field).toBe(
          'tipo_cadena_pago',
        );
    });
  }

  it('limits: número de operación 100 characters, bank name 300; a foreign bank needs its name', () => {
    expect(validarDatosBancariosPago('03', { num_operacion: 'x'.repeat(100) })).toEqual([]);
    expect(validarDatosBancariosPago('03', { num_operacion: 'x'.repeat(101) })[0]?.message).toBe(
      'El número de operación no puede tener más de 100 caracteres.',
    );
    expect(validarDatosBancariosPago('03', { nom_banco_ordenante_ext: 'B'.repeat(300) })).toEqual(
      [],
    );
    expect(
      validarDatosBancariosPago('03', { nom_banco_ordenante_ext: 'B'.repeat(301) })[0]?.message,
    ).toBe('El nombre del banco no puede tener más de 300 caracteres.');
    expect(
      validarDatosBancariosPago('03', { rfc_emisor_cta_ordenante: 'XEXX010101000' })[0]?.field,
    ).toBe('nom_banco_ordenante_ext');
    expect(validarDatosBancariosPago('03', { rfc_emisor_cta_ordenante: 'BSM970519DU8' })).toEqual(
      [],
    );
    expect(validarDatosBancariosPago('03', { rfc_emisor_cta_ben: 'CACX7605101P8' })[0]?.field).toBe(
      'rfc_emisor_cta_ben',
    );
  });

  it('SPEI (03): the payment chain goes whole or not at all', () => {
    expect(
      validarDatosBancariosPago('03', {
        tipo_cadena_pago: '01',
        cert_pago: 'MIIB',
        cad_pago: '||1|2||',
        sello_pago: 'abc=',
      }),
    ).toEqual([]);
    expect(validarDatosBancariosPago('03', { tipo_cadena_pago: '01' }).map((e) => e.field)).toEqual(
      ['cert_pago', 'cad_pago', 'sello_pago'],
    );
    expect(validarDatosBancariosPago('03', { sello_pago: 'abc=' }).map((e) => e.field)).toEqual([
      'sello_pago',
    ]);
  });
});
