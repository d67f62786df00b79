import { ahoraDelEmisor } from '#src/shared/format/hoy-del-emisor.ts';
import { describe, expect, it } from 'vitest';
import type { PagoItem } from '@repo/contracts/complementos-pago';
import {
  camposVisibles,
  conImportesPropuestos,
  fechaPagoConHora,
  montoDeTexto,
  pagoVacio,
  toPagoRequest,
  totalDocumentos,
} from './pago-form-values.ts';
import { validarPago } from './validar-pago.ts';
import { HIGHLIGHT_MS, actualizarPago, agregarPago, listaDe, totalPagado } from './pagos-lista.ts';
import { fueraDePlazo, plazoComplemento } from './plazo-complemento.ts';

const ctx = {
  saldos: [{ factura_id: 7, saldo: '580.00', fecha: '2026-11-20T10:00:00', serieFolio: 'F-1' }],
  monedaFactura: 'MXN',
  hoy: '2026-11-24',
};
const vacio = () =>
  pagoVacio({
    serieId: 3,
    hoy: '2026-11-24',
    moneda: 'MXN',
    facturas: [{ factura_id: 7, saldo: '580.00' }],
  });

const pago = (id: number, status: 'timbrada' | 'cancelled', importe: string) =>
  ({
    id,
    comprobante: { status },
    documento_relacionado: { importe_pagado: importe },
  }) as unknown as PagoItem;

describe('payment form (spec section 5)', () => {
  it('the date goes with the current time as YYYY-MM-DD HH:mm:ss; the currency text as exact decimal text', () => {
    expect(fechaPagoConHora('2026-11-24', '09:05:07')).toBe('2026-11-24 09:05:07');
    expect(montoDeTexto('$ 1,234.50')).toBe('1234.50');
    expect(montoDeTexto('300')).toBe('300');
    expect(montoDeTexto('0.00')).toBeNull();
    expect(montoDeTexto('0')).toBeNull();
    expect(montoDeTexto('12.345')).toBeNull();
  });

  it('sends only the optional fields the toggle and the forma de pago show', () => {
    const v = {
      ...vacio(),
      forma_pago: '01',
      monto: '$ 200.00',
      opcionales: true,
      num_operacion: 'REC-1',
      cta_ordenante: '1234567890',
    };
    const body = toPagoRequest(v, {
      facturaId: 7,
      enterpriseId: 1,
      clientId: 2,
      // 18:00 UTC: noon in Mexico City, whatever zone the browser runs in.
      ahora: ahoraDelEmisor('America/Mexico_City', new Date('2026-11-24T18:00:00Z')),
    });
    expect(body).toMatchObject({
      factura_id: 7,
      serie_id: 3,
      forma_pago: '01',
      payment_amount: 200,
      payment_date: '2026-11-24 12:00:00',
      num_operacion: 'REC-1',
    });
    expect(body).not.toHaveProperty('cta_ordenante');
    expect(
      toPagoRequest(
        { ...v, opcionales: false },
        {
          facturaId: 7,
          enterpriseId: 1,
          clientId: 2,
          ahora: { dia: '2026-11-24', hora: '12:00:00' },
        },
      ),
    ).not.toHaveProperty('num_operacion');
    expect(camposVisibles('03')).toMatchObject({
      cta_ordenante: true,
      cta_beneficiario: true,
      sello_pago: true,
    });
    expect(camposVisibles('06')).toMatchObject({
      cta_ordenante: true,
      cta_beneficiario: false,
      sello_pago: false,
    });
    expect(camposVisibles('01')).toMatchObject({ num_operacion: true, cta_ordenante: false });
  });

  it('refuses locally an overpayment, a date before the invoice or in the future, a bad account', () => {
    expect(validarPago({ ...vacio(), forma_pago: '01', monto: '580.01' }, ctx).monto).toMatch(
      /mayor que el saldo/,
    );
    expect(validarPago({ ...vacio(), forma_pago: '01', fecha: '2026-11-19' }, ctx).fecha).toBe(
      'La fecha de pago no puede ser anterior a la fecha de la factura F-1 (20/11/2026).',
    );
    expect(validarPago({ ...vacio(), forma_pago: '01', fecha: '2026-11-25' }, ctx).fecha).toMatch(
      /posterior a hoy/,
    );
    expect(
      validarPago({ ...vacio(), forma_pago: '03', opcionales: true, cta_ordenante: '123' }, ctx)
        .cta_ordenante,
    ).toMatch(/10, 16 o 18 dígitos/);
    expect(validarPago({ ...vacio(), forma_pago: '03' }, ctx)).toEqual({});
  });

  it('several invoices: each defaults to its balance, the payment is their sum, none above its balance', () => {
    const saldos = [
      { factura_id: 7, saldo: '1160.00', fecha: '2026-11-20T10:00:00', serieFolio: 'F-1' },
      { factura_id: 8, saldo: '580.10', fecha: '2026-11-21T10:00:00', serieFolio: 'F-2' },
    ];
    const v = {
      ...pagoVacio({ serieId: 3, hoy: '2026-11-24', moneda: 'MXN', facturas: saldos }),
      forma_pago: '03',
    };
    expect(v.monto).toBe('');
    expect(v.documentos).toEqual([
      { factura_id: 7, importe: '1160.00' },
      { factura_id: 8, importe: '580.10' },
    ]);
    expect(totalDocumentos(v.documentos)).toBe('1740.10');
    const multi = { ...ctx, saldos };
    expect(validarPago(v, multi)).toEqual({});
    const body = toPagoRequest(v, {
      facturaId: 7,
      enterpriseId: 1,
      clientId: 2,
      ahora: { dia: '2026-11-24', hora: '09:00:00' },
    });
    expect(body.payment_amount).toBe(1740.1);
    expect(body.documentos).toEqual([
      { factura_id: 7, importe_pagado: 1160 },
      { factura_id: 8, importe_pagado: 580.1 },
    ]);
    const parcial = {
      ...v,
      documentos: [
        { factura_id: 7, importe: '$ 1,000.00' },
        { factura_id: 8, importe: '580.11' },
      ],
    };
    expect(totalDocumentos(parcial.documentos)).toBe('1580.11');
    expect(validarPago(parcial, multi)).toEqual({
      'documentos.1.importe': 'El importe es mayor que el saldo de la factura F-2.',
    });
    const vacia = { ...v, documentos: [v.documentos[0]!, { factura_id: 8, importe: '' }] };
    expect(totalDocumentos(vacia.documentos)).toBeNull();
    expect(validarPago(vacia, multi)['documentos.1.importe']).toMatch(/Indique lo que se aplica/);
  });
});

