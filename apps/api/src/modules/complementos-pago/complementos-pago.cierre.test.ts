import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { impuestosPagados } from '@repo/cfdi/calc';
import { Decimal } from '@repo/cfdi/decimal';
import { parseComprobanteXml, type Comprobante, type DoctoRelacionado } from '@repo/cfdi/xml';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { api } from '../facturas/facturas.test-support.ts';
import { findComprobante } from '../timbrado/timbrado.queries.ts';
import {
  V40,
  facturaPpd,
  pagoBody,
  satOk,
  seedCobrador,
  type Cobrador,
} from './complementos-pago.test-support.ts';

/**
 * Issue 24: payments numbered and balanced from the payments in force, and every tax of the invoice
 * closed to the cent by its payments in force (the stamped XML passes the SAT's checks; with
 * XML_SAMPLES_DIR set, the XML is also written there for the SAT bundle's check.sh).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function pagar(e: Cobrador, facturaId: number, monto: number, muestra?: string) {
  const res = await api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, facturaId, monto));
  expect(res.statusCode, res.body).toBe(200);
  const id: number = res.json().data.data.id;
  const xml = await satOk(t, e.enterpriseId, id);
  if (muestra && process.env.XML_SAMPLES_DIR) {
    const row = await findComprobante(t.deps.db, e.enterpriseId, id);
    writeFileSync(join(process.env.XML_SAMPLES_DIR, muestra), row!.xml_timbrado!);
  }
  return { id, xml, saldo: res.json().data.saldo };
}
const docto = (c: Comprobante): DoctoRelacionado =>
  c.Complemento!.Pagos!.Pago[0]!.DoctoRelacionado[0]!;
const fila = (d: DoctoRelacionado) => [
  d.NumParcialidad,
  d.ImpSaldoAnt,
  d.ImpPagado,
  d.ImpSaldoInsoluto,
];

describe('a payment in the middle cancelled and replaced', () => {
  it('the replacement takes its number and balance; the payments in force add up to the invoice, taxes too', async () => {
    const e = await seedCobrador(t, 10);
    const f = await facturaPpd(t, e);
    expect(f.total).toBe('1160.00');
    const p1 = await pagar(e, f.id, 386.67);
    const p2 = await pagar(e, f.id, 386.67);
    const p3 = await pagar(e, f.id, 386.66);
    const cancel = await api(t, e, 'POST', `${V40}/complemento-pago/${p2.id}/cancelar`, {
      motivo: '02',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.saldo).toMatchObject({
      saldo: '386.67',
      siguiente_parcialidad: 2,
    });

    const sustituto = await pagar(e, f.id, 386.67, 'pago-sustituto.xml');
    const enVigor = [p1, sustituto, p3].map((p) => docto(p.xml));
    // It used to be numbered 3 a second time, from 386.67, leaving the chain with two 3s.
    expect(enVigor.map(fila)).toEqual([
      ['1', '1160.00', '386.67', '773.33'],
      ['2', '773.33', '386.67', '386.66'],
      ['3', '386.66', '386.66', '0.00'],
    ]);
    const pagado = enVigor.reduce((s, d) => s.plus(d.ImpPagado), new Decimal(0));
    expect(pagado.toFixed(2)).toBe('1160.00');
    // The taxes in force: base 1000.00, IVA 160.00 (they were 1000.01 and 159.99).
    expect(impuestosPagados(enVigor)).toEqual([
      { clave: 'traslado|002|Tasa|0.160000', BaseDR: '1000', ImporteDR: '160' },
    ]);
    expect(sustituto.saldo).toMatchObject({ saldo: '0.00', pagado: '1160.00' });
  });
});

describe('every tax of the invoice closes on its last payment', () => {
  it('IEPS cuota on 100.043 litres and IVA: three payments carry 35.23 of IEPS, as the invoice', async () => {
    const e = await seedCobrador(t, 10);
    const f = await facturaPpd(t, e, {
      cantidad: '100.043',
      precio: '18.50',
      trasladados: [e.taxes.iepsCuota, e.taxes.iva16],
    });
    const factura = await findComprobante(t.deps.db, e.enterpriseId, f.id);
    expect(factura!.xml_timbrado).toContain('Impuesto="003" TipoFactor="Cuota"');
    const total = new Decimal(f.total);
    // The amounts go as the form sends them, numbers (2 decimals: they read back exactly).
    const tercio = total.dividedBy(3).toDecimalPlaces(2);
    const resto = total.minus(tercio.times(2));
    const pagos = [];
    for (const [i, m] of [tercio, tercio, resto].entries())
      pagos.push(await pagar(e, f.id, Number(m.toFixed()), `pago-ieps-cuota-${i + 1}.xml`));
    const sumas = impuestosPagados(pagos.map((p) => docto(p.xml)));
    // The old engine rounded the base to 100.04 litres and carried 35.22.
    expect(sumas.find((s) => s.clave === 'traslado|003|Cuota|0.352100')).toEqual({
      clave: 'traslado|003|Cuota|0.352100',
      BaseDR: '100.043',
      ImporteDR: '35.23',
    });
    const ivaFactura = parseComprobanteXml(factura!.xml_timbrado!).Impuestos!.Traslados!.find(
      (g) => g.Impuesto === '002',
    )!;
    expect(sumas.find((s) => s.clave === 'traslado|002|Tasa|0.160000')).toEqual({
      clave: 'traslado|002|Tasa|0.160000',
      BaseDR: new Decimal(ivaFactura.Base).toFixed(),
      ImporteDR: new Decimal(ivaFactura.Importe!).toFixed(),
    });
  });
});

describe('cancelling a PPD invoice that has payments in force', () => {
  it('says its complements must be cancelled first, naming them, and does not ask the PAC', async () => {
    const e = await seedCobrador(t, 10);
    const f = await facturaPpd(t, e);
    const p1 = await pagar(e, f.id, 500);
    const p2 = await pagar(e, f.id, 100);
    const cancelar = vi.spyOn(t.deps.pac, 'cancelar');
    const res = await api(t, e, 'POST', `${V40}/cancelar-factura`, {
      factura_id: f.id,
      motivo: '02',
    });
    expect(res.statusCode, res.body).toBe(409);
    const u1 = p1.xml.Complemento!.TimbreFiscalDigital!.UUID.toUpperCase();
    const u2 = p2.xml.Complemento!.TimbreFiscalDigital!.UUID.toUpperCase();
    expect(res.json().dataError).toBe(
      `La factura F-1 tiene complementos de pago vigentes: P-1 (UUID ${u1}), P-2 (UUID ${u2}). Primero cancele esos complementos de pago y después la factura; no se envió nada al PAC.`,
    );
    expect(cancelar).not.toHaveBeenCalled();
    const detalle = (await api(t, e, 'GET', `${V40}/facturas-ingreso/${f.id}`)).json().data;
    expect(detalle.status).toBe('timbrada');
    expect(detalle.estatus_cancelacion || null).toBeNull();

    // Once both complements are cancelled, the invoice is.
    for (const p of [p1, p2]) {
      const r = await api(t, e, 'POST', `${V40}/complemento-pago/${p.id}/cancelar`, {
        motivo: '02',
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const ok = await api(t, e, 'POST', `${V40}/cancelar-factura`, {
      factura_id: f.id,
      motivo: '02',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(cancelar).toHaveBeenCalledTimes(3);
    cancelar.mockRestore();
  });
});

describe('a payment too small for one tax group', () => {
  it('is stamped without it and the answer says which group and the least amount that carries it', async () => {
    const e = await seedCobrador(t, 10);
    // One litre at IEPS cuota 0.3521 on a price of 1000.00: 1.00 paid gives the IEPS 0.00086 litres.
    const f = await facturaPpd(t, e, { trasladados: [e.taxes.iepsCuota, e.taxes.iva16] });
    const res = await api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, f.id, 1));
    expect(res.statusCode, res.body).toBe(200);
    const { data, avisos } = res.json().data;
    const dr = docto(await satOk(t, e.enterpriseId, data.id));
    expect(dr.ImpuestosDR!.TrasladosDR!.map((l) => l.ImpuestoDR)).toEqual(['002']);
    expect(avisos).toHaveLength(1);
    expect(avisos[0]).toMatch(
      /^Este pago no lleva el IEPS trasladado \(cuota 0\.3521\) de la factura F-1: .* la llevará el siguiente pago\. Para llevarlo en éste, aplique al menos \$ [\d,]+\.\d\d MXN\.$/,
    );
  });
});
