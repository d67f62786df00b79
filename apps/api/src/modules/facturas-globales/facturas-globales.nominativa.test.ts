import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseComprobanteXml } from '@repo/cfdi/xml';
import type { TestApp } from '../../test/build-test-app.ts';
import { getBalance } from '../credits/credits.service.ts';
import { api } from '../facturas/facturas.test-support.ts';
import { findGlobal } from './facturas-globales.queries.ts';
import {
  GLOBALES,
  appConReloj,
  reloj,
  seedTienda,
  solicitud,
  ventas,
} from './facturas-globales.test-support.ts';
import { SOLO_TIMBRADA_NOMINATIVA, VENTA_NO_ESTA } from './venta-nominativa.ts';

// Tuesday 10 March 2026, 10:00 in Tiempo del Centro (CP 42501).
const clock = reloj('2026-03-10T16:00:00Z');
let t: TestApp & { cerrar(): Promise<void> };

beforeAll(async () => {
  t = await appConReloj(clock);
});
afterAll(async () => {
  await t?.cerrar();
});

describe('a sale of a stamped global invoiced to a customer (motive 04)', () => {
  it('cancels the global with motive 04 and stamps it again without the sale; a retry stamps nothing more', async () => {
    const e = await seedTienda(t, clock, { credits: 3 });
    const semana = solicitud(e, {
      month: 3,
      periodicidad: '02',
      dia: '2026-03-04',
      partidas: ventas(e, 3, 'S'),
    });
    const global = (await api(t, e, 'POST', GLOBALES, semana)).json().data;
    expect(global.status).toBe('timbrada');

    const url = `${GLOBALES}/${global.id}/venta-nominativa`;
    const res = await api(t, e, 'POST', url, { folioVenta: 'S-00002' });
    expect(res.statusCode).toBe(200);
    const r = res.json().data;
    expect(r.cancelada).toMatchObject({ id: global.id, status: 'cancelled' });
    expect((await findGlobal(t.deps.db, e.enterpriseId, global.id))?.motivo_cancelacion).toBe('04');
    expect(r.venta).toMatchObject({ folioVenta: 'S-00002', subtotal: global.partidas[1].subtotal });
    expect(r.reexpedida).toMatchObject({
      status: 'timbrada',
      periodicidad: '02',
      periodo: 'Semana del 2 al 8 de marzo de 2026',
      serie: { folio: 2 },
    });
    expect(r.reexpedida.partidas.map((p: { folioVenta: string }) => p.folioVenta)).toEqual([
      'S-00001',
      'S-00003',
    ]);
    const xml = await api(t, e, 'GET', `/api/comprobantes/v40/${r.reexpedida.id}/get-invoice-xml`);
    const cfdi = parseComprobanteXml(xml.body);
    expect(cfdi.Conceptos.map((k) => k.NoIdentificacion)).toEqual(['S-00001', 'S-00003']);
    expect(cfdi.InformacionGlobal).toEqual({ Periodicidad: '02', Meses: '03', Año: '2026' });
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);

    // Asked again (a lost answer): the same replacement, no credit spent.
    const otra = await api(t, e, 'POST', url, { folioVenta: 'S-00002' });
    expect(otra.statusCode).toBe(200);
    expect(otra.json().data.reexpedida.id).toBe(r.reexpedida.id);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);

    // The cancellation dialog's request still refuses motive 04.
    const dialogo = await api(t, e, 'POST', `${GLOBALES}/${r.reexpedida.id}/cancelar`, {
      motivo: '04',
    });
    expect(dialogo.statusCode).toBe(422);
  }, 120_000);

  it('refuses a sale that is not in the global, and a global that is only saved: nothing cancelled', async () => {
    const e = await seedTienda(t, clock, { credits: 2 });
    const global = (await api(t, e, 'POST', GLOBALES, solicitud(e, { month: 2 }))).json().data;
    const falta = await api(t, e, 'POST', `${GLOBALES}/${global.id}/venta-nominativa`, {
      folioVenta: 'NO-EXISTE',
    });
    expect(falta.statusCode).toBe(422);
    expect(falta.json().dataError.folioVenta).toEqual([VENTA_NO_ESTA('NO-EXISTE')]);
    expect((await findGlobal(t.deps.db, e.enterpriseId, global.id))?.status).toBe('timbrada');

    const guardada = (
      await api(
        t,
        e,
        'POST',
        `${GLOBALES}/save`,
        solicitud(e, { month: 1, partidas: ventas(e, 2, 'G') }),
      )
    ).json().data;
    const res = await api(t, e, 'POST', `${GLOBALES}/${guardada.id}/venta-nominativa`, {
      folioVenta: 'G-00001',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().dataError).toBe(SOLO_TIMBRADA_NOMINATIVA);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
  }, 120_000);
});
