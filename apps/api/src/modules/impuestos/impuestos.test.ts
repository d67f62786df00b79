import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { countImpuestos } from './impuestos.queries.ts';
import { ensureImpuestos } from './impuestos.service.ts';
import { toLocalTax } from './local-taxes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Tax = {
  id: number;
  value: string | null;
  tax_type: string;
  tipo_factor: string;
  status: boolean;
};

describe('impuestos', () => {
  it('gives a new enterprise the standard transferred taxes, ordered IEPS, IVA, ISR', async () => {
    const e = await seedEnterprise(t.deps);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/impuestos-trasladados',
      headers: e.headers,
    });
    expect(res.statusCode).toBe(200);
    const taxes = res.json().data as Tax[];
    const types = taxes.map((x) => x.tax_type);
    expect(types.indexOf('IVA')).toBeGreaterThan(types.lastIndexOf('IEPS'));
    expect(types).not.toContain('ISR');
    const iva = taxes.filter((x) => x.tax_type === 'IVA').map((x) => [x.tipo_factor, x.value]);
    expect(iva).toEqual([
      ['Tasa', '0.160000'],
      ['Tasa', '0.080000'],
      ['Tasa', '0.000000'],
      ['Exento', null],
    ]);
    expect(taxes.filter((x) => x.tax_type === 'IEPS').map((x) => x.value)).toContain('0.265000');
    expect(taxes.every((x) => x.status)).toBe(true);
  });

  it('gives the standard withheld taxes: IVA two thirds, 4 % and ISR 10 % and 1.25 %', async () => {
    const e = await seedEnterprise(t.deps);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/impuestos-retenidos',
      headers: e.headers,
    });
    const taxes = res.json().data as Tax[];
    expect(taxes.map((x) => `${x.tax_type} ${x.value}`)).toEqual([
      'IVA 0.160000',
      'IVA 0.106666',
      'IVA 0.060000',
      'IVA 0.040000',
      'ISR 0.100000',
      'ISR 0.012500',
    ]);
  });

  it('seeds once, even when asked concurrently', async () => {
    const e = await seedEnterprise(t.deps);
    await Promise.all([
      ensureImpuestos(t.deps.db, e.enterpriseId),
      ensureImpuestos(t.deps.db, e.enterpriseId),
    ]);
    const n = await countImpuestos(t.deps.db, e.enterpriseId);
    await ensureImpuestos(t.deps.db, e.enterpriseId);
    expect(await countImpuestos(t.deps.db, e.enterpriseId)).toBe(n);
    expect(n).toBe(23);
  });

  it('toggles the status of a tax and back; a withheld id is not found as transferred', async () => {
    const e = await seedEnterprise(t.deps);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/impuestos-trasladados', headers: e.headers })
    ).json().data as Tax[];
    const tax = list[0]!;
    const off = await t.app.inject({
      method: 'GET',
      url: `/api/impuestos-trasladados/toggle-status/${tax.id}`,
      headers: e.headers,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({ ...tax, status: false });
    const on = await t.app.inject({
      method: 'GET',
      url: `/api/impuestos-trasladados/toggle-status/${tax.id}`,
      headers: e.headers,
    });
    expect(on.json().data.status).toBe(true);

    const retenidos = (
      await t.app.inject({ method: 'GET', url: '/api/impuestos-retenidos', headers: e.headers })
    ).json().data as Tax[];
    const ret = retenidos[0]!;
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/impuestos-trasladados/toggle-status/${ret.id}`,
      headers: e.headers,
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ success: false, dataError: 'El impuesto no existe.' });
    const right = await t.app.inject({
      method: 'GET',
      url: `/api/impuestos-retenidos/toggle-status/${ret.id}`,
      headers: e.headers,
    });
    expect(right.json().data).toEqual({ ...ret, status: false });
  });

  it("cannot toggle another enterprise's tax", async () => {
    const owner = await seedEnterprise(t.deps);
    const intruder = await seedEnterprise(t.deps);
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/impuestos-trasladados',
        headers: owner.headers,
      })
    ).json().data as Tax[];
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/impuestos-trasladados/toggle-status/${list[0]!.id}`,
      headers: intruder.headers,
    });
    expect(res.statusCode).toBe(404);
    const after = (
      await t.app.inject({
        method: 'GET',
        url: '/api/impuestos-trasladados',
        headers: owner.headers,
      })
    ).json().data as Tax[];
    expect(after).toEqual(list);
  });

  it('lists the local taxes of a state in data.data, with the taxes of every state', async () => {
    const e = await seedEnterprise(t.deps);
    const tras = await t.app.inject({
      method: 'GET',
      url: '/api/impuestos-locales-trasladados/estado/CMX',
      headers: e.headers,
    });
    expect(tras.statusCode).toBe(200);
    const list = tras.json().data.data as { impuesto: string; tasa: string; estado_key: string }[];
    expect(list.map((x) => x.tasa)).toEqual(['3.50', '5.00']);
    expect(list.every((x) => x.estado_key === 'CMX')).toBe(true);

    const ret = await t.app.inject({
      method: 'GET',
      url: '/api/impuestos-locales-retenidos/estado/JAL',
      headers: e.headers,
    });
    expect(ret.json().data.data.map((x: { impuesto: string }) => x.impuesto)).toEqual([
      'Derecho de inspección y vigilancia (5 al millar)',
      'Aportación ICIC / CMIC (2 al millar)',
    ]);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/impuestos-locales-retenidos/estado/jalisco',
      headers: e.headers,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().dataError).toEqual({
      state: ['La clave del estado debe ser de 3 letras mayúsculas (catálogo c_Estado)'],
    });
  });

  it('gives each local tax a stable id from its state, type, name and rate', () => {
    const row = {
      estado: 'CMX',
      tipo: 'trasladado' as const,
      impuesto: 'Impuesto por la prestación de servicios de hospedaje',
      tasaPorcentaje: '3.50',
      aplicaA: 'Hospedaje',
      vigenciaDesde: '',
      ambito: 'estatal',
      fuenteUrl: '',
      fuenteFecha: '',
      certeza: 'media' as const,
      nota: '',
    };
    expect(toLocalTax(row)).toEqual({
      id: 'CMX-T-impuesto-por-la-prestacion-de-servicios-de-hospedaje-3.50',
      estado_key: 'CMX',
      tipo: 'trasladado',
      impuesto: 'Impuesto por la prestación de servicios de hospedaje',
      tasa: '3.50',
      aplica_a: 'Hospedaje',
    });
    expect(toLocalTax({ ...row, estado: '*', tipo: 'retenido' }).id).toMatch(/^TODOS-R-/);
  });
});
