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
import { api } from '../facturas/facturas.test-support.ts';
import { createSerie } from '../series/series.service.ts';
import type { FacturaDetail } from '@repo/contracts/facturas';
import { FACTURA_CANCELADA, FACTURA_SIN_TIMBRAR } from './nota-credito-mensajes.ts';

let t: TestApp;
const work = mkdtempSync(join(tmpdir(), 'notas-credito-'));
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const NC = `${V40}/nota-credito`;

/** The enterprise's notas-credito serie: the registry's first serie NC, or one made for the test. */
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

/** Stamps a PUE invoice (paid by transfer) of one line with IVA 16 %. */
async function facturaPue(
  e: Cobrador,
  over: { precio?: string; cantidad?: string } = {},
): Promise<FacturaDetail> {
  const res = await api(t, e, 'POST', `${V40}/facturas-ingreso`, {
    client_id: e.clientId,
    serie_id: e.serieId,
    forma_pago: '03',
    metodo_pago: 'PUE',
    uso_cfdi: 'G03',
    partidas: [
      {
        product_service_id: e.productId,
        cantidad: over.cantidad ?? '1',
        precio_unitario: over.precio ?? '1000.00',
        descuento: '0',
        impuestos_trasladados: [e.taxes.iva16],
        impuestos_retenidos: [],
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.factura;
}

/** Inicio's figure of this month: invoiced, net of credit notes, and how many invoices. */
async function esteMes(e: Cobrador) {
  const res = await api(t, e, 'GET', '/api/inicio/resumen');
  const { total, facturas } = res.json().data.meses.at(-1);
  return { total, facturas };
}

async function egresos(enterpriseId: number): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await t.deps.db.execute(
      sql`select count(*)::int as n from comprobantes where enterprise_id = ${enterpriseId} and tipo = 'E'`,
    ),
  );
  return r?.n ?? 0;
}

describe('POST /api/facturacion/V40/nota-credito', () => {
  it('a 10 % discount on a stamped invoice: a SAT-valid tipo E (G02, PUE, relation 01 to its UUID), one credit, in the list and the detail, a PDF that says NOTA DE CRÉDITO', async () => {
    const e = await seedCobrador(t, 10);
    const serieId = await serieNotas(e);
    const f = await facturaPue(e);
    const antes = await getBalance(t.deps.db, e.enterpriseId);
    const res = await api(t, e, 'POST', NC, {
      serie_id: serieId,
      facturas: [f.id],
      tipo: 'descuento',
      porcentaje: '10',
      motivo: 'Descuento por pronto pago',
    });
    expect(res.statusCode, res.body).toBe(200);
    const nota = res.json().data.data;
    expect(nota).toMatchObject({
      status: 'timbrada',
      tipo_relacion: '01',
      subtotal: '100.00',
      total: '116.00',
      motivo: 'Descuento por pronto pago',
      facturas: [{ factura_id: f.id, importe: '116.00' }],
    });
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(antes - 1);
    const cfdi = await satOk(t, e.enterpriseId, nota.id);
    expect(cfdi).toMatchObject({
      TipoDeComprobante: 'E',
      MetodoPago: 'PUE',
      Receptor: { UsoCFDI: 'G02' },
      CfdiRelacionados: [
        { TipoRelacion: '01', CfdiRelacionado: [{ UUID: f.uuid!.toUpperCase() }] },
      ],
    });

    const lista = await api(t, e, 'GET', `${NC}?factura_id=${f.id}`);
    expect(lista.json().data).toMatchObject({ total: 1, data: [{ id: nota.id }] });
    const vacia = await api(t, e, 'GET', `${NC}?status=cancelada`);
    expect(vacia.json().data.total).toBe(0);
    const detalle = await api(t, e, 'GET', `${NC}/${nota.id}`);
    expect(detalle.json().data).toMatchObject({ id: nota.id, uuid: nota.uuid });

    const pdf = await api(t, e, 'GET', `/api/comprobantes/v40/${nota.id}/get-invoice-pdf`);
    expect(pdf.statusCode).toBe(200);
    const file = join(work, `${nota.id}.pdf`);
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('NOTA DE CRÉDITO');
    // The reason leads the concept's description (pdftotext breaks the cell's lines).
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Descuento por pronto pago. Bonificación sobre: Servicio de consultoría',
    );
    expect(text).toContain(f.uuid!.toUpperCase());
  }, 60_000);

  it('is refused, with nothing stamped and no credit spent, above what remains of the invoice, against a cancelled or unstamped invoice, or in another currency', async () => {
    const e = await seedCobrador(t, 10);
    const serieId = await serieNotas(e);
    const f = await facturaPue(e);
    const primera = await api(t, e, 'POST', NC, {
      serie_id: serieId,
      facturas: [f.id],
      tipo: 'descuento',
      importe: '500',
    });
    expect(primera.statusCode, primera.body).toBe(200);
    const otra = await facturaPue(e);
    const credito = await getBalance(t.deps.db, e.enterpriseId);
    const n = await egresos(e.enterpriseId);

    // 1,160.00 − 580.00 remain; 600.00 + IVA is 696.00.
    const arriba = await api(t, e, 'POST', NC, {
      serie_id: serieId,
      facturas: [f.id],
      tipo: 'descuento',
      importe: '600',
    });
    expect(arriba.statusCode).toBe(422);
    const campo = `${f.serie}-${f.folio}`;
    expect(arriba.json().dataError.importe).toEqual([
      `La nota de crédito ($ 696.00) es mayor que lo que queda de la factura ${campo} ($ 580.00).`,
    ]);
    const justo = { serie_id: serieId, facturas: [f.id], tipo: 'descuento', importe: '500' };

    const usd = await api(t, e, 'POST', NC, { ...justo, moneda: 'USD' });
    expect(usd.statusCode).toBe(422);
    expect(usd.json().dataError.moneda).toEqual([
      `La nota de crédito debe estar en la moneda de la factura ${campo} (MXN), no en USD.`,
    ]);

    await t.deps.db.execute(
      sql`update comprobantes set status = 'pre_factura' where enterprise_id = ${e.enterpriseId} and id = ${otra.id}`,
    );
    const sinTimbrar = await api(t, e, 'POST', NC, { ...justo, facturas: [otra.id] });
    expect(sinTimbrar.json().dataError.facturas).toEqual([FACTURA_SIN_TIMBRAR]);
    await t.deps.db.execute(
      sql`update comprobantes set status = 'cancelada' where enterprise_id = ${e.enterpriseId} and id = ${otra.id}`,
    );
    const cancelada = await api(t, e, 'POST', NC, { ...justo, facturas: [otra.id] });
    expect(cancelada.json().dataError.facturas).toEqual([FACTURA_CANCELADA]);

    expect(await egresos(e.enterpriseId)).toBe(n);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(credito);

    // Exactly what remains is accepted: the invoice is then fully credited.
    const resto = await api(t, e, 'POST', NC, justo);
    expect(resto.statusCode, resto.body).toBe(200);
    expect(resto.json().data.data.total).toBe('580.00');
  }, 60_000);

  it("a return (relation 03) of a quantity of a line, and its cancellation gives the amount back; Inicio's month is net of the notes in force", async () => {
    const e = await seedCobrador(t, 10);
    const serieId = await serieNotas(e);
    const f = await facturaPue(e, { cantidad: '4', precio: '250.00' });
    const res = await api(t, e, 'POST', NC, {
      serie_id: serieId,
      facturas: [f.id],
      tipo: 'devolucion',
      partidas: [{ factura_id: f.id, linea: 0, cantidad: '4' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const nota = res.json().data.data;
    expect(nota).toMatchObject({ tipo_relacion: '03', total: '1160.00' });
    // Inicio's month is net of the note: everything invoiced was returned.
    expect(await esteMes(e)).toEqual({ total: '0.00', facturas: 1 });
    const cfdi = await satOk(t, e.enterpriseId, nota.id);
    expect(cfdi.Conceptos[0]).toMatchObject({ Cantidad: '4', Importe: '1000.00' });
    const mas = await api(t, e, 'POST', NC, {
      serie_id: serieId,
      facturas: [f.id],
      tipo: 'descuento',
      importe: '1',
    });
    expect(mas.statusCode).toBe(422);

    const cancelada = await api(t, e, 'POST', `${NC}/${nota.id}/cancelar`, { motivo: '02' });
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    expect(cancelada.json().data.data.status).toBe('cancelada');
    expect(await esteMes(e)).toEqual({ total: '1160.00', facturas: 1 });
    const otra = await api(t, e, 'POST', NC, {
      serie_id: serieId,
      facturas: [f.id],
      tipo: 'descuento',
      importe: '1',
    });
    expect(otra.statusCode, otra.body).toBe(200);
    expect(await esteMes(e)).toEqual({ total: '1158.84', facturas: 1 });
  }, 60_000);
});
