import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { ensureDefaultConfiguration } from '../enterprises/default-configuration.ts';
import { api, basico, seedFacturador, type Facturador } from '../facturas/facturas.test-support.ts';
import { issueNewClientToken } from '../new-client/new-client-links.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Tax = { id: number; value: string | null; additional_description: string };

async function agregar(e: Facturador, kind: string, body: object): Promise<Tax> {
  const res = await api(t, e, 'POST', `/api/impuestos-${kind}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Tax;
}

async function lista(e: Facturador, kind: string): Promise<Tax[]> {
  return (await api(t, e, 'GET', `/api/impuestos-${kind}`)).json().data as Tax[];
}

const CUOTA = { tax_type: 'IEPS', tipo_factor: 'Cuota', value: '6.4555' } as const;

describe('editing and deleting the rates an enterprise added', () => {
  it('edits an unused rate within c_TasaOCuota and deletes it', async () => {
    const e = await seedFacturador(t);
    const cuota = await agregar(e, 'trasladados', CUOTA);
    const editado = await api(t, e, 'PUT', `/api/impuestos-trasladados/${cuota.id}`, {
      ...CUOTA,
      value: '5.9195',
      additional_description: 'Diésel, por litro',
    });
    expect(editado.statusCode, editado.body).toBe(200);
    expect(editado.json().data).toMatchObject({
      value: '5.919500',
      additional_description: 'Diésel, por litro',
    });
    const fuera = await api(t, e, 'PUT', `/api/impuestos-trasladados/${cuota.id}`, {
      ...CUOTA,
      value: '80',
    });
    expect(fuera.statusCode).toBe(422);
    expect(fuera.json().dataError.value[0]).toMatch(/c_TasaOCuota/);
    expect((await lista(e, 'trasladados')).find((x) => x.id === cuota.id)?.value).toBe('5.919500');

    const borrado = await api(t, e, 'DELETE', `/api/impuestos-trasladados/${cuota.id}`);
    expect(borrado.statusCode).toBe(200);
    expect((await lista(e, 'trasladados')).some((x) => x.id === cuota.id)).toBe(false);
    expect((await api(t, e, 'DELETE', `/api/impuestos-trasladados/${cuota.id}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses to change or delete a rate a tax group uses, naming the group; its description may change', async () => {
    const e = await seedFacturador(t);
    const dosTercios = await agregar(e, 'retenidos', {
      tax_type: 'IVA',
      tipo_factor: 'Tasa',
      value: '0.106667',
    });
    const grupo = await api(t, e, 'POST', '/api/rubros-impuestos', {
      name: 'Honorarios 2/3',
      objeto_impuesto_key: '02',
      impuestos_trasladados: [{ id: e.taxes.iva16, selected: true }],
      impuestos_retenidos: [{ id: dosTercios.id, selected: true }],
    });
    expect(grupo.statusCode, grupo.body).toBe(201);

    const cambio = await api(t, e, 'PUT', `/api/impuestos-retenidos/${dosTercios.id}`, {
      tax_type: 'IVA',
      tipo_factor: 'Tasa',
      value: '0.10',
    });
    expect(cambio.statusCode).toBe(409);
    expect(cambio.json()).toMatchObject({
      dataError:
        'No se puede cambiar la tasa de este impuesto porque lo usa el grupo de impuestos «Honorarios 2/3». Quítelo del grupo primero.',
      showErrorToClient: true,
    });
    const borrar = await api(t, e, 'DELETE', `/api/impuestos-retenidos/${dosTercios.id}`);
    expect(borrar.statusCode).toBe(409);
    expect(borrar.json().dataError).toMatch(
      /^No se puede eliminar este impuesto .*Honorarios 2\/3/,
    );
    const descripcion = await api(t, e, 'PUT', `/api/impuestos-retenidos/${dosTercios.id}`, {
      tax_type: 'IVA',
      tipo_factor: 'Tasa',
      value: '0.106667',
      additional_description: 'Dos terceras partes',
    });
    expect(descripcion.statusCode, descripcion.body).toBe(200);
    expect((await lista(e, 'retenidos')).find((x) => x.id === dosTercios.id)).toMatchObject({
      value: '0.106667',
      additional_description: 'Dos terceras partes',
    });
  });

  it('refuses to delete a rate a pre-invoice line carries', async () => {
    const e = await seedFacturador(t);
    const cuota = await agregar(e, 'trasladados', CUOTA);
    const { draft } = await basico(t, e);
    const base = draft();
    const pre = await api(t, e, 'POST', '/api/facturacion/V40/pre-facturas-ingreso', {
      ...base,
      partidas: base.partidas.map((p) => ({
        ...p,
        impuestos_trasladados: [cuota.id, e.taxes.iva16],
      })),
    });
    expect(pre.statusCode, pre.body).toBeLessThan(300);
    const borrar = await api(t, e, 'DELETE', `/api/impuestos-trasladados/${cuota.id}`);
    expect(borrar.statusCode).toBe(409);
    expect(borrar.json().dataError).toBe(
      'No se puede eliminar este impuesto porque está en facturas o pre-facturas. Puede desactivarlo para que no se ofrezca en grupos nuevos.',
    );
    expect((await lista(e, 'trasladados')).some((x) => x.id === cuota.id)).toBe(true);
  });

  it('lets the initial configuration wizard add, edit and delete a rate with its token', async () => {
    const rfc = rfcAleatorio('moral');
    const e = await seedEnterprise(t.deps, { rfc, setupCompleted: false, razon_social: '' });
    await ensureDefaultConfiguration(t.deps.db, e.enterpriseId, rfc);
    const token = await issueNewClientToken(t.deps.db, e, new Date());
    const base = `/api/new-client/impuestos-retenidos/${token}`;
    const creado = await t.app.inject({
      method: 'POST',
      url: base,
      payload: { tax_type: 'ISR', tipo_factor: 'Tasa', value: '0.0125' },
    });
    // ISR 1.25 % is already in the standard list: the wizard says so as the screen does.
    expect(creado.statusCode).toBe(422);
    expect(creado.json().dataError.value).toEqual(['Ese impuesto ya está en su lista.']);
    const nuevo = await t.app.inject({
      method: 'POST',
      url: base,
      payload: { tax_type: 'ISR', tipo_factor: 'Tasa', value: '0.02' },
    });
    expect(nuevo.statusCode, nuevo.body).toBe(201);
    const id = nuevo.json().data.id as number;
    const editado = await t.app.inject({
      method: 'PUT',
      url: `${base}/${id}`,
      payload: { tax_type: 'ISR', tipo_factor: 'Tasa', value: '0.03' },
    });
    expect(editado.json().data.value).toBe('0.030000');
    const borrado = await t.app.inject({ method: 'DELETE', url: `${base}/${id}` });
    expect(borrado.statusCode).toBe(200);
    const listado = (await t.app.inject({ url: base })).json().data as Tax[];
    expect(listado.some((x) => x.id === id)).toBe(false);
  });
});
