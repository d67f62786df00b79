import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impuestosPagados } from '@repo/cfdi/calc';
import { Decimal } from '@repo/cfdi/decimal';
import type { Comprobante, DoctoRelacionado } from '@repo/cfdi/xml';
import { rowsOf } from '../../db/migrate.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  V40,
  facturaPpd,
  pagoBody,
  satOk,
  seedCobrador,
  type Cobrador,
} from '../complementos-pago/complementos-pago.test-support.ts';
import { getBalance } from '../credits/credits.service.ts';
import { api } from '../facturas/facturas.test-support.ts';
import { createSerie } from '../series/series.service.ts';
import { FACTURA_GLOBAL } from './nota-credito-mensajes.ts';

/**
 * Credit notes on PPD invoices (issue 25): the note lowers the balance the receivables, the invoice,
 * the payment form and the next CFDI de pago start from (Pagos 2.0, ImpSaldoAnt: the balance after
 * the earlier payments and credit notes), the last payment closes each tax with the notes' taxes,
 * a cancelled note gives its amount back, and no note or payment ever takes more than what remains.
 */

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

async function nota(e: Cobrador, facturaId: number, importe: string) {
  return api(t, e, 'POST', NC, {
    serie_id: await serieNotas(e),
    facturas: [facturaId],
    tipo: 'descuento',
    importe,
    motivo: 'Descuento comercial',
  });
}

async function pagar(e: Cobrador, facturaId: number, monto: number) {
  const res = await api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, facturaId, monto));
  expect(res.statusCode, res.body).toBe(200);
  const id: number = res.json().data.data.id;
  return { id, xml: await satOk(t, e.enterpriseId, id), saldo: res.json().data.saldo };
}

const docto = (c: Comprobante): DoctoRelacionado =>
  c.Complemento!.Pagos!.Pago[0]!.DoctoRelacionado[0]!;
const fila = (d: DoctoRelacionado) => [
  d.NumParcialidad,
  d.ImpSaldoAnt,
  d.ImpPagado,
  d.ImpSaldoInsoluto,
];

/** What the receivables, the invoice's list row and its payments' balance say it owes. */
async function loQueDebe(e: Cobrador, facturaId: number) {
  const pendientes = await api(t, e, 'GET', `${V40}/${e.enterpriseId}/ppd-pending-payments`);
  expect(pendientes.statusCode, pendientes.body).toBe(200);
  const enPendientes = (
    pendientes.json().data.data as { id: number; PPD_pending_amount: string }[]
  ).find((r) => r.id === facturaId);
  const pagos = await api(t, e, 'GET', `${V40}/complemento-pago/${facturaId}`);
  const lista = await api(t, e, 'GET', `${V40}/facturas-ingreso?page=1`);
  const enLista = (lista.json().data.data as { id: number; PPD_pending_amount: string }[]).find(
    (r) => r.id === facturaId,
  );
  return {
    pendientes: enPendientes?.PPD_pending_amount ?? null,
    lista: enLista?.PPD_pending_amount ?? null,
    saldo: pagos.json().data.saldo.saldo as string,
    siguiente: pagos.json().data.saldo.siguiente_parcialidad as number,
  };
}

async function egresos(enterpriseId: number): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await t.deps.db.execute(
      sql`select count(*)::int as n from comprobantes where enterprise_id = ${enterpriseId} and tipo = 'E'`,
    ),
  );
  return r?.n ?? 0;
}

