import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimal } from '@repo/cfdi/decimal';
import { parseComprobanteXml } from '@repo/cfdi/xml';
import type { RecibosDelPeriodoResponse } from '@repo/contracts/facturas-globales';
import { PORTAL_MENSAJES, type ReciboResponse } from '@repo/contracts/recibos';
import { consulta } from '../../db/consulta.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { api, crearProducto } from '../facturas/facturas.test-support.ts';
import {
  GLOBALES,
  appConReloj,
  reloj,
  seedTienda,
  solicitud,
  type Tienda,
} from './facturas-globales.test-support.ts';

// Issue 28: the open sales receipts of a period are the sales of its global. The day 2 March 2026
// (periodicidad 01) in Tiempo del Centro (CP 42501).
const clock = reloj('2026-03-03T16:00:00Z');
let t: TestApp & { cerrar(): Promise<void> };
let e: Tienda;
let productId: number;

beforeAll(async () => {
  t = await appConReloj(clock);
  e = await seedTienda(t, clock, { credits: 5 });
  productId = await crearProducto(t, e, {
    description: 'Café americano 12 oz',
    clave: '50201706',
    unidad: 'H87',
  });
});
afterAll(async () => {
  await t?.cerrar();
});

/** A sale recorded at `fecha` (the session's clock stays put: the receipt's time is set after). */
async function recibo(fecha: string, precio: string, cantidad = '3'): Promise<ReciboResponse> {
  const res = await api(t, e, 'POST', `/api/recibos/${e.enterpriseId}`, {
    forma_pago: '01',
    partidas: [
      {
        product_service_id: productId,
        cantidad,
        precio_unitario: precio,
        impuestos_trasladados: [e.taxes.iva16],
      },
      {
        product_service_id: productId,
        cantidad: '1',
        precio_unitario: '19.99',
        descuento: '10',
        impuestos_trasladados: [e.taxes.iva16],
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  const r: ReciboResponse = res.json().data;
  await consulta(t.deps.db, 'update recibos set fecha = $1 where enterprise_id = $2 and id = $3', [
    fecha,
    e.enterpriseId,
    r.id,
  ]);
  return r;
}

const semana = { periodicidad: '01', year: 2026, month: 3, dia: '2026-03-02' } as const;

async function ofrecidos(): Promise<RecibosDelPeriodoResponse> {
  const q = new URLSearchParams({ ...semana, year: '2026', month: '3' });
  const res = await api(t, e, 'GET', `${GLOBALES}/recibos-del-periodo?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

function ticket(r: ReciboResponse) {
  const slug = new URL(r.url_portal).pathname.split('/').pop()!;
  return t.app.inject({
    method: 'POST',
    url: `/api/portal/${slug}/ticket`,
    payload: { codigo: r.codigo, total: r.total },
  });
}

describe('the open sales receipts of a period in its global invoice', () => {
  it('takes exactly the open receipts of the period, marks them when stamped, and gives them back when the global is cancelled', async () => {
    // 1 March 23:30 in Mexico City is outside the day (it is 2 March in UTC)
    const antes = await recibo('2026-03-02T05:30:00Z', '45.50');
    const r1 = await recibo('2026-03-02T18:00:00Z', '45.50');
    const r2 = await recibo('2026-03-02T18:05:00Z', '33.33', '7');
    const r3 = await recibo('2026-03-02T23:59:00Z', '12.10', '5');
    // r2 is invoiced by its customer on the portal: it is no longer the público en general's
    const slug = new URL(r2.url_portal).pathname.split('/').pop()!;
    const f = await t.app.inject({
      method: 'POST',
      url: `/api/portal/${slug}/facturar`,
      payload: {
        codigo: r2.codigo,
        total: r2.total,
        rfc: 'CACX7605101P8',
        nombre: 'XOCHILT CASAS CHAVEZ',
        codigo_postal: '10740',
        regimen_fiscal: '612',
        uso_cfdi: 'G03',
        email: 'xochilt@example.com',
      },
    });
    expect(f.statusCode, f.body).toBe(201);
    // 3 March 00:30 in Mexico City: the next day
    const despues = await recibo('2026-03-03T06:30:00Z', '45.50');

    const o = await ofrecidos();
    expect(o.omitidos).toEqual([]);
    expect(o.partidas).toEqual(
      [r1, r3].map((r) => ({
        folioVenta: String(r.folio),
        grupoImpuestosId: e.grupos.iva16,
        subtotal: r.subtotal,
        descuento: r.descuento,
        recibo_id: r.id,
      })),
    );
    expect(o.partidas.map((p) => p.recibo_id)).not.toContain(antes.id);
    expect(o.partidas.map((p) => p.recibo_id)).not.toContain(despues.id);

    const res = await api(
      t,
      e,
      'POST',
      GLOBALES,
      solicitud(e, { ...semana, partidas: o.partidas }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const global = res.json().data;
    expect(global.status).toBe('timbrada');
    const xml = await api(t, e, 'GET', `/api/comprobantes/v40/${global.id}/get-invoice-xml`);
    const cfdi = parseComprobanteXml(xml.body);
    expect(cfdi.Conceptos.map((k) => k.NoIdentificacion)).toEqual([
      String(r1.folio),
      String(r3.folio),
    ]);
    // Each sale of the global is its receipt, to the cent
    cfdi.Conceptos.forEach((k, i) => {
      const r = [r1, r3][i]!;
      const iva = decimal(k.Impuestos!.Traslados![0]!.Importe!);
      expect(k.Importe).toBe(r.subtotal);
      expect(k.Descuento).toBe(r.descuento);
      expect(iva.toFixed(2)).toBe(decimal(r.impuestos).toFixed(2));
    });
    expect(cfdi.Total).toBe(decimal(r1.total).plus(decimal(r3.total)).toFixed(2));

    // Stamped: not offered again, and the portal explains why
    expect((await ofrecidos()).partidas).toEqual([]);
    // The receipt names its global, where the screen offers the SAT's procedure (motive 04)
    const enLista = (await api(t, e, 'GET', `/api/recibos/detalle/${r1.id}`)).json().data;
    expect(enLista.global).toEqual({
      id: global.id,
      serie_folio: `${global.serie.serie}-${global.serie.folio}`,
    });
    const suyo = (await api(t, e, 'GET', `/api/recibos/detalle/${r2.id}`)).json().data;
    expect(suyo.global).toBeNull();
    const negado = await ticket(r1);
    expect(negado.statusCode).toBe(409);
    expect(negado.json().dataError).toBe(PORTAL_MENSAJES.enFacturaGlobal);
    // A second global with the same receipts is refused, nothing stamped
    const otra = await api(
      t,
      e,
      'POST',
      GLOBALES,
      solicitud(e, { ...semana, partidas: o.partidas }),
    );
    expect(otra.statusCode).toBe(409);

    // Cancelled (motive 02): the receipts are open again
    const c = await api(t, e, 'POST', `${GLOBALES}/${global.id}/cancelar`, { motivo: '02' });
    expect(c.statusCode, c.body).toBe(200);
    expect((await ofrecidos()).partidas.map((p) => p.recibo_id)).toEqual([r1.id, r3.id]);
    expect((await api(t, e, 'GET', `/api/recibos/detalle/${r1.id}`)).json().data.global).toBeNull();
    expect((await ticket(r1)).statusCode).toBe(200);
  });

  it('a saved global keeps which of its sales are receipts, and stamping it later marks them', async () => {
    const dia = { periodicidad: '01', year: 2026, month: 3, dia: '2026-03-01' } as const;
    const r = await recibo('2026-03-01T18:00:00Z', '20.00', '2');
    const q = new URLSearchParams({ ...dia, year: '2026', month: '3' });
    const o = (await api(t, e, 'GET', `${GLOBALES}/recibos-del-periodo?${q}`)).json().data;
    // (the first test's receipt of 1 March, 23:30, is the day's other open receipt)
    const delRecibo = o.partidas.filter((p: { recibo_id: number }) => p.recibo_id === r.id);
    expect(delRecibo).toHaveLength(1);
    const tecleada = {
      folioVenta: 'MOSTRADOR-1',
      grupoImpuestosId: e.grupos.iva16,
      subtotal: '50.00',
    };
    const guardada = await api(
      t,
      e,
      'POST',
      `${GLOBALES}/save`,
      solicitud(e, { ...dia, partidas: [...delRecibo, tecleada] }),
    );
    expect(guardada.statusCode, guardada.body).toBe(200);
    const id: number = guardada.json().data.id;
    // Reopened for editing, the receipt's sale is still the receipt; the typed one is not
    const detalle = (await api(t, e, 'GET', `${GLOBALES}/${id}`)).json().data;
    expect(detalle.partidas.map((p: { recibo_id: number | null }) => p.recibo_id)).toEqual([
      r.id,
      null,
    ]);
    // Stamped as reopened (the form sends back what it got): the receipt is now in the global
    const partidas = detalle.partidas.map(
      (p: {
        folioVenta: string;
        grupoImpuestosId: number;
        subtotal: string;
        recibo_id: number | null;
      }) => ({
        folioVenta: p.folioVenta,
        grupoImpuestosId: p.grupoImpuestosId,
        subtotal: p.subtotal,
        ...(p.recibo_id !== null ? { recibo_id: p.recibo_id } : {}),
      }),
    );
    const timbrada = await api(t, e, 'POST', GLOBALES, solicitud(e, { ...dia, id, partidas }));
    expect(timbrada.statusCode, timbrada.body).toBe(200);
    expect(timbrada.json().data.status).toBe('timbrada');
    const despues = (await api(t, e, 'GET', `${GLOBALES}/recibos-del-periodo?${q}`)).json().data;
    expect(despues.partidas.map((p: { recibo_id: number }) => p.recibo_id)).not.toContain(r.id);
    const negado = await ticket(r);
    expect(negado.json().dataError).toBe(PORTAL_MENSAJES.enFacturaGlobal);
  });
});
