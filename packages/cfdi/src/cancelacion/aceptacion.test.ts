import { describe, expect, it } from 'vitest';
import {
  clasificarAceptacion,
  explicarAceptacion,
  finDeDiasHabiles,
  plazoDeCancelacion,
  type DocumentoCancelable,
} from './index.ts';

// Friday 2026-03-06 10:00 Zona Centro (UTC-6)
const VIERNES = new Date('2026-03-06T16:00:00Z');
const doc = (over: Partial<DocumentoCancelable> = {}): DocumentoCancelable => ({
  tipoDeComprobante: 'I',
  rfcReceptor: 'CACX7605101P8',
  total: '5800.00',
  moneda: 'MXN',
  instanteTimbrado: VIERNES,
  ...over,
});
// Tuesday 2026-03-10 10:00: past Monday, the business day after the Friday of issue
const MARTES = new Date('2026-03-10T16:00:00Z');

describe('regla 2.7.1.35 RMF 2026: cancellation with or without the receiver acceptance', () => {
  it('an invoice above $1,000 to a company, past the next business day, needs acceptance with 3 business days', () => {
    const c = clasificarAceptacion(doc(), MARTES);
    expect(c).toMatchObject({ esCancelable: 'Cancelable con aceptación', motivo: 'regla_general' });
    // Tuesday + 3 business days = Friday 13 ends at Saturday 00:00 Zona Centro
    expect(c.plazoReceptor?.toISOString()).toBe('2026-03-14T06:00:00.000Z');
    expect(explicarAceptacion(c)).toContain('3 días hábiles');
  });

  it('up to $1,000 MXN (fracción I), in pesos for another currency; exactly 1,000.00 included', () => {
    expect(clasificarAceptacion(doc({ total: '1000.00' }), MARTES).motivo).toBe('monto');
    expect(clasificarAceptacion(doc({ total: '1000.01' }), MARTES).motivo).toBe('regla_general');
    expect(
      clasificarAceptacion(doc({ total: '48.00', moneda: 'USD', tipoCambio: '20.5' }), MARTES)
        .esCancelable,
    ).toBe('Cancelable sin aceptación');
    expect(
      clasificarAceptacion(doc({ total: '49.00', moneda: 'USD', tipoCambio: '20.5' }), MARTES)
        .esCancelable,
    ).toBe('Cancelable con aceptación');
  });

  it('payment complements need acceptance although their total is 0 (RMF 2026 exclusion in fracción I)', () => {
    const c = clasificarAceptacion(
      doc({ tipoDeComprobante: 'P', total: '0', moneda: 'XXX' }),
      MARTES,
    );
    expect(c).toMatchObject({ esCancelable: 'Cancelable con aceptación', motivo: 'pagos' });
    expect(explicarAceptacion(c)).toContain('complementos de pago');
  });

  it('egresos, nómina, traslado, público en general and extranjero never need it', () => {
    expect(clasificarAceptacion(doc({ tipoDeComprobante: 'E' }), MARTES).motivo).toBe('egreso');
    expect(clasificarAceptacion(doc({ tipoDeComprobante: 'N' }), MARTES).motivo).toBe('nomina');
    expect(clasificarAceptacion(doc({ tipoDeComprobante: 'T' }), MARTES).motivo).toBe('traslado');
    expect(clasificarAceptacion(doc({ rfcReceptor: 'XAXX010101000' }), MARTES).motivo).toBe(
      'publico_en_general',
    );
    expect(clasificarAceptacion(doc({ rfcReceptor: 'xexx010101000' }), MARTES).motivo).toBe(
      'extranjero',
    );
    expect(explicarAceptacion(clasificarAceptacion(doc({ tipoDeComprobante: 'E' }), MARTES))).toBe(
      'El SAT la cancelará sin pedir la aceptación del receptor, porque es un comprobante de egreso (fracción III), según la regla 2.7.1.35 de la Resolución Miscelánea Fiscal.',
    );
  });

  it('within the business day after the issue (fracción IX): a Friday invoice until Monday ends; holidays move it', () => {
    const lunesTarde = new Date('2026-03-10T05:59:00Z'); // Monday 23:59 Zona Centro
    expect(clasificarAceptacion(doc(), lunesTarde).motivo).toBe('dia_habil_siguiente');
    expect(clasificarAceptacion(doc(), MARTES).motivo).toBe('regla_general');
    // Monday 16 March 2026 is a holiday: an invoice of Friday 13 may go until Tuesday 17 ends
    const viernes13 = new Date('2026-03-13T16:00:00Z');
    const martes17 = new Date('2026-03-17T16:00:00Z');
    expect(
      clasificarAceptacion(doc({ instanteTimbrado: viernes13 }), martes17, new Set(['2026-03-16']))
        .motivo,
    ).toBe('dia_habil_siguiente');
    expect(finDeDiasHabiles(viernes13, 1, new Set()).toISOString()).toBe(
      '2026-03-17T06:00:00.000Z',
    );
  });

  it('deadline (CFF 29-A): 31 March of the next year for a persona moral, 30 April for a física', () => {
    expect(plazoDeCancelacion('2026-07-01T10:00:00', 'EKU9003173C9').toISOString()).toBe(
      '2027-04-01T05:59:59.000Z',
    );
    expect(plazoDeCancelacion('2026-07-01T10:00:00', 'XIQB891116QE4').toISOString()).toBe(
      '2027-05-01T05:59:59.000Z',
    );
  });
});
