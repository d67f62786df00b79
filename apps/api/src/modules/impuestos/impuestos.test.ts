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
    // 42501 (Pachuca) is outside the border region: no IVA 8 %.
    expect(iva).toEqual([
      ['Tasa', '0.160000'],
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

  it('lists IVA 8 % (región fronteriza) only to an enterprise whose postal code is in the region', async () => {
    const tijuana = await seedEnterprise(t.deps, { codigo_postal: '22000' });
    const chetumal = await seedEnterprise(t.deps, { codigo_postal: '77000' });
    for (const e of [tijuana, chetumal]) {
      const taxes = (
        await t.app.inject({ url: '/api/impuestos-trasladados', headers: e.headers })
      ).json().data as Tax[];
      expect(taxes.map((x) => `${x.tax_type} ${x.value}`)).toContain('IVA 0.080000');
    }
  });

  it('adds the rates an enterprise uses within c_TasaOCuota: IEPS cuota, IVA withheld 2/3, ISR', async () => {
    const e = await seedEnterprise(t.deps);
    const post = (kind: string, body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/impuestos-${kind}`,
        headers: e.headers,
        payload: body,
      });
    const gasolina = await post('trasladados', {
      tax_type: 'IEPS',
      tipo_factor: 'Cuota',
      value: '6.4555',
      additional_description: 'Gasolina menor a 91 octanos, por litro',
    });
    expect(gasolina.statusCode).toBe(201);
    expect(gasolina.json().data).toMatchObject({
      tax_type: 'IEPS',
      tipo_factor: 'Cuota',
      value: '6.455500',
      status: true,
    });
    const dosTercios = await post('retenidos', {
      tax_type: 'IVA',
      tipo_factor: 'Tasa',
      value: '0.106667',
    });
    expect(dosTercios.json().data).toMatchObject({ tax_type: 'IVA', value: '0.106667' });
    // The group screen offers it: IEPS cuota has a group of its own.
    const grupos = (
      await t.app.inject({
        url: '/api/rubros-impuestos/get-impuestos-trasladados',
        headers: e.headers,
      })
    ).json().data;
    const cuota = grupos.impuestos_trasladados.find(
      (g: { group: string }) => g.group === 'IEPS cuota',
    );
    expect(cuota.impuestos.map((x: Tax) => x.value)).toEqual(['6.455500']);

    const repetido = await post('retenidos', {
      tax_type: 'IVA',
      tipo_factor: 'Tasa',
      value: '0.106667',
    });
    expect(repetido.statusCode).toBe(422);
    expect(repetido.json().dataError.value).toEqual(['Ese impuesto ya está en su lista.']);
    const fueraDeRango = await post('retenidos', {
      tax_type: 'ISR',
      tipo_factor: 'Tasa',
      value: '0.40',
    });
    expect(fueraDeRango.json().dataError.value[0]).toBe(
      'El catálogo c_TasaOCuota del SAT admite para ISR retenido de 0% a 35%.',
    );
    const ivaQuince = await post('trasladados', {
      tax_type: 'IVA',
      tipo_factor: 'Tasa',
      value: '0.15',
    });
    expect(ivaQuince.json().dataError.value[0]).toMatch(/uno de estos valores: 0%, 16%, 8%/);
    const cuotaAlta = await post('trasladados', {
      tax_type: 'IEPS',
      tipo_factor: 'Cuota',
      value: '80',
    });
    expect(cuotaAlta.json().dataError.value[0]).toMatch(
      /de \$ 0\.000000 a \$ 72\.160500 por unidad/,
    );
    const isrTrasladado = await post('trasladados', {
      tax_type: 'ISR',
      tipo_factor: 'Tasa',
      value: '0.10',
    });
    expect(isrTrasladado.json().dataError.tax_type ?? isrTrasladado.json().dataError.value).toEqual(
      ['El SAT no admite ISR trasladado (catálogo c_TasaOCuota).'],
    );
    const iva8 = await post('trasladados', { tax_type: 'IVA', tipo_factor: 'Tasa', value: '0.08' });
    expect(iva8.json().dataError.value[0]).toMatch(/región fronteriza/);
    const exentoRetenido = await post('retenidos', { tax_type: 'IVA', tipo_factor: 'Exento' });
    expect(exentoRetenido.statusCode).toBe(422);
  });
});