describe('a credit note on a PPD invoice', () => {
  it('lowers its balance; two payments then settle it to zero, both SAT-valid, and payments + note close its IVA exactly', async () => {
    const e = await seedCobrador(t, 10);
    // 3 × 333.33 = 999.99, IVA 160.00: 1,159.99.
    const f = await facturaPpd(t, e, { cantidad: '3', precio: '333.33' });
    expect(f.total).toBe('1159.99');
    const res = await nota(e, f.id, '100.01');
    expect(res.statusCode, res.body).toBe(200);
    const n = res.json().data.data;
    // 100.01 + IVA 16.00: the invoice owes 1,043.98.
    expect(n).toMatchObject({
      total: '116.01',
      facturas: [{ factura_id: f.id, importe: '116.01' }],
    });
    const notaXml = await satOk(t, e.enterpriseId, n.id);
    expect(notaXml).toMatchObject({ TipoDeComprobante: 'E', MetodoPago: 'PUE' });
    expect(await loQueDebe(e, f.id)).toEqual({
      pendientes: '1043.98',
      lista: '1043.98',
      saldo: '1043.98',
      siguiente: 1,
    });

    const p1 = await pagar(e, f.id, 500);
    expect(fila(docto(p1.xml))).toEqual(['1', '1043.98', '500.00', '543.98']);
    expect(p1.saldo).toMatchObject({ saldo: '543.98', acreditado: '116.01', pagado: '500.00' });
    expect(await loQueDebe(e, f.id)).toMatchObject({ pendientes: '543.98', siguiente: 2 });

    const p2 = await pagar(e, f.id, 543.98);
    expect(fila(docto(p2.xml))).toEqual(['2', '543.98', '543.98', '0.00']);
    expect(await loQueDebe(e, f.id)).toEqual({
      pendientes: null,
      lista: '0.00',
      saldo: '0.00',
      siguiente: 3,
    });

    // Payments and note together: the invoice's base and IVA to the cent.
    const deLaNota = notaXml.Conceptos.flatMap((c) => c.Impuestos?.Traslados ?? []);
    const notaComoDr = {
      ImpuestosDR: {
        TrasladosDR: deLaNota.map((l) => ({
          BaseDR: l.Base,
          ImpuestoDR: l.Impuesto,
          TipoFactorDR: l.TipoFactor,
          TasaOCuotaDR: l.TasaOCuota!,
          ImporteDR: l.Importe!,
        })),
      },
    };
    expect(impuestosPagados([docto(p1.xml), docto(p2.xml), notaComoDr])).toEqual([
      { clave: 'traslado|002|Tasa|0.160000', BaseDR: '999.99', ImporteDR: '160' },
    ]);
    const cubierto = [docto(p1.xml), docto(p2.xml)]
      .reduce((s, d) => s.plus(d.ImpPagado), new Decimal(n.total))
      .toFixed(2);
    expect(cubierto).toBe(f.total);
  }, 90_000);

  it('cancelled, gives its amount back to the balance and the receivables', async () => {
    const e = await seedCobrador(t, 10);
    const f = await facturaPpd(t, e);
    const res = await nota(e, f.id, '200');
    expect(res.statusCode, res.body).toBe(200);
    expect(await loQueDebe(e, f.id)).toMatchObject({ pendientes: '928.00', saldo: '928.00' });
    const id = res.json().data.data.id;
    const cancelada = await api(t, e, 'POST', `${NC}/${id}/cancelar`, { motivo: '02' });
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    expect(await loQueDebe(e, f.id)).toEqual({
      pendientes: '1160.00',
      lista: '1160.00',
      saldo: '1160.00',
      siguiente: 1,
    });
    const p = await pagar(e, f.id, 1160);
    expect(fila(docto(p.xml))).toEqual(['1', '1160.00', '1160.00', '0.00']);
  }, 90_000);

  it('never takes more than what remains after payments and notes: refused in Spanish, nothing stamped, no credit spent; a payment above the balance after a note too', async () => {
    const e = await seedCobrador(t, 10);
    const f = await facturaPpd(t, e);
    await pagar(e, f.id, 1000);
    const credito = await getBalance(t.deps.db, e.enterpriseId);
    const antes = await egresos(e.enterpriseId);
    const arriba = await nota(e, f.id, '200');
    expect(arriba.statusCode).toBe(422);
    expect(arriba.json().dataError.importe).toEqual([
      `La nota de crédito ($ 232.00) es mayor que lo que queda de la factura ${f.serie}-${f.folio} ($ 160.00).`,
    ]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(credito);
    expect(await egresos(e.enterpriseId)).toBe(antes);

    const g = await facturaPpd(t, e);
    expect((await nota(e, g.id, '500')).statusCode).toBe(200);
    const credito2 = await getBalance(t.deps.db, e.enterpriseId);
    const pago = await api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, g.id, 600));
    expect(pago.statusCode).toBe(422);
    expect(pago.json().dataError.payment_amount).toEqual([
      `El pago es mayor que el saldo de la factura ${g.serie}-${g.folio} ($ 580.00 MXN). Registre como máximo el saldo.`,
    ]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(credito2);
  }, 90_000);

  it('a note and a payment sent at once never overdraw the invoice together', async () => {
    const e = await seedCobrador(t, 10);
    const f = await facturaPpd(t, e);
    // 600 + IVA = 696.00 and a payment of 700.00: either fits 1,160.00 alone, not both.
    const [n, p] = await Promise.all([
      nota(e, f.id, '600'),
      api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, f.id, 700)),
    ]);
    expect([n.statusCode, p.statusCode].sort()).toEqual([200, 422]);
    const debe = await loQueDebe(e, f.id);
    expect(['464.00', '460.00']).toContain(debe.saldo);
  }, 90_000);
});