describe('money is exact decimal, never a binary float (issue 25)', () => {
  // t_Importe allows 18 integer digits and the API 15: past 2^53 / 100 a float has no cents.
  const grande = {
    ...ctx,
    saldos: [{ ...ctx.saldos[0]!, saldo: '412805944673235.24' }],
  };

  it('a payment one cent above the balance is refused however large; equal to it, accepted', () => {
    const v = { ...vacio(), forma_pago: '03' };
    expect(validarPago({ ...v, monto: '412,805,944,673,235.25' }, grande).monto).toBe(
      'El pago es mayor que el saldo de la factura F-1.',
    );
    expect(validarPago({ ...v, monto: '$ 412,805,944,673,235.24' }, grande)).toEqual({});
    const varias = {
      ...v,
      documentos: [
        { factura_id: 7, importe: '412805944673235.25' },
        { factura_id: 8, importe: '0.10' },
      ],
    };
    expect(validarPago(varias, grande)['documentos.0.importe']).toBe(
      'El importe es mayor que el saldo de la factura F-1.',
    );
  });

  it('the amounts of several invoices add up to the cent, and the request carries them exactly', () => {
    const documentos = [
      { factura_id: 7, importe: '412805944673235.24' },
      { factura_id: 8, importe: '0.02' },
    ];
    expect(totalDocumentos(documentos)).toBe('412805944673235.26');
    const body = toPagoRequest(
      { ...vacio(), forma_pago: '03', documentos },
      {
        facturaId: 7,
        enterpriseId: 1,
        clientId: 2,
        ahora: { dia: '2026-11-24', hora: '09:00:00' },
      },
    );
    // A number cannot hold that amount: the text goes (the contract takes both); 0.02 goes as a number.
    expect(body.payment_amount).toBe('412805944673235.26');
    expect(body.documentos?.[1]?.importe_pagado).toBe(0.02);
  });

  it('the total paid adds the stamped payments exactly', () => {
    const l = listaDe([
      pago(1, 'timbrada', '0.10'),
      pago(2, 'timbrada', '0.20'),
      pago(3, 'timbrada', '412805944673235.24'),
    ]);
    expect(totalPagado(l.pagos)).toBe('412805944673235.54');
  });
});

