import { describe, expect, it } from 'vitest';
import { comprobanteEmail } from './comprobante-email.ts';

const base = {
  comprobanteType: 'factura_ingreso' as const,
  empresa: 'EMPRESA DE TIMBRADO',
  serieFolio: 'F-7',
  total: '1200.00',
  moneda: 'MXN',
  uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
  fecha: '2026-11-23T09:05:07',
  receptor: 'XOCHILT CASAS CHAVEZ',
  cancelado: false,
  verificacionUrl: 'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=x',
};

describe('comprobanteEmail', () => {
  it('a real stamp: the XML is the fiscal document, with the SAT verification link', () => {
    const mail = comprobanteEmail({ ...base, pruebas: false });
    expect(mail.subject).toBe('Factura F-7 de EMPRESA DE TIMBRADO — $ 1,200.00 MXN');
    expect(mail.text).toContain('El XML es el documento con validez fiscal');
    expect(mail.text).toContain(`Verificar en el portal del SAT: ${base.verificacionUrl}`);
  });

  it('a test stamp: the subject and the body say it has no fiscal validity; no SAT link', () => {
    const mail = comprobanteEmail({ ...base, pruebas: true });
    expect(mail.subject).toMatch(/^\[Prueba sin validez fiscal\] Factura F-7/);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL');
      expect(part).toContain('no fue enviado al SAT, no tiene validez fiscal');
      expect(part).not.toContain('El XML es el documento con validez fiscal');
      expect(part).not.toContain('verificacfdi');
    }
  });
});
