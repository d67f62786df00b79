import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSat } from '@repo/cfdi/check-sat';
import { parseComprobanteXml } from '@repo/cfdi/xml';
import {
  rutaDeMesGlobal,
  type FacturaGlobalMes,
  type FacturaGlobalResponse,
} from '@repo/contracts/facturas-globales';
import type { SandboxPac } from '@repo/pac';
import type { TestApp } from '../../test/build-test-app.ts';
import { getBalance } from '../credits/credits.service.ts';
import { api } from '../facturas/facturas.test-support.ts';
import {
  GLOBALES,
  appConReloj,
  reloj,
  seedTienda,
  solicitud,
  ventas,
  type Tienda,
} from './facturas-globales.test-support.ts';
import { GLOBAL_NO_EDITABLE } from './facturas-globales.service.ts';
import { PERIODO_NO_TERMINADO, PERIODO_YA_TIMBRADO } from './global-tipo.ts';

// 1 February 2026, 10:00 in Tiempo del Centro (CP 42501): January's global is due today.
const clock = reloj('2026-02-01T16:00:00Z');
let t: TestApp & { cerrar(): Promise<void> };

beforeAll(async () => {
  t = await appConReloj(clock);
});
afterAll(async () => {
  await t?.cerrar();
});

async function xmlDe(e: Tienda, id: number): Promise<string> {
  const res = await api(t, e, 'GET', `/api/comprobantes/v40/${id}/get-invoice-xml`);
  expect(res.statusCode).toBe(200);
  return res.body;
}

function satOk(xml: string) {
  const sat = checkSat(xml, { tfdCertificado: (t.deps.pac as SandboxPac).certificado().pem });
  expect(sat.errors).toEqual([]);
  expect(sat.cadenaTfd).toBeTruthy();
}

async function anio(e: Tienda, year: number): Promise<FacturaGlobalMes[]> {
  const res = await api(t, e, 'POST', `${GLOBALES}/search`, { year });
  expect(res.statusCode).toBe(200);
  return res.json().data.months;
}

const data = (res: { json(): { data: FacturaGlobalResponse } }) => res.json().data;