describe('a payment in pesos of invoices in dollars', () => {
  const facturas = [
    { factura_id: 7, saldo: '100.00' },
    { factura_id: 8, saldo: '250.50' },
  ];
  const usd = pagoVacio({ serieId: 3, hoy: '2026-11-24', moneda: 'USD', facturas });

  it('each amount follows its balance in pesos at the typed exchange rate', () => {
    const mxn = conImportesPropuestos(
      { ...usd, moneda_p: 'MXN', tipo_cambio: '17.2345' },
      facturas,
      'USD',
      new Set(),
    );
    expect(mxn.documentos.map((d) => d.importe)).toEqual(['1723.45', '4317.24']);
    expect(totalDocumentos(mxn.documentos)).toBe('6040.69');
    const sinTipo = conImportesPropuestos({ ...usd, moneda_p: 'MXN' }, facturas, 'USD', new Set());
    expect(sinTipo.documentos.map((d) => d.importe)).toEqual(['', '']);
    const deVuelta = conImportesPropuestos({ ...mxn, moneda_p: 'USD' }, facturas, 'USD', new Set());
    expect(deVuelta.documentos.map((d) => d.importe)).toEqual(['100.00', '250.50']);
  });

  it('an amount the user typed stays as typed', () => {
    const tecleado = { ...usd, moneda_p: 'MXN', tipo_cambio: '17.2345' };
    tecleado.documentos = [{ factura_id: 7, importe: '500' }, usd.documentos[1]!];
    const r = conImportesPropuestos(tecleado, facturas, 'USD', new Set([7]));
    expect(r.documentos.map((d) => d.importe)).toEqual(['500', '4317.24']);
    const una = pagoVacio({
      serieId: 3,
      hoy: '2026-11-24',
      moneda: 'USD',
      facturas: [facturas[0]!],
    });
    const f1 = [facturas[0]!];
    expect(
      conImportesPropuestos({ ...una, moneda_p: 'MXN', tipo_cambio: '20' }, f1, 'USD', new Set())
        .monto,
    ).toBe('2000.00');
    expect(
      conImportesPropuestos({ ...una, moneda_p: 'MXN', monto: '9' }, f1, 'USD', new Set([7])).monto,
    ).toBe('9');
  });
});

describe('list of payments (spec section 4)', () => {
  it('a new payment goes on top, opened, closing the others and highlighted; an update reopens it', () => {
    let l = listaDe([pago(1, 'timbrada', '300.00')]);
    l = { ...l, pagos: l.pagos.map((p) => ({ ...p, opened: true })) };
    l = agregarPago(l, pago(2, 'timbrada', '200.00'));
    expect(l.pagos.map((p) => [p.pago.id, p.opened])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(l.highlight).toBe(2);
    expect(HIGHLIGHT_MS).toBe(8000);
    expect(totalPagado(l.pagos)).toBe('500.00');
    l = actualizarPago(l, pago(1, 'cancelled', '300.00'));
    expect(l.pagos.find((p) => p.pago.id === 1)?.opened).toBe(true);
    // Only stamped payments count toward the total paid.
    expect(totalPagado(l.pagos)).toBe('200.00');
  });

  it('the SAT deadline: the 5th of the month after the payment', () => {
    expect(plazoComplemento('2026-11-24').texto).toBe('Emitir a más tardar el 5 de diciembre');
    expect(plazoComplemento('2026-12-02')).toEqual({
      dia: '2027-01-05',
      texto: 'Emitir a más tardar el 5 de enero de 2027',
    });
    expect(fueraDePlazo('2026-10-30', '2026-11-05')).toBe(false);
    expect(fueraDePlazo('2026-10-30', '2026-11-06')).toBe(true);
  });
});
