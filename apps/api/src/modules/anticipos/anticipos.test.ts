import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/migrate.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  V40,
  satOk,
  seedCobrador,
  type Cobrador,
} from '../complementos-pago/complementos-pago.test-support.ts';
import { getBalance } from '../credits/credits.service.ts';
import { api, crearCliente } from '../facturas/facturas.test-support.ts';
import { createSerie } from '../series/series.service.ts';
import {
  anticipoAplicado,
  anticipoCancelado,
  anticipoSinTimbrar,
  noRelaciona,
  otraMonedaAnticipo,
  otroCliente,
} from './anticipos-mensajes.ts';

let t: TestApp;
const work = mkdtempSync(join(tmpdir(), 'anticipos-'));
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const A = `${V40}/anticipos`;

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

/** Step 1: $ 10,000.00 received by cheque, the Guía's own example (8,620.69 + IVA 1,379.31). */
async function anticipo(e: Cobrador, importe = '8620.69') {
  const res = await api(t, e, 'POST', A, {
    client_id: e.clientId,
    serie_id: e.serieId,
    forma_pago: '02',
    uso_cfdi: 'G03',
    rubro_impuesto_id: e.rubroId,
    importe,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data;
}

/** Step 2: the full value, 50,000.00 + IVA, relating the advances with 07 (for another client if given). */
async function facturaFinal(e: Cobrador, uuids: string[], clientId = e.clientId, ppd = false) {
  const res = await api(t, e, 'POST', `${V40}/facturas-ingreso`, {
    client_id: clientId,
    serie_id: e.serieId,
    forma_pago: ppd ? '99' : '03',
    metodo_pago: ppd ? 'PPD' : 'PUE',
    uso_cfdi: 'G03',
    cfdi_relacionados: uuids.length ? [{ tipo_relacion: '07', uuids }] : [],
    partidas: [
      {
        product_service_id: e.productId,
        cantidad: '1',
        precio_unitario: '50000.00',
        descuento: '0',
        impuestos_trasladados: [e.taxes.iva16],
        impuestos_retenidos: [],
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.factura;
}

async function contar(enterpriseId: number) {
  const [r] = rowsOf<{ egresos: number; productos: number }>(
    await t.deps.db.execute(sql`select
      (select count(*)::int from comprobantes where enterprise_id = ${enterpriseId} and tipo = 'E') as egresos,
      (select count(*)::int from products_services where enterprise_id = ${enterpriseId}
          and description = 'Anticipo del bien o servicio') as productos`),
  );
  return r!;
}

const inicio = async (e: Cobrador) =>
  (await api(t, e, 'GET', '/api/inicio/resumen')).json().data.anticipos_sin_aplicar;

async function pdfTexto(e: Cobrador, id: number) {
  const pdf = await api(t, e, 'GET', `/api/comprobantes/v40/${id}/get-invoice-pdf`);
  expect(pdf.statusCode).toBe(200);
  const file = join(work, `${id}.pdf`);
  writeFileSync(file, pdf.rawPayload);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('anticipos: the SAT procedure (Guía de llenado 4.0, Apéndice 6)', () => {
  it('advance, final invoice relating it (07), egreso applying it: each SAT-valid, each step shows what remains, Inicio shows it until applied', async () => {
    const e = await seedCobrador(t, 20);
    const nc = await serieNotas(e);
    const credito0 = await getBalance(t.deps.db, e.enterpriseId);

    const a = await anticipo(e);
    expect(a).toMatchObject({
      status: 'timbrada',
      paso: 'factura_final',
      subtotal: '8620.69',
      total: '10000.00',
      restante_subtotal: '8620.69',
      restante_total: '10000.00',
      facturas: [],
      aplicaciones: [],
    });
    const cfdiA = await satOk(t, e.enterpriseId, a.id);
    expect(cfdiA).toMatchObject({ TipoDeComprobante: 'I', MetodoPago: 'PUE', FormaPago: '02' });
    expect(cfdiA.Conceptos).toMatchObject([
      {
        ClaveProdServ: '84111506',
        Cantidad: '1',
        ClaveUnidad: 'ACT',
        Descripcion: 'Anticipo del bien o servicio',
        ValorUnitario: '8620.69',
      },
    ]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(credito0 - 1);
    expect(await inicio(e)).toEqual({ total: '10000.00', anticipos: 1 });
    expect((await contar(e.enterpriseId)).productos).toBe(1);

    const f = await facturaFinal(e, [a.uuid]);
    const pendientes = await api(t, e, 'GET', `${A}?estado=pendientes`);
    expect(pendientes.json().data.data).toMatchObject([
      { id: a.id, paso: 'aplicar', facturas: [{ id: f.id, restante: '58000.00' }] },
    ]);

    const credito1 = await getBalance(t.deps.db, e.enterpriseId);
    const res = await api(t, e, 'POST', `${A}/${a.id}/aplicar`, { factura_id: f.id, serie_id: nc });
    expect(res.statusCode, res.body).toBe(200);
    const hecho = res.json().data.data;
    expect(hecho).toMatchObject({
      paso: 'aplicado',
      aplicado_total: '10000.00',
      restante_total: '0.00',
      restante_subtotal: '0.00',
      aplicaciones: [{ factura_id: f.id, status: 'timbrada', total: '10000.00' }],
    });
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(credito1 - 1);
    const egreso = hecho.aplicaciones[0];
    const cfdiE = await satOk(t, e.enterpriseId, egreso.id);
    expect(cfdiE).toMatchObject({
      TipoDeComprobante: 'E',
      FormaPago: '30',
      MetodoPago: 'PUE',
      SubTotal: '8620.69',
      Total: '10000.00',
      Receptor: { UsoCFDI: 'G02' },
      CfdiRelacionados: [{ TipoRelacion: '07', CfdiRelacionado: [{ UUID: f.uuid.toUpperCase() }] }],
    });
    expect(cfdiE.Conceptos).toMatchObject([
      {
        ClaveProdServ: '84111506',
        ClaveUnidad: 'ACT',
        Cantidad: '1',
        Descripcion: 'Aplicación de anticipo',
        ValorUnitario: '8620.69',
      },
    ]);
    expect(cfdiE.Impuestos?.TotalImpuestosTrasladados).toBe('1379.31');
    expect(await inicio(e)).toEqual({ total: '0.00', anticipos: 0 });
    // The egreso is a credit note of relation 07 with its list, detail and PDF.
    const nota = await api(t, e, 'GET', `${V40}/nota-credito/${egreso.id}`);
    expect(nota.json().data).toMatchObject({
      tipo_relacion: '07',
      total: '10000.00',
      facturas: [{ factura_id: f.id, importe: '10000.00' }],
    });
    expect(await pdfTexto(e, a.id)).toContain('Anticipo del bien o servicio');
    expect(await pdfTexto(e, egreso.id)).toContain('Aplicación de anticipo');

    const otra = await api(t, e, 'POST', `${A}/${a.id}/aplicar`, {
      factura_id: f.id,
      serie_id: nc,
    });
    expect(otra.statusCode).toBe(422);
    expect(otra.json().dataError.importe).toEqual([anticipoAplicado(a.serie_folio)]);

    // Cancelling the egreso gives the advance back: step 3 is to do again.
    const cancelar = await api(t, e, 'POST', `${V40}/nota-credito/${egreso.id}/cancelar`, {
      motivo: '02',
    });
    expect(cancelar.statusCode, cancelar.body).toBe(200);
    const otraVez = await api(t, e, 'GET', `${A}/${a.id}`);
    expect(otraVez.json().data).toMatchObject({ paso: 'aplicar', restante_total: '10000.00' });
    expect(await inicio(e)).toEqual({ total: '10000.00', anticipos: 1 });
  }, 90_000);

  it('refuses, with nothing stamped and no credit spent: more than the advance, another client, another currency, an invoice that does not relate it, an advance cancelled or unstamped', async () => {
    const e = await seedCobrador(t, 30);
    const nc = await serieNotas(e);
    const a = await anticipo(e);
    const f = await facturaFinal(e, [a.uuid]);
    const otroId = await crearCliente(t, e, {
      name_razon_social: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
      rfc: 'URE180429TM6',
      regimenFiscal: '601',
      usoCfdi: 'G03',
      codigo_postal: '86991',
    });
    const deOtro = await facturaFinal(e, [a.uuid], otroId);
    const sinRelacion = await facturaFinal(e, []);
    const b = await anticipo(e, '100.00');
    const fb = await facturaFinal(e, [b.uuid]);
    const credito = await getBalance(t.deps.db, e.enterpriseId);
    const antes = await contar(e.enterpriseId);
    expect(antes.productos).toBe(1);
    const aplicar = (id: number, body: Record<string, unknown>) =>
      api(t, e, 'POST', `${A}/${id}/aplicar`, { serie_id: nc, ...body });
    const sf = (x: { serie: string; folio: number }) => `${x.serie}-${x.folio}`;

    const mas = await aplicar(a.id, { factura_id: f.id, importe: '8620.70' });
    expect(mas.statusCode).toBe(422);
    expect(mas.json().dataError.importe).toEqual([
      `No se puede aplicar más de lo que queda del anticipo ${a.serie_folio}: $ 8,620.69 antes de impuestos.`,
    ]);
    const cliente = await aplicar(a.id, { factura_id: deOtro.id });
    expect(cliente.json().dataError.factura_id).toEqual([otroCliente(sf(deOtro), a.serie_folio)]);
    const relacion = await aplicar(a.id, { factura_id: sinRelacion.id });
    expect(relacion.json().dataError.factura_id).toEqual([
      noRelaciona(sf(sinRelacion), a.serie_folio),
    ]);
    // Another currency: the invoice's draft says USD (a USD invoice needs a day's exchange rate).
    await t.deps.db.execute(
      sql`update facturas_ingreso set moneda = 'USD' where enterprise_id = ${e.enterpriseId} and comprobante_id = ${f.id}`,
    );
    const moneda = await aplicar(a.id, { factura_id: f.id });
    expect(moneda.json().dataError.factura_id).toEqual([
      otraMonedaAnticipo(sf(f), 'USD', a.serie_folio, 'MXN'),
    ]);
    await t.deps.db.execute(
      sql`update facturas_ingreso set moneda = 'MXN' where enterprise_id = ${e.enterpriseId} and comprobante_id = ${f.id}`,
    );
    const estado = (s: string) =>
      t.deps.db.execute(
        sql`update comprobantes set status = ${s} where enterprise_id = ${e.enterpriseId} and id = ${b.id}`,
      );
    await estado('cancelada');
    const cancelado = await aplicar(b.id, { factura_id: fb.id });
    expect(cancelado.statusCode).toBe(422);
    expect(cancelado.json().dataError.anticipo).toEqual([anticipoCancelado(b.serie_folio)]);
    await estado('sellada');
    const sellado = await aplicar(b.id, { factura_id: fb.id });
    expect(sellado.json().dataError.anticipo).toEqual([anticipoSinTimbrar(b.serie_folio)]);
    const formaPago = await api(t, e, 'POST', A, {
      client_id: e.clientId,
      serie_id: e.serieId,
      forma_pago: '30',
      uso_cfdi: 'G03',
      rubro_impuesto_id: e.rubroId,
      importe: '10',
    });
    expect(formaPago.statusCode).toBe(422);
    expect(formaPago.json().dataError.forma_pago[0]).toMatch(/^Indique la forma en que recibió/);

    expect(await contar(e.enterpriseId)).toEqual(antes);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(credito);

    // A part, then the rest, to the cent.
    const parte = await aplicar(a.id, { factura_id: f.id, importe: '4310.35' });
    expect(parte.statusCode, parte.body).toBe(200);
    expect(parte.json().data.data).toMatchObject({
      paso: 'aplicar',
      aplicado_subtotal: '4310.35',
      aplicado_total: '5000.01',
      restante_subtotal: '4310.34',
      restante_total: '4999.99',
    });
    const resto = await aplicar(a.id, { factura_id: f.id });
    expect(resto.statusCode, resto.body).toBe(200);
    expect(resto.json().data.data).toMatchObject({ paso: 'aplicado', restante_subtotal: '0.00' });
  }, 90_000);

  it('on a PPD invoice for the full value, the egreso lowers what the customer still owes (its balance and the receivables)', async () => {
    const e = await seedCobrador(t, 10);
    const nc = await serieNotas(e);
    const a = await anticipo(e);
    const f = await facturaFinal(e, [a.uuid], e.clientId, true);
    const res = await api(t, e, 'POST', `${A}/${a.id}/aplicar`, { factura_id: f.id, serie_id: nc });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.data).toMatchObject({
      paso: 'aplicado',
      facturas: [{ id: f.id, metodo_pago: 'PPD', restante: '48000.00' }],
    });
    const resumen = (await api(t, e, 'GET', '/api/inicio/resumen')).json().data;
    expect(resumen.por_cobrar).toEqual({ total: '48000.00', facturas: 1 });
  }, 90_000);
});