describe('facturas globales', () => {
  it('a month of 3,000 sales with mixed tax groups saves, stamps and passes the SAT checks with the TFD', async () => {
    clock.set('2026-02-01T16:00:00Z');
    const e = await seedTienda(t, clock, { credits: 2 });
    const partidas = ventas(e, 3000);
    const saved = await api(t, e, 'POST', `${GLOBALES}/save`, solicitud(e, { partidas }));
    expect(saved.statusCode).toBe(200);
    const g = data(saved);
    expect(g).toMatchObject({
      status: 'saved',
      editable: true,
      periodo: 'Enero 2026',
      meses: '01',
    });
    expect(g.partidas).toHaveLength(3000);
    expect(g.totales.ventas).toBe(3000);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);
    const [enero] = await anio(e, 2026);
    expect(enero).toMatchObject({
      status: 'saved',
      id: g.id,
      ventas: 3000,
      total: g.totales.total,
    });
    expect(rutaDeMesGlobal(enero!)).toBe(`/facturacion/facturas-globales/editar/${g.id}`);

    const stamped = await api(t, e, 'POST', GLOBALES, solicitud(e, { id: g.id, partidas }));
    expect(stamped.statusCode).toBe(200);
    const s = data(stamped);
    expect(s).toMatchObject({
      status: 'timbrada',
      editable: false,
      serie: { serie: 'G', folio: 1 },
    });
    expect(s.id).not.toBe(g.id);
    expect(s.totales).toEqual(g.totales);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
    expect((await api(t, e, 'GET', `${GLOBALES}/${g.id}`)).statusCode).toBe(404);

    const xml = await xmlDe(e, s.id);
    satOk(xml);
    const c = parseComprobanteXml(xml);
    expect(c.InformacionGlobal).toEqual({ Periodicidad: '04', Meses: '01', Año: '2026' });
    expect(c.Receptor).toEqual({
      Rfc: 'XAXX010101000',
      Nombre: 'PUBLICO EN GENERAL',
      DomicilioFiscalReceptor: '42501',
      RegimenFiscalReceptor: '616',
      UsoCFDI: 'S01',
    });
    expect([c.MetodoPago, c.FormaPago, c.Total]).toEqual(['PUE', '01', g.totales.total]);
    expect(c.Conceptos).toHaveLength(3000);
    expect(
      new Set(
        c.Conceptos.map(
          (k) => `${k.ClaveProdServ}|${k.ClaveUnidad}|${k.Cantidad}|${k.Descripcion}`,
        ),
      ),
    ).toEqual(new Set(['01010101|ACT|1|Venta']));
    expect(c.Conceptos.map((k) => k.NoIdentificacion)).toEqual(partidas.map((p) => p.folioVenta));
    const tasas = new Set(
      c.Impuestos!.Traslados!.map((x) => `${x.Impuesto}|${x.TipoFactor}|${x.TasaOCuota ?? ''}`),
    );
    expect(tasas).toEqual(
      new Set(['002|Tasa|0.160000', '002|Tasa|0.000000', '002|Exento|', '003|Tasa|0.080000']),
    );

    const [eneroTimbrado] = await anio(e, 2026);
    expect(eneroTimbrado).toMatchObject({ status: 'timbrada', id: s.id, folio: 1, ventas: 3000 });
    expect(rutaDeMesGlobal(eneroTimbrado!)).toBe(`/facturacion/facturas-globales/detalle/${s.id}`);
  }, 120_000);

  it('checks every SAT rule before a credit is spent: period not begun, old year, withholdings, repeated folio', async () => {
    clock.set('2026-02-01T16:00:00Z');
    const e = await seedTienda(t, clock, { credits: 1 });
    const stamp = (over: Parameters<typeof solicitud>[1]) =>
      api(t, e, 'POST', GLOBALES, solicitud(e, over));

    const futuro = await stamp({ month: 3 });
    expect(futuro.statusCode).toBe(422);
    // A period not begun has not ended either (RMF 2.7.1.21: issued after the period closes).
    expect(futuro.json().dataError.month).toEqual([
      PERIODO_NO_TERMINADO('Marzo 2026', '1 de abril de 2026'),
    ]);
    const viejo = await stamp({ year: 2024, month: 12 });
    expect(viejo.json().dataError.year).toEqual([
      'El campo Año, no es igual al año en curso o al año inmediato anterior.',
    ]);
    const partidas = ventas(e, 3);
    partidas[1]!.grupoImpuestosId = e.grupos.retencion;
    const retencion = await stamp({ partidas });
    expect(retencion.json().dataError['partidas.1.grupoImpuestosId']).toEqual([
      expect.stringContaining('no lleva impuestos retenidos'),
    ]);
    const repetido = await stamp({
      partidas: [ventas(e, 1)[0]!, ventas(e, 1)[0]!],
    });
    expect(repetido.json().dataError['partidas.1.folioVenta']).toEqual([
      'Este folio de venta ya está en la factura global.',
    ]);
    // An ended bimester (November–December 2025), so that the régimen is what is refused.
    const bimestral = await stamp({ periodicidad: '05', year: 2025, month: 12 });
    expect(bimestral.json().dataError.periodicidad).toEqual([
      'El campo RegimenFiscal, no contiene el valor 621.',
    ]);
    const noventa = await stamp({ formaPago: '99' });
    expect(noventa.statusCode).toBe(422);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
    expect((await anio(e, 2026)).every((m) => m.status === 'unissued')).toBe(true);
  });

  it('bimonthly (régimen 621): Meses 13 covers January and February', async () => {
    clock.set('2026-03-01T16:00:00Z');
    const e = await seedTienda(t, clock, { credits: 1, tipo: 'fisica', regimen: '621' });
    const res = await api(t, e, 'POST', GLOBALES, solicitud(e, { periodicidad: '05', month: 2 }));
    expect(res.statusCode).toBe(200);
    expect(data(res)).toMatchObject({
      periodicidad: '05',
      meses: '13',
      periodo: 'Bimestre Enero-Febrero 2026',
    });
    const xml = await xmlDe(e, data(res).id);
    satOk(xml);
    expect(parseComprobanteXml(xml).InformacionGlobal).toEqual({
      Periodicidad: '05',
      Meses: '13',
      Año: '2026',
    });
    const [ene, feb, mar] = await anio(e, 2026);
    expect([ene!.id, feb!.id, mar!.id]).toEqual([data(res).id, data(res).id, null]);
    const otro = await api(t, e, 'POST', `${GLOBALES}/save`, solicitud(e, { month: 2 }));
    expect(otro.statusCode).toBe(409);
  });

  it('one stamped global per period: a second is refused until the first is cancelled, then re-issued', async () => {
    clock.set('2026-02-01T16:00:00Z');
    const e = await seedTienda(t, clock, { credits: 3 });
    const primera = data(
      await api(t, e, 'POST', GLOBALES, solicitud(e, { idempotency_key: 'primera-enero' })),
    );
    // The same key in the standard Idempotency-Key header answers the same global.
    const again = await api(
      t,
      { headers: { ...e.headers, 'idempotency-key': 'primera-enero' } },
      'POST',
      GLOBALES,
      solicitud(e),
    );
    expect(data(again).id).toBe(primera.id);
    const segunda = await api(t, e, 'POST', GLOBALES, solicitud(e));
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json().dataError).toBe(PERIODO_YA_TIMBRADO('Enero 2026', 'Enero 2026'));
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);

    const cancel = await api(t, e, 'POST', `${GLOBALES}/${primera.id}/cancelar`, { motivo: '02' });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data.status).toBe('cancelled');
    expect(data(await api(t, e, 'GET', `${GLOBALES}/${primera.id}`)).status).toBe('cancelled');
    let [enero] = await anio(e, 2026);
    expect(enero).toMatchObject({ status: 'cancelled', id: primera.id });
    expect(rutaDeMesGlobal(enero!)).toBe(`/facturacion/facturas-globales/detalle/${primera.id}`);

    const partidas = ventas(e, 4);
    const reemision = await api(t, e, 'POST', GLOBALES, solicitud(e, { partidas }));
    expect(reemision.statusCode).toBe(200);
    satOk(await xmlDe(e, data(reemision).id));
    [enero] = await anio(e, 2026);
    expect(enero).toMatchObject({
      status: 'timbrada',
      id: data(reemision).id,
      canceladas: 1,
      ventas: 4,
    });
    expect(data(reemision).serie.folio).toBe(2);
    // The spend history names both stamps (the cancelled one keeps its spent credit).
    const gastos = await api(t, e, 'GET', '/api/user-credits-spendings?page=1');
    expect(gastos.statusCode).toBe(200);
    const documentos = (gastos.json().data.data as { document: { id: number } | null }[])
      .map((g) => g.document?.id)
      .filter((id) => id !== undefined);
    expect(documentos).toEqual(expect.arrayContaining([primera.id, data(reemision).id]));
    // Named global invoices, not income invoices, and filtered as such.
    type Gasto = { document: { id: number; tipo: string; global: boolean } | null };
    const conDocumento = (r: { json(): { data: { data: Gasto[] } } }) =>
      r.json().data.data.filter((g) => g.document !== null);
    expect(conDocumento(gastos).map((g) => [g.document!.tipo, g.document!.global])).toEqual([
      ['I', true],
      ['I', true],
    ]);
    const globales = await api(t, e, 'GET', '/api/user-credits-spendings?page=1&document_type=G');
    expect(conDocumento(globales)).toHaveLength(2);
    const ingreso = await api(t, e, 'GET', '/api/user-credits-spendings?page=1&document_type=I');
    expect(conDocumento(ingreso)).toHaveLength(0);
  });

  it('row routing for every status and age (spec sections 2 and 9), with the clock moved a year', async () => {
    clock.set('2026-02-01T16:00:00Z');
    const e = await seedTienda(t, clock, { credits: 3 });
    const save = async (month: number, year: number) =>
      data(await api(t, e, 'POST', `${GLOBALES}/save`, solicitud(e, { month, year })));
    const timbrada = data(
      await api(t, e, 'POST', GLOBALES, solicitud(e, { month: 1, year: 2026 })),
    );
    const guardada = await save(2, 2026);
    const cancelada = data(
      await api(t, e, 'POST', GLOBALES, solicitud(e, { month: 5, year: 2025 })),
    );
    await api(t, e, 'POST', `${GLOBALES}/${cancelada.id}/cancelar`, { motivo: '02' });
    const dosAnios = await save(3, 2024);
    const tresAnios = await save(4, 2023);
    expect([guardada.editable, dosAnios.editable, tresAnios.editable]).toEqual([true, true, false]);

    const ruta = async (year: number, month: number) =>
      rutaDeMesGlobal((await anio(e, year))[month - 1]!);
    expect(await ruta(2026, 1)).toBe(`/facturacion/facturas-globales/detalle/${timbrada.id}`);
    expect(await ruta(2026, 2)).toBe(`/facturacion/facturas-globales/editar/${guardada.id}`);
    expect(await ruta(2026, 3)).toBe('/facturacion/facturas-globales/nuevo/3/2026');
    expect(await ruta(2025, 5)).toBe(`/facturacion/facturas-globales/detalle/${cancelada.id}`);
    expect(await ruta(2024, 3)).toBe(`/facturacion/facturas-globales/editar/${dosAnios.id}`);
    expect(await ruta(2023, 4)).toBe(`/facturacion/facturas-globales/detalle/${tresAnios.id}`);
    const old = await api(
      t,
      e,
      'POST',
      `${GLOBALES}/save`,
      solicitud(e, { id: tresAnios.id, month: 4, year: 2023 }),
    );
    expect(old.statusCode).toBe(409);
    expect(old.json().dataError).toBe(GLOBAL_NO_EDITABLE);
    const years = await api(t, e, 'GET', `${GLOBALES}/get-years-for-facturas-globales`);
    expect(years.json().data).toEqual([2026, 2025, 2024, 2023]);

    clock.set('2027-01-15T16:00:00Z');
    const { token } = await t.deps.tokens.sign({ userId: e.userId, enterpriseId: e.enterpriseId });
    e.headers = { authorization: `Bearer ${token}` };
    expect(await ruta(2024, 3)).toBe(`/facturacion/facturas-globales/detalle/${dosAnios.id}`);
    expect(await ruta(2026, 2)).toBe(`/facturacion/facturas-globales/editar/${guardada.id}`);
    expect((await api(t, e, 'GET', GLOBALES)).json().data.year).toBe(2027);
  });

  it('imports the sales of a file or pasted rows, reporting each bad row; the template names the tax groups', async () => {
    clock.set('2026-02-01T16:00:00Z');
    const e = await seedTienda(t, clock);
    const tpl = await api(t, e, 'GET', `${GLOBALES}/import/download-template`);
    expect(tpl.statusCode).toBe(200);
    expect(tpl.headers['content-type']).toContain('spreadsheetml');
    const texto = [
      'Folio de venta,Grupo de impuestos,Subtotal,Descuento,Total de la venta',
      'A-1,IVA 16%,100.00,,116.00',
      'A-2,iva 0%,"1,250.50",0.50,1250.00',
      'A-3,IVA 16%,abc,,',
      'A-1,Grupo inventado,10,,',
      'A-5,IVA 16%,100,,117.00',
    ].join('\n');
    const res = await api(t, e, 'POST', `${GLOBALES}/import`, { texto });
    expect(res.statusCode).toBe(200);
    const r = res.json().data;
    expect([r.total_filas, r.filas_con_error]).toEqual([5, 3]);
    expect(
      r.ventas.map((v: { fila: number; errores: string[] }) => [v.fila, v.errores.length]),
    ).toEqual([
      [2, 0],
      [3, 0],
      [4, 1],
      [5, 2],
      [6, 1],
    ]);
    expect(r.ventas[1]).toMatchObject({
      grupoImpuestosId: e.grupos.iva0,
      subtotal: '1250.50',
      descuento: '0.50',
    });
    expect(r.ventas[4].errores[0]).toContain('se esperaba 116.00');
    const pegado = await api(t, e, 'POST', `${GLOBALES}/import`, {
      texto: 'B-1\tIVA exento\t50\t\t50',
    });
    expect(pegado.json().data.ventas[0]).toMatchObject({
      folioVenta: 'B-1',
      grupoImpuestosId: e.grupos.exento,
      errores: [],
    });
  });

  it('another enterprise cannot read or stamp over a global', async () => {
    clock.set('2026-02-01T16:00:00Z');
    const a = await seedTienda(t, clock);
    const b = await seedTienda(t, clock);
    const g = data(await api(t, a, 'POST', `${GLOBALES}/save`, solicitud(a)));
    expect((await api(t, b, 'GET', `${GLOBALES}/${g.id}`)).statusCode).toBe(404);
    const otra = await api(t, b, 'POST', GLOBALES, solicitud(a, { id: g.id }));
    expect(otra.statusCode).toBe(404);
  });
});
