import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/catalogos${url}` });
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/catalogos${url}`, payload });

describe('catálogos del SAT sin sesión', () => {
  it('lists the 32 Mexican states and finds one by key', async () => {
    const res = await get('/estados');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(32);
    expect(body.data).toContainEqual({ clave: 'CMX', nombre: 'Ciudad de México', pais: 'MEX' });
    const one = await get('/estados/key/jal');
    expect(one.json().data).toEqual({ clave: 'JAL', nombre: 'Jalisco', pais: 'MEX' });
    const missing = await get('/estados/key/XXX');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().dataError).toBe('El estado no existe en el catálogo del SAT.');
  });

  it('gives the regimes of a person type, by RFC length or by name', async () => {
    const all = (await get('/regimenes-fiscales')).json().data as { clave: string }[];
    expect(all.map((r) => r.clave)).toContain('626');
    const moral = (await get('/regimenes-fiscales/EKU9003173C9')).json().data as {
      clave: string;
    }[];
    expect(moral.map((r) => r.clave)).toContain('601');
    expect(moral.map((r) => r.clave)).not.toContain('605');
    const fisica = (await get('/regimenes-fiscales/fisica')).json().data as { clave: string }[];
    expect(fisica.map((r) => r.clave)).toEqual(expect.arrayContaining(['605', '612', '626']));
    expect(fisica.map((r) => r.clave)).not.toContain('601');
    const bad = await get('/regimenes-fiscales/ABC');
    expect(bad.statusCode).toBe(422);
  });

  it('gives the uses a receiver may get for its person type and regime', async () => {
    const res = await get('/usos-cfdis/XIQB891116QE4/605');
    const claves = (res.json().data as { clave: string }[]).map((u) => u.clave);
    expect(claves).toEqual([
      'CN01',
      'CP01',
      ...['D01', 'D02', 'D03', 'D04', 'D05', 'D06', 'D07', 'D08', 'D09', 'D10'],
      'S01',
    ]);
    const moral = (await get('/usos-cfdis/EKU9003173C9/601')).json().data as { clave: string }[];
    expect(moral.map((u) => u.clave)).toContain('G03');
    expect(moral.map((u) => u.clave)).not.toContain('D01');
    expect((await get('/usos-cfdis')).json().data.length).toBeGreaterThanOrEqual(20);
  });

  it('offers objetos de impuesto 01 and 02 only, and motivos de cancelación without 01 and 04', async () => {
    const objetos = (await get('/objetos-impuesto')).json().data as { clave: string }[];
    expect(objetos.map((o) => o.clave)).toEqual(['01', '02']);
    const motivos = (await get('/motivos-cancelacion')).json().data as { clave: string }[];
    expect(motivos.map((m) => m.clave)).toEqual(['02', '03']);
  });

  it('lists formas y métodos de pago, países and the most used units', async () => {
    const formas = (await get('/formas-pagos')).json().data as {
      clave: string;
      descripcion: string;
    }[];
    expect(formas).toContainEqual(
      expect.objectContaining({ clave: '03', descripcion: 'Transferencia electrónica de fondos' }),
    );
    const metodos = (await get('/metodos-pago')).json().data as { clave: string }[];
    expect(metodos.map((m) => m.clave)).toEqual(['PUE', 'PPD']);
    const paises = (await get('/paises')).json().data as { clave: string; descripcion: string }[];
    expect(paises).toContainEqual({ clave: 'MEX', descripcion: 'México' });
    const unidades = (await get('/unidades/most-used')).json().data as { clave: string }[];
    expect(unidades[0]).toEqual(expect.objectContaining({ clave: 'H87', nombre: 'Pieza' }));
  });

  it('searches productos y servicios ranked and paginated', async () => {
    const res = await post('/productos-servicios/search?page=1&per_page=5', {
      data_search: 'gato',
    });
    const body = res.json().data;
    expect(body.current_page).toBe(1);
    expect(body.per_page).toBe(5);
    expect(body.data.map((r: { clave: string }) => r.clave)).toContain('10101501');
    const keys = await post('/productos-servicios/search?page=2&per_page=5', {
      data_search: '8411',
    });
    const page2 = keys.json().data;
    expect(page2.current_page).toBe(2);
    expect(page2.data.every((r: { clave: string }) => r.clave.startsWith('8411'))).toBe(true);
    expect(page2.last_page).toBe(Math.ceil(page2.total / 5));
  });

  it('searches units by key and by name', async () => {
    const res = await post('/unidades/search', { data_search: 'kilogramo' });
    expect(res.json().data.data[0]).toEqual(expect.objectContaining({ clave: 'KGM' }));
    const byKey = await post('/unidades/search', { data_search: 'h87' });
    expect(byKey.json().data.data[0].clave).toBe('H87');
  });

  it('answers a postal code with CMX (not DIF), its municipio, localidad and colonias', async () => {
    const res = await post('/codigos-postales/search', { codigo_postal: '06600' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(
      expect.objectContaining({
        codigo_postal: '06600',
        clave_estado: 'CMX',
        clave_municipio: '015',
        clave_localidad: '06',
        estimulo_franja_fronteriza: false,
      }),
    );
    expect(res.json().data.referencias_huso_horario.descripcion).toBe('Tiempo del Centro');
    const mun = (await post('/municipios/search', { codigo_postal: '06600' })).json().data;
    expect(mun).toEqual([{ clave: '015', clave_estado: 'CMX', descripcion: 'Cuauhtémoc' }]);
    const loc = (await post('/localidades/search', { codigo_postal: '06600' })).json().data;
    expect(loc[0].clave_estado).toBe('CMX');
    const col = (await post('/colonias/search', { codigo_postal: '06600' })).json().data as {
      nombre_asentamiento: string;
    }[];
    expect(col.map((c) => c.nombre_asentamiento)).toContain('Juárez');
    const frontera = (await post('/codigos-postales/search', { codigo_postal: '22000' })).json();
    expect(frontera.data.clave_estado).toBe('BCN');
    expect(frontera.data.estimulo_franja_fronteriza).toBe(true);
  });

  it('refuses a postal code that is not 5 characters with a 422 in Spanish, and a 404 for an unknown one', async () => {
    for (const url of [
      '/codigos-postales/search',
      '/colonias/search',
      '/municipios/search',
      '/localidades/search',
    ]) {
      const res = await post(url, { codigo_postal: '066' });
      expect(res.statusCode).toBe(422);
      expect(res.json().dataError).toEqual({
        codigo_postal: ['El código postal debe tener 5 caracteres.'],
      });
    }
    const unknown = await post('/codigos-postales/search', { codigo_postal: '00000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().dataError).toBe('El código postal no existe en el catálogo del SAT.');
  });

  it('sends ETag and Cache-Control, and 304 when the ETag matches', async () => {
    const first = await get('/estados');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/catalogos/estados',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
