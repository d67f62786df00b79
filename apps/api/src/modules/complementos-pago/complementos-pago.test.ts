import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { enterprises } from '../../db/schema/enterprises.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { getBalance } from '../credits/credits.service.ts';
import { api } from '../facturas/facturas.test-support.ts';
import { findSerie } from '../series/series.queries.ts';
import {
  FACTURA_CANCELADA,
  FACTURA_PUE,
  OTRA_MONEDA,
  OTRO_CLIENTE,
  fechaAntesDeFactura,
} from './complemento-pago-mensajes.ts';
import {
  V40,
  ahoraPago,
  facturaPpd,
  pagoBody,
  satOk,
  seedCobrador,
} from './complementos-pago.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function countComprobantes(enterpriseId: number): Promise<number> {
  const [row] = await t.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(comprobantes)
    .where(eq(comprobantes.enterprise_id, enterpriseId));
  return row?.n ?? 0;
}

describe('POST /api/facturacion/V40/complemento-pago', () => {
  it('three partial payments of a PPD invoice: parcialidades, balances, taxes and a SAT-valid CFDI each', async () => {
    const e = await seedCobrador(t, 10);
    const [antes] = await t.deps.db
      .select({ v: enterprises.has_ppd_invoices })
      .from(enterprises)
      .where(eq(enterprises.id, e.enterpriseId));
    expect(antes?.v).toBe(false);
    const f = await facturaPpd(t, e);
    expect(f.total).toBe('1160.00');
    expect(f.PPD_pending_amount).toBe('1160.00');
    const [despues] = await t.deps.db
      .select({ v: enterprises.has_ppd_invoices })
      .from(enterprises)
      .where(eq(enterprises.id, e.enterpriseId));
    expect(despues?.v).toBe(true);

    const montos = [386.67, 386.67, 386.66];
    const filas: string[][] = [];
    for (const [i, monto] of montos.entries()) {
      const res = await api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, f.id, monto));
      expect(res.statusCode, res.body).toBe(200);
      const { data, saldo, serie, user_total_remaining_credits } = res.json().data;
      expect(data.comprobante).toMatchObject({ status: 'timbrada', serie: 'P', folio: i + 1 });
      expect(serie).toEqual({ id: e.seriePagosId, serie: 'P', folio: i + 2 });
      expect(user_total_remaining_credits).toBe(10 - 2 - i);
      const xml = await satOk(t, e.enterpriseId, data.id);
      expect(xml).toMatchObject({ TipoDeComprobante: 'P', Moneda: 'XXX', Total: '0' });
      expect(xml.Receptor.UsoCFDI).toBe('CP01');
      const pago = xml.Complemento!.Pagos!.Pago[0]!;
      const dr = pago.DoctoRelacionado[0]!;
      expect(dr.IdDocumento).toBe(f.uuid);
      const tr = dr.ImpuestosDR!.TrasladosDR![0]!;
      filas.push([
        dr.NumParcialidad,
        dr.ImpSaldoAnt,
        dr.ImpPagado,
        dr.ImpSaldoInsoluto,
        tr.BaseDR,
        tr.ImporteDR!,
      ]);
      expect(data.documento_relacionado).toMatchObject({
        factura_id: f.id,
        num_parcialidad: i + 1,
        importe_pagado: dr.ImpPagado,
        importe_saldo_insoluto: dr.ImpSaldoInsoluto,
      });
      expect(saldo.saldo).toBe(dr.ImpSaldoInsoluto);
    }
    // cfdi40-rules 7.7, to the cent.
    expect(filas).toEqual([
      ['1', '1160.00', '386.67', '773.33', '333.34', '53.33'],
      ['2', '773.33', '386.67', '386.66', '333.33', '53.34'],
      ['3', '386.66', '386.66', '0.00', '333.33', '53.33'],
    ]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(6);
    expect((await findSerie(t.deps.db, e.enterpriseId, e.seriePagosId))?.folio).toBe(4);

    const list = await api(t, e, 'GET', `${V40}/complemento-pago/${f.id}`);
    expect(list.statusCode, list.body).toBe(200);
    const { data, saldo } = list.json().data;
    expect(data.map((p: { comprobante: { folio: number } }) => p.comprobante.folio)).toEqual([
      3, 2, 1,
    ]);
    expect(saldo).toMatchObject({ total: '1160.00', pagado: '1160.00', saldo: '0.00' });
    const detalle = await api(t, e, 'GET', `${V40}/facturas-ingreso/${f.id}`);
    expect(detalle.json().data.PPD_pending_amount).toBe('0.00');

    // Fully paid: one more cent is refused and nothing is stamped.
    const n = await countComprobantes(e.enterpriseId);
    const extra = await api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, f.id, 0.01));
    expect(extra.statusCode).toBe(422);
    expect(extra.json().dataError.payment_amount[0]).toMatch(
      /mayor que el saldo de la factura F-1/,
    );
    expect(await countComprobantes(e.enterpriseId)).toBe(n);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(6);
  });

  it('refuses an overpayment, a date before the invoice, a PUE or cancelled invoice and bad bank data: Spanish, nothing stamped', async () => {
    const e = await seedCobrador(t, 10);
    const f = await facturaPpd(t, e, { precio: '500.00' });
    const n = await countComprobantes(e.enterpriseId);
    const creditos = await getBalance(t.deps.db, e.enterpriseId);
    const refused = async (body: unknown) => {
      const res = await api(t, e, 'POST', `${V40}/complemento-pago`, body);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().dataError as Record<string, string[]>;
    };
    expect((await refused(pagoBody(e, f.id, 580.01))).payment_amount).toEqual([
      'El pago es mayor que el saldo de la factura F-1 ($ 580.00 MXN). Registre como máximo el saldo.',
    ]);
    const ayer = new Date(Date.parse(`${f.fecha.slice(0, 10)}T12:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(
      (await refused(pagoBody(e, f.id, 100, { payment_date: `${ayer} 10:00:00` }))).payment_date,
    ).toEqual([fechaAntesDeFactura('F-1', f.fecha)]);
    expect(
      (await refused(pagoBody(e, f.id, 100, { payment_date: '2026/01/01' }))).payment_date,
    ).toEqual(['La fecha de pago debe tener el formato AAAA-MM-DD HH:mm:ss']);
    expect((await refused(pagoBody(e, f.id, 100, { forma_pago: '99' }))).forma_pago).toEqual([
      'La forma de pago es obligatoria y no puede ser 99 (Por definir)',
    ]);
    // Transferencia: the ordering account must have 10, 16 or 18 digits; cash carries no bank data.
    expect(
      (await refused(pagoBody(e, f.id, 100, { forma_pago: '03', cta_ordenante: '12345' })))
        .cta_ordenante,
    ).toEqual(['La cuenta ordenante para la forma de pago 03 debe tener 10, 16 o 18 dígitos.']);
    expect(
      (await refused(pagoBody(e, f.id, 100, { forma_pago: '01', cta_beneficiario: '0123456789' })))
        .cta_beneficiario,
    ).toEqual(['La cuenta beneficiaria no se registra con la forma de pago 01.']);

    const pue = await api(t, e, 'POST', `${V40}/facturas-ingreso`, {
      client_id: e.clientId,
      serie_id: e.serieId,
      forma_pago: '01',
      metodo_pago: 'PUE',
      uso_cfdi: 'G03',
      partidas: [
        {
          product_service_id: e.productId,
          cantidad: '1',
          precio_unitario: '100',
          impuestos_trasladados: [e.taxes.iva16],
        },
      ],
    });
    const pueId = pue.json().data.factura.id;
    expect((await refused(pagoBody(e, pueId, 10))).factura_id).toEqual([FACTURA_PUE]);

    const cancel = await api(t, e, 'POST', `${V40}/cancelar-factura`, {
      factura_id: f.id,
      motivo: '02',
    });
    expect(cancel.json().data.status).toBe('cancelled');
    expect((await refused(pagoBody(e, f.id, 100))).factura_id).toEqual([FACTURA_CANCELADA]);

    const otro = await api(t, e, 'GET', `${V40}/complemento-pago/999999`);
    expect(otro.statusCode).toBe(404);
    expect(await countComprobantes(e.enterpriseId)).toBe(n + 1); // only the PUE invoice
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(creditos - 1);
  });

  it('a transfer with bank fields and a cash payment; cancelling one (motivo 02) gives its amount back', async () => {
    const e = await seedCobrador(t, 10);
    const f = await facturaPpd(t, e, { precio: '500.00' });
    const transfer = await api(
      t,
      e,
      'POST',
      `${V40}/complemento-pago`,
      pagoBody(e, f.id, 300, {
        forma_pago: '03',
        num_operacion: 'SPEI-000123',
        rfc_emisor_cta_ordenante: 'BSM970519DU8',
        cta_ordenante: '012180001234567897',
        rfc_emisor_cta_ben: 'BBA830831LJ2',
        cta_beneficiario: '0123456789',
      }),
    );
    expect(transfer.statusCode, transfer.body).toBe(200);
    const p1 = transfer.json().data.data;
    const xml = await satOk(t, e.enterpriseId, p1.id);
    expect(xml.Complemento!.Pagos!.Pago[0]).toMatchObject({
      FormaDePagoP: '03',
      NumOperacion: 'SPEI-000123',
      RfcEmisorCtaOrd: 'BSM970519DU8',
      CtaOrdenante: '012180001234567897',
      RfcEmisorCtaBen: 'BBA830831LJ2',
      CtaBeneficiario: '0123456789',
      Monto: '300.00',
    });
    const cash = await api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, f.id, 200));
    expect(cash.statusCode, cash.body).toBe(200);
    expect(cash.json().data.saldo.saldo).toBe('80.00');

    const cancel = await api(t, e, 'POST', `${V40}/complemento-pago/${p1.id}/cancelar`, {
      motivo: '02',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({
      estado: 'Cancelado',
      data: { comprobante: { status: 'cancelled', view_status: 'Cancelada' } },
      // The cash payment in force is number 2: the next one is 3, never 2 again (issue 24).
      saldo: { pagado: '200.00', saldo: '380.00', siguiente_parcialidad: 3 },
    });
    const again = await api(t, e, 'POST', `${V40}/complemento-pago/${p1.id}/cancelar`, {
      motivo: '02',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().apiErrorClientMessage ?? again.body).toMatch(/ya está cancelado/);

    // The next payment relates the balance the cancellation gave back.
    const tercero = await api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, f.id, 380));
    expect(tercero.statusCode, tercero.body).toBe(200);
    const dr = (await satOk(t, e.enterpriseId, tercero.json().data.data.id)).Complemento!.Pagos!
      .Pago[0]!.DoctoRelacionado[0]!;
    expect([dr.NumParcialidad, dr.ImpSaldoAnt, dr.ImpPagado, dr.ImpSaldoInsoluto]).toEqual([
      '3',
      '380.00',
      '380.00',
      '0.00',
    ]);
    const list = (await api(t, e, 'GET', `${V40}/complemento-pago/${f.id}`)).json().data;
    expect(list.data.map((p: { comprobante: { status: string } }) => p.comprobante.status)).toEqual(
      ['timbrada', 'timbrada', 'cancelled'],
    );
  });

  it('one payment settles two invoices of the same client; another client is refused', async () => {
    const e = await seedCobrador(t, 10);
    const a = await facturaPpd(t, e, { precio: '1000.00' });
    const b = await facturaPpd(t, e, { precio: '500.00' });
    const res = await api(
      t,
      e,
      'POST',
      `${V40}/complemento-pago`,
      pagoBody(e, a.id, 1740, {
        documentos: [
          { factura_id: a.id, importe_pagado: 1160 },
          { factura_id: b.id, importe_pagado: 580 },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const xml = await satOk(t, e.enterpriseId, res.json().data.data.id);
    const pago = xml.Complemento!.Pagos!.Pago[0]!;
    expect(pago.Monto).toBe('1740.00');
    expect(
      pago.DoctoRelacionado.map((d) => [d.IdDocumento, d.ImpPagado, d.ImpSaldoInsoluto]),
    ).toEqual([
      [a.uuid, '1160.00', '0.00'],
      [b.uuid, '580.00', '0.00'],
    ]);
    expect(xml.Complemento!.Pagos!.Totales).toMatchObject({
      TotalTrasladosBaseIVA16: '1500.00',
      TotalTrasladosImpuestoIVA16: '240.00',
      MontoTotalPagos: '1740.00',
    });
    const pend = await api(t, e, 'GET', `${V40}/${e.enterpriseId}/ppd-pending-payments`);
    expect(pend.json().data.data).toEqual([]);

    // Its PDF is a recibo de pago listing both invoices with their balances, marked as a test stamp.
    const pdf = await api(
      t,
      e,
      'GET',
      `/api/comprobantes/v40/${String(res.json().data.data.id)}/get-invoice-pdf`,
    );
    expect(pdf.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'recibo-pago-'));
    const file = join(dir, 'recibo.pdf');
    writeFileSync(file, pdf.rawPayload);
    if (process.env.PDF_SAMPLES_DIR)
      writeFileSync(join(process.env.PDF_SAMPLES_DIR, 'recibo-dos-facturas.pdf'), pdf.rawPayload);
    const texto = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    rmSync(dir, { recursive: true, force: true });
    expect(texto).toContain('RECIBO DE PAGO');
    expect(texto).toContain('DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL');
    expect(texto).toContain(`UUID ${a.uuid}`);
    expect(texto).toContain(`UUID ${b.uuid}`);
    expect(texto).toContain('$ 1,160.00 $ 1,160.00 $ 0.00');
    expect(texto).toContain('$ 580.00 $ 580.00 $ 0.00');
    expect(texto).toContain('Total pagado MXN');
    expect(texto).toContain('UN MIL SETECIENTOS CUARENTA PESOS 00/100 M.N.');

    const otroCliente = await api(t, e, 'POST', '/api/clients', {
      name_razon_social: 'ESCUELA KEMPER URGATE',
      rfc: 'EKU9003173C9',
      regimenFiscal: '601',
      usoCfdi: 'G03',
      address: { codigo_postal: '42501' },
    });
    const c = await facturaPpd(t, e, { clientId: otroCliente.json().data.id });
    const d = await facturaPpd(t, e);
    const mix = await api(
      t,
      e,
      'POST',
      `${V40}/complemento-pago`,
      pagoBody(e, c.id, 20, {
        documentos: [
          { factura_id: c.id, importe_pagado: 10 },
          { factura_id: d.id, importe_pagado: 10 },
        ],
      }),
    );
    expect(mix.statusCode).toBe(422);
    expect(mix.json().dataError.documentos).toContain(OTRO_CLIENTE);

    // Same client, another currency: a payment in dollars cannot carry the peso invoice, and one in
    // pesos needs the dollar's rate (stamped with it in complementos-pago.monedas.test.ts).
    const usd = await facturaPpd(t, e, { moneda: 'USD', tipo_cambio: '17.5', precio: '10.00' });
    const n = await countComprobantes(e.enterpriseId);
    const documentos = [
      { factura_id: d.id, importe_pagado: 10 },
      { factura_id: usd.id, importe_pagado: 10 },
    ];
    const enDolares = await api(
      t,
      e,
      'POST',
      `${V40}/complemento-pago`,
      pagoBody(e, usd.id, 20, { tipo_cambio: '17.5', documentos }),
    );
    expect(enDolares.statusCode).toBe(422);
    expect(enDolares.json().dataError.documentos).toContain(OTRA_MONEDA);
    const sinTipo = await api(
      t,
      e,
      'POST',
      `${V40}/complemento-pago`,
      pagoBody(e, d.id, 20, { tipo_cambio: '1', documentos }),
    );
    expect(sinTipo.statusCode).toBe(422);
    expect(sinTipo.json().dataError['tipos_cambio.USD']).toEqual([
      'Indique el tipo de cambio del día del pago (pesos mexicanos por USD).',
    ]);
    expect(await countComprobantes(e.enterpriseId)).toBe(n);
  });

  it('a USD invoice paid in MXN: EquivalenciaDR, the amount in pesos, the balance in dollars', async () => {
    const e = await seedCobrador(t, 10);
    const f = await facturaPpd(t, e, { moneda: 'USD', tipo_cambio: '17.5', precio: '1000.00' });
    expect(f.total).toBe('1160.00');
    const sin = await api(
      t,
      e,
      'POST',
      `${V40}/complemento-pago`,
      pagoBody(e, f.id, 17500, { moneda_p: 'MXN' }),
    );
    expect(sin.statusCode).toBe(422);
    expect(sin.json().dataError.tipo_cambio[0]).toMatch(/pesos mexicanos por USD/);
    const res = await api(
      t,
      e,
      'POST',
      `${V40}/complemento-pago`,
      pagoBody(e, f.id, 17500, { moneda_p: 'MXN', tipo_cambio: '17.5', forma_pago: '03' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const pago = (await satOk(t, e.enterpriseId, res.json().data.data.id)).Complemento!.Pagos!
      .Pago[0]!;
    expect(pago).toMatchObject({ MonedaP: 'MXN', TipoCambioP: '1', Monto: '17500.00' });
    expect(pago.DoctoRelacionado[0]).toMatchObject({
      MonedaDR: 'USD',
      EquivalenciaDR: '0.0571428571',
      ImpSaldoAnt: '1160.00',
      ImpPagado: '1000.00',
      ImpSaldoInsoluto: '160.00',
    });
    expect(res.json().data.saldo).toMatchObject({ moneda: 'USD', saldo: '160.00' });
    // The rest in dollars, with the day's rate.
    const usd = await api(
      t,
      e,
      'POST',
      `${V40}/complemento-pago`,
      pagoBody(e, f.id, 160, { tipo_cambio: '17.6', forma_pago: '03' }),
    );
    expect(usd.statusCode, usd.body).toBe(200);
    const p2 = (await satOk(t, e.enterpriseId, usd.json().data.data.id)).Complemento!.Pagos!
      .Pago[0]!;
    expect(p2).toMatchObject({ MonedaP: 'USD', TipoCambioP: '17.6', Monto: '160.00' });
    expect(p2.DoctoRelacionado[0]).toMatchObject({ EquivalenciaDR: '1', ImpSaldoInsoluto: '0.00' });
  });

  it('withheld ISR and IVA, and exempt IVA: three payments add up to each group exactly (0 % in the engine tests)', async () => {
    const e = await seedCobrador(t, 20);
    const casos = [
      { trasladados: [e.taxes.iva16], retenidos: [e.taxes.isrRetenido, e.taxes.ivaRetenido] },
      { trasladados: [e.taxes.ivaExento], retenidos: [] },
    ];
    for (const caso of casos) {
      const f = await facturaPpd(t, e, { precio: '1000.00', ...caso });
      const total = Number(f.total);
      const a = Math.round((total / 3) * 100) / 100;
      const montos = [a, a, Math.round((total - 2 * a) * 100) / 100];
      let base = 0;
      for (const m of montos) {
        const res = await api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, f.id, m));
        expect(res.statusCode, res.body).toBe(200);
        const dr = (await satOk(t, e.enterpriseId, res.json().data.data.id)).Complemento!.Pagos!
          .Pago[0]!.DoctoRelacionado[0]!;
        base += Number(dr.ImpuestosDR!.TrasladosDR![0]!.BaseDR);
      }
      expect(base.toFixed(2)).toBe('1000.00');
      const saldo = (await api(t, e, 'GET', `${V40}/complemento-pago/${f.id}`)).json().data.saldo;
      expect(saldo.saldo).toBe('0.00');
    }
  });
});

describe('GET /api/facturacion/V40/{enterpriseId}/ppd-pending-payments', () => {
  it('lists what each PPD invoice still owes: paid, balance, days, last payment; filters by client and dates', async () => {
    const e = await seedCobrador(t, 10);
    const f = await facturaPpd(t, e);
    const g = await facturaPpd(t, e, { precio: '200.00' });
    await api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, f.id, 160));
    const res = await api(t, e, 'GET', `${V40}/${e.enterpriseId}/ppd-pending-payments`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.data;
    expect(rows.map((r: { id: number }) => r.id)).toEqual([f.id, g.id]);
    expect(rows[0]).toMatchObject({
      total: '1160.00',
      pagado: '160.00',
      PPD_pending_amount: '1000.00',
      dias_desde_emision: 0,
      client_id: e.clientId,
    });
    expect(rows[0].fecha_ultimo_pago.slice(0, 10)).toBe(ahoraPago().slice(0, 10));
    expect(rows[1]).toMatchObject({ pagado: '0.00', fecha_ultimo_pago: null });
    const hoy = ahoraPago().slice(0, 10);
    // client_id filters on the server: another client's invoice is left out, and only its own shows
    // when that client is asked for.
    const otro = await api(t, e, 'POST', '/api/clients', {
      name_razon_social: 'ESCUELA KEMPER URGATE',
      rfc: 'EKU9003173C9',
      regimenFiscal: '601',
      usoCfdi: 'G03',
      address: { codigo_postal: '42501' },
    });
    const otroId: number = otro.json().data.id;
    const h = await facturaPpd(t, e, { clientId: otroId, precio: '300.00' });
    const ids = async (query: string) =>
      (await api(t, e, 'GET', `${V40}/${e.enterpriseId}/ppd-pending-payments${query}`))
        .json()
        .data.data.map((r: { id: number }) => r.id);
    expect(await ids('')).toEqual([f.id, g.id, h.id]);
    const primero = await api(
      t,
      e,
      'GET',
      `${V40}/${e.enterpriseId}/ppd-pending-payments?client_id=${e.clientId}`,
    );
    expect(primero.json().data).toMatchObject({ total: 2 });
    expect(await ids(`?client_id=${e.clientId}`)).toEqual([f.id, g.id]);
    expect(await ids(`?client_id=${otroId}`)).toEqual([h.id]);
    expect(await ids(`?client_id=${e.clientId + 100000}`)).toEqual([]);
    expect(await ids(`?from_date=${hoy}&to_date=${hoy}&client_id=${e.clientId}`)).toEqual([
      f.id,
      g.id,
    ]);
    expect(await ids(`?to_date=2000-01-01&client_id=${otroId}`)).toEqual([]);
    const ajeno = await api(t, e, 'GET', `${V40}/${e.enterpriseId + 1}/ppd-pending-payments`);
    expect(ajeno.statusCode).toBe(404);
  });
});
