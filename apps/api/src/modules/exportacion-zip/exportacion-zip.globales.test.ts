import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { api } from '../facturas/facturas.test-support.ts';
import {
  appConReloj,
  GLOBALES,
  reloj,
  seedTienda,
  solicitud,
} from '../facturas-globales/facturas-globales.test-support.ts';
import { findComprobante } from '../timbrado/timbrado.queries.ts';
import { exportarPeriodo } from './exportacion-zip.test-support.ts';

// 1 February 2026, 10:00 in Tiempo del Centro: January's global invoice is stamped today.
const clock = reloj('2026-02-01T16:00:00Z');
let t: TestApp & { cerrar(): Promise<void> };

beforeAll(async () => {
  t = await appConReloj(clock);
});
afterAll(async () => {
  await t?.cerrar();
});

describe('ZIP of a period with a global invoice', () => {
  it('puts its stamped XML and its PDF in the folder Facturas globales', async () => {
    const e = await seedTienda(t, clock, { credits: 1 });
    const res = await api(t, e, 'POST', GLOBALES, solicitud(e));
    expect(res.statusCode, res.body).toBe(200);
    const row = (await findComprobante(t.deps.db, e.enterpriseId, res.json().data.id))!;

    const { exportacion, files } = await exportarPeriodo(t, e, {
      from_date: '2026-02-01',
      to_date: '2026-02-01',
    });
    expect(exportacion).toMatchObject({ total: 1, hechos: 1 });
    const base = `Facturas globales/${e.rfc}_G-1_${String(row.uuid)}`;
    expect(Object.keys(files).sort()).toEqual([`${base}.pdf`, `${base}.xml`, 'Resumen.xlsx']);
    expect(Buffer.from(files[`${base}.xml`]!).equals(Buffer.from(row.xml_timbrado!))).toBe(true);
    expect(Buffer.from(files[`${base}.pdf`]!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
