import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacturaDetail } from '@repo/contracts/facturas';
import { rowsOf } from '../../db/migrate.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  V40,
  satOk,
  seedCobrador,
  type Cobrador,
} from '../complementos-pago/complementos-pago.test-support.ts';
import { api } from '../facturas/facturas.test-support.ts';
import { createSerie } from '../series/series.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const NC = `${V40}/nota-credito`;

async function serieNotas(e: Cobrador): Promise<number> {
  const [s] = rowsOf<{ id: number }>(
    await t.deps.db.execute(
      sql`select id from series where enterprise_id = ${e.enterpriseId} and kind = 'notas-credito'`,
    ),
  );
  if (s) return s.id;
  return (
    await createSerie(t.deps.db, e.enterpriseId, { kind: 'notas-credito', serie: 'NC', folio: 1 })
  ).id;
}

/** A PUE invoice of two lines; `soloPrimera`: the local taxes on the first line only. */
async function facturaConLocales(e: Cobrador, soloPrimera = false): Promise<FacturaDetail> {
  const partida = (precio: string, locales: boolean) => ({
    product_service_id: e.productId,
    cantidad: '2',
    precio_unitario: precio,
    descuento: '0',
    impuestos_trasladados: [e.taxes.iva16],
    impuestos_retenidos: [],
    impuestos_locales_trasladados: locales ? [e.taxes.localTrasladado] : [],
    impuestos_locales_retenidos: locales ? [e.taxes.localRetenido] : [],
  });
  const res = await api(t, e, 'POST', `${V40}/facturas-ingreso`, {
    client_id: e.clientId,
    serie_id: e.serieId,
    forma_pago: '03',
    metodo_pago: 'PUE',
    uso_cfdi: 'G03',
    partidas: [partida('1500.00', true), partida('333.33', !soloPrimera)],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.factura;
}

describe('credit notes of an invoice with local taxes (implocal)', () => {
  it('a discount carries the invoice’s local taxes in proportion, SAT-valid; the rest of the invoice, local taxes included, is what remains', async () => {
    const e = await seedCobrador(t, 10);
    const serieId = await serieNotas(e);
    const f = await facturaConLocales(e);
    const original = await satOk(t, e.enterpriseId, f.id);
    // Bases 3000 + 666.66 = 3666.66: hospedaje 3.5 % 128.33, 5 al millar 0.5 % 18.33.
    expect(original.Complemento?.ImpuestosLocales).toMatchObject({
      TotaldeTraslados: '128.33',
      TotaldeRetenciones: '18.33',
    });
    expect(original.Total).toBe('4363.33');

    // The form's preview shows the note's local taxes beside the federal ones.
    const vista = await api(t, e, 'POST', `${NC}/vista-previa`, {
      serie_id: serieId,
      facturas: [f.id],
      tipo: 'descuento',
      importe: '1000',
    });
    expect(vista.statusCode, vista.body).toBe(200);
    expect(vista.json().data).toMatchObject({
      total: '1190.00',
      locales: [
        expect.objectContaining({ tipo: 'traslado', tasa: '3.50', importe: '35.00' }),
        expect.objectContaining({ tipo: 'retencion', tasa: '0.50', importe: '5.00' }),
      ],
    });
    const res = await api(t, e, 'POST', NC, {
      serie_id: serieId,
      facturas: [f.id],
      tipo: 'descuento',
      importe: '1000',
    });
    expect(res.statusCode, res.body).toBe(200);
    const nota = res.json().data.data;
    const cfdi = await satOk(t, e.enterpriseId, nota.id);
    expect(cfdi.TipoDeComprobante).toBe('E');
    // 1000 at the invoice's rates: 35.00 and 5.00; Total 1000 + IVA 160 + 35 − 5.
    expect(cfdi.Complemento?.ImpuestosLocales).toMatchObject({
      TotaldeTraslados: '35.00',
      TotaldeRetenciones: '5.00',
    });
    expect(cfdi.Total).toBe('1190.00');
    expect(nota.facturas).toEqual([
      expect.objectContaining({ factura_id: f.id, importe: '1190.00' }),
    ]);

    // What remains (4363.33 − 1190.00 = 3173.33) is all a second note may take: one cent more is
    // refused with nothing stamped, the whole rest is accepted and gives back every local tax.
    const previa = await api(t, e, 'POST', `${NC}/vista-previa`, {
      serie_id: serieId,
      facturas: [f.id],
      tipo: 'descuento',
      porcentaje: '100',
    });
    expect(previa.statusCode, previa.body).toBe(422);
    const resto = await api(t, e, 'POST', NC, {
      serie_id: serieId,
      facturas: [f.id],
      tipo: 'descuento',
      importe: '2666.66',
    });
    expect(resto.statusCode, resto.body).toBe(200);
    const ultima = await satOk(t, e.enterpriseId, resto.json().data.data.id);
    expect(ultima.Complemento?.ImpuestosLocales).toMatchObject({
      TotaldeTraslados: '93.33',
      TotaldeRetenciones: '13.33',
    });
    expect(ultima.Total).toBe('3173.33');
  });

  it('a return of a line carries that line’s local taxes', async () => {
    const e = await seedCobrador(t, 10);
    const serieId = await serieNotas(e);
    const f = await facturaConLocales(e);
    const res = await api(t, e, 'POST', NC, {
      serie_id: serieId,
      facturas: [f.id],
      tipo: 'devolucion',
      partidas: [{ factura_id: f.id, linea: 1, cantidad: '1' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const cfdi = await satOk(t, e.enterpriseId, res.json().data.data.id);
    // 333.33: IVA 53.33, hospedaje 11.67, 5 al millar 1.67.
    expect(cfdi.Complemento?.ImpuestosLocales).toMatchObject({
      TotaldeTraslados: '11.67',
      TotaldeRetenciones: '1.67',
    });
    expect(cfdi.Total).toBe('396.66');
  });

  it('local taxes on only some lines cannot be shared out: refused in Spanish, nothing stamped', async () => {
    const e = await seedCobrador(t, 10);
    const serieId = await serieNotas(e);
    const f = await facturaConLocales(e, true);
    const res = await api(t, e, 'POST', NC, {
      serie_id: serieId,
      facturas: [f.id],
      tipo: 'descuento',
      porcentaje: '10',
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(JSON.stringify(res.json())).toContain('solo en algunos de sus conceptos');
    const [n] = rowsOf<{ n: number }>(
      await t.deps.db.execute(
        sql`select count(*)::int as n from comprobantes where enterprise_id = ${e.enterpriseId} and tipo = 'E'`,
      ),
    );
    expect(n?.n).toBe(0);
  });
});