describe('a credit note on a global invoice', () => {
  it('is refused in Spanish, with nothing stamped and no credit spent (not built yet)', async () => {
    const e = await seedCobrador(t, 10);
    // A stamped global invoice as its lifecycle leaves it: serie kind of the globals, no income draft.
    const [g] = rowsOf<{ id: number }>(
      await t.deps.db.execute(sql`
        insert into comprobantes (enterprise_id, tipo, serie_kind, serie, folio, status, total,
                                  xml_sellado, idempotency_key, xml_timbrado, uuid)
        values (${e.enterpriseId}, 'I', 'facturas-globales', 'G', 1, 'timbrada', '116.00',
                '<x/>', ${`global-${e.enterpriseId}`}, '<x/>', gen_random_uuid()::text)
        returning id`),
    );
    const credito = await getBalance(t.deps.db, e.enterpriseId);
    const res = await nota(e, g!.id, '10');
    expect(res.statusCode).toBe(422);
    expect(res.json().dataError.facturas).toEqual([FACTURA_GLOBAL]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(credito);
    expect(await egresos(e.enterpriseId)).toBe(0);
  });
});

describe('POST /api/facturacion/V40/nota-credito/vista-previa', () => {
  it("answers the note's amounts from the engine, what would remain after payments, and refuses as the stamp would; nothing stamped, no credit spent", async () => {
    const e = await seedCobrador(t, 10);
    const f = await facturaPpd(t, e, { cantidad: '3', precio: '333.33' });
    await pagar(e, f.id, 500);
    const credito = await getBalance(t.deps.db, e.enterpriseId);
    const antes = await egresos(e.enterpriseId);
    const cuerpo = {
      serie_id: await serieNotas(e),
      facturas: [f.id],
      tipo: 'descuento',
      importe: '100.01',
    };
    const res = await api(t, e, 'POST', `${NC}/vista-previa`, cuerpo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      moneda: 'MXN',
      subtotal: '100.01',
      descuento: null,
      traslados: [
        {
          impuesto: '002',
          tipo_factor: 'Tasa',
          tasa_o_cuota: '0.160000',
          base: '100.01',
          importe: '16.00',
        },
      ],
      retenciones: [],
      locales: [],
      total: '116.01',
      // 1,159.99 − 500.00 paid − 116.01.
      facturas: [{ factura_id: f.id, aplicado: '116.01', restante: '543.98' }],
    });
    const arriba = await api(t, e, 'POST', `${NC}/vista-previa`, { ...cuerpo, importe: '600' });
    expect(arriba.statusCode).toBe(422);
    expect(arriba.json().dataError.importe).toEqual([
      `La nota de crédito ($ 696.00) es mayor que lo que queda de la factura ${f.serie}-${f.folio} ($ 659.99).`,
    ]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(credito);
    expect(await egresos(e.enterpriseId)).toBe(antes);
  }, 90_000);
});
