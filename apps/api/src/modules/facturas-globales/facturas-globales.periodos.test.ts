import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSat } from '@repo/cfdi/check-sat';
import { decimal, formatear } from '@repo/cfdi/decimal';
import { parseComprobanteXml } from '@repo/cfdi/xml';
import {
  DIA_PERIODO_GLOBAL_MESSAGE,
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
import {
  FECHA_DENTRO_DEL_PERIODO,
  PERIODO_NO_TERMINADO,
  PERIODO_YA_GUARDADO,
  PERIODO_YA_TIMBRADO,
} from './global-tipo.ts';

// Tuesday 10 March 2026, 10:00 in Tiempo del Centro (CP 42501).
const clock = reloj('2026-03-10T16:00:00Z');
let t: TestApp & { cerrar(): Promise<void> };

beforeAll(async () => {
  t = await appConReloj(clock);
});
afterAll(async () => {
  await t?.cerrar();
});

const data = (res: { json(): { data: FacturaGlobalResponse } }) => res.json().data;

async function marzo(e: Tienda): Promise<FacturaGlobalMes> {
  const res = await api(t, e, 'POST', `${GLOBALES}/search`, { year: 2026 });
  expect(res.statusCode).toBe(200);
  return res.json().data.months[2];
}

const semana = (e: Tienda, dia: string, prefijo: string) =>
  solicitud(e, { month: 3, periodicidad: '02', dia, partidas: ventas(e, 3, prefijo) });

describe('facturas globales by day, week and fortnight (c_Periodicidad 01–03)', () => {
  it('several globals in one month: a week and a day, each SAT-valid, listed under March', async () => {
    clock.set('2026-03-10T16:00:00Z');
    const e = await seedTienda(t, clock, { credits: 3 });
    const s = await api(t, e, 'POST', GLOBALES, semana(e, '2026-03-04', 'S'));
    expect(s.statusCode).toBe(200);
    expect(data(s)).toMatchObject({
      status: 'timbrada',
      periodicidad: '02',
      dia: '2026-03-04',
      periodo: 'Semana del 2 al 8 de marzo de 2026',
      periodo_inicio: '2026-03-02',
      periodo_fin: '2026-03-08',
      meses: '03',
    });
    const dia = await api(
      t,
      e,
      'POST',
      GLOBALES,
      solicitud(e, {
        month: 3,
        periodicidad: '01',
        dia: '2026-03-09',
        partidas: ventas(e, 2, 'D'),
      }),
    );
    expect(dia.statusCode).toBe(200);
    expect(data(dia).periodo).toBe('Día 9 de marzo de 2026');

    const xml = await api(t, e, 'GET', `/api/comprobantes/v40/${data(s).id}/get-invoice-xml`);
    expect(parseComprobanteXml(xml.body).InformacionGlobal).toEqual({
      Periodicidad: '02',
      Meses: '03',
      Año: '2026',
    });
    const pem = (t.deps.pac as SandboxPac).certificado().pem;
    expect(checkSat(xml.body, { tfdCertificado: pem }).errors).toEqual([]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);

    const m = await marzo(e);
    expect(m.status).toBe('timbrada');
    expect(m.por_periodo.map((p) => [p.periodo, p.status, p.folio])).toEqual([
      ['Semana del 2 al 8 de marzo de 2026', 'timbrada', 1],
      ['Día 9 de marzo de 2026', 'timbrada', 2],
    ]);
    expect(m.ventas).toBe(5);
    expect(m.total).toBe(
      formatear(decimal(data(s).totales.total).plus(decimal(data(dia).totales.total)), 2),
    );
  }, 120_000);

  it('refuses a period that overlaps a stamped global, whatever its periodicity: no credit, no folio', async () => {
    clock.set('2026-03-17T16:00:00Z');
    const e = await seedTienda(t, clock, { credits: 3 });
    expect((await api(t, e, 'POST', GLOBALES, semana(e, '2026-03-10', 'A'))).statusCode).toBe(200);
    const quincena = await api(
      t,
      e,
      'POST',
      GLOBALES,
      solicitud(e, {
        month: 3,
        periodicidad: '03',
        dia: '2026-03-01',
        partidas: ventas(e, 3, 'B'),
      }),
    );
    expect(quincena.statusCode).toBe(409);
    expect(quincena.json().dataError).toBe(
      PERIODO_YA_TIMBRADO(
        'Primera quincena de marzo de 2026',
        'Semana del 9 al 15 de marzo de 2026',
      ),
    );
    const dia = await api(
      t,
      e,
      'POST',
      GLOBALES,
      solicitud(e, {
        month: 3,
        periodicidad: '01',
        dia: '2026-03-15',
        partidas: ventas(e, 1, 'C'),
      }),
    );
    expect(dia.statusCode).toBe(409);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);
    // A saved draft overlapping another saved draft is refused as well.
    const guardada = await api(t, e, 'POST', `${GLOBALES}/save`, semana(e, '2026-03-05', 'E'));
    expect(guardada.statusCode).toBe(200);
    const otra = await api(
      t,
      e,
      'POST',
      `${GLOBALES}/save`,
      solicitud(e, {
        month: 3,
        periodicidad: '01',
        dia: '2026-03-06',
        partidas: ventas(e, 1, 'F'),
      }),
    );
    expect(otra.statusCode).toBe(409);
    expect(otra.json().dataError).toBe(
      PERIODO_YA_GUARDADO('Día 6 de marzo de 2026', 'Semana del 2 al 8 de marzo de 2026'),
    );
    // The saved week 2–8 does not overlap the stamped week 9–15: stamped with the next folio.
    const id = data(guardada).id;
    const timbrada = await api(t, e, 'POST', GLOBALES, { ...semana(e, '2026-03-04', 'G'), id });
    expect(timbrada.statusCode).toBe(200);
    expect(data(timbrada).serie.folio).toBe(2);
  }, 120_000);

  it('a period that has not ended cannot be stamped (it can be saved); the issue date follows its close', async () => {
    clock.set('2026-03-10T16:00:00Z');
    const e = await seedTienda(t, clock, { credits: 2 });
    const enCurso = await api(t, e, 'POST', GLOBALES, semana(e, '2026-03-10', 'H'));
    expect(enCurso.statusCode).toBe(422);
    expect(enCurso.json().dataError.dia).toEqual([
      PERIODO_NO_TERMINADO('Semana del 9 al 15 de marzo de 2026', '16 de marzo de 2026'),
    ]);
    const hoy = await api(
      t,
      e,
      'POST',
      GLOBALES,
      solicitud(e, {
        month: 3,
        periodicidad: '01',
        dia: '2026-03-10',
        partidas: ventas(e, 1, 'I'),
      }),
    );
    expect(hoy.json().dataError.dia).toEqual([
      PERIODO_NO_TERMINADO('Día 10 de marzo de 2026', '11 de marzo de 2026'),
    ]);
    const mes = await api(t, e, 'POST', GLOBALES, solicitud(e, { month: 3 }));
    expect(mes.json().dataError.month).toEqual([
      PERIODO_NO_TERMINADO('Marzo 2026', '1 de abril de 2026'),
    ]);
    // Dated on the last day of its own period: refused, the sales of that day may still come.
    const dentro = await api(t, e, 'POST', GLOBALES, {
      ...solicitud(e, {
        month: 3,
        periodicidad: '01',
        dia: '2026-03-09',
        partidas: ventas(e, 1, 'J'),
      }),
      creationDate: '2026-03-09',
    });
    expect(dentro.json().dataError.creationDate).toEqual([
      FECHA_DENTRO_DEL_PERIODO('9 de marzo de 2026'),
    ]);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);
    const guardada = await api(t, e, 'POST', `${GLOBALES}/save`, semana(e, '2026-03-10', 'H'));
    expect(guardada.statusCode).toBe(200);
    expect(data(guardada).limite_emision).toBe('2026-03-16');

    // Once the week has ended, the saved global stamps with folio 1.
    clock.set('2026-03-16T16:00:00Z');
    const { token } = await t.deps.tokens.sign({ userId: e.userId, enterpriseId: e.enterpriseId });
    const luego = { headers: { authorization: `Bearer ${token}` } };
    const id = data(guardada).id;
    const ok = await api(t, luego, 'POST', GLOBALES, { ...semana(e, '2026-03-10', 'H'), id });
    expect(ok.statusCode).toBe(200);
    expect(data(ok).serie.folio).toBe(1);
  }, 120_000);

  it('a day, week or fortnight needs a day inside the month and year of the global', async () => {
    const e = await seedTienda(t, clock, { credits: 1 });
    for (const dia of [undefined, '2026-04-01', '2025-03-04']) {
      const res = await api(t, e, 'POST', `${GLOBALES}/save`, {
        ...solicitud(e, { month: 3, periodicidad: '02' }),
        ...(dia ? { dia } : {}),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().dataError.dia).toEqual([DIA_PERIODO_GLOBAL_MESSAGE]);
    }
  }, 60_000);
});
