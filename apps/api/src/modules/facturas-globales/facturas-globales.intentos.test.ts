import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacturaGlobalMes } from '@repo/contracts/facturas-globales';
import { buildTestApp } from '../../test/build-test-app.ts';
import { getBalance } from '../credits/credits.service.ts';
import { api } from '../facturas/facturas.test-support.ts';
import { PacEspia } from '../timbrado/timbrado.test-support.ts';
import {
  GLOBALES,
  appConReloj,
  reloj,
  seedTienda,
  solicitud,
} from './facturas-globales.test-support.ts';

// 1 February 2026, 10:00 in Tiempo del Centro (CP 42501): January's global is due today.
const clock = reloj('2026-02-01T16:00:00Z');
let t: Awaited<ReturnType<typeof appConReloj>>;

beforeAll(async () => {
  t = await appConReloj(clock);
});
afterAll(async () => {
  await t?.cerrar();
});

describe('a global invoice whose PAC answer never came', () => {
  it('shows in the year list and its detail as waiting for the PAC, not as stamped, its credit reserved', async () => {
    const e = await seedTienda(t, clock, { credits: 2 });
    const pierde = await buildTestApp({
      database: t.deps.database,
      catalogos: t.deps.catalogos,
      pac: new PacEspia(t.deps.pac, 1),
      now: clock.now,
    });
    try {
      const res = await api(pierde, e, 'POST', GLOBALES, solicitud(e));
      expect(res.statusCode).toBe(503);
      expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);

      const year = await api(t, e, 'POST', `${GLOBALES}/search`, { year: 2026 });
      const [enero] = year.json().data.months as FacturaGlobalMes[];
      expect(enero).toMatchObject({
        status: 'pendiente_pac',
        view_status: 'Pendiente de respuesta del PAC',
        folio: 1,
      });
      const detalle = await api(t, e, 'GET', `${GLOBALES}/${enero!.id}`);
      expect(detalle.statusCode).toBe(200);
      expect(detalle.json().data).toMatchObject({
        status: 'pendiente_pac',
        view_status: 'Pendiente de respuesta del PAC',
        editable: false,
      });
    } finally {
      await pierde.close();
    }
  });
});

describe('a global invoice sent twice at once with one Idempotency-Key', () => {
  it('answers the same stamped global to both, as every other type does, and charges one credit', async () => {
    for (const credits of [3, 1]) {
      const e = await seedTienda(t, clock, { credits });
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: GLOBALES,
          headers: { ...e.headers, 'idempotency-key': `doble-clic-global-${e.enterpriseId}` },
          payload: solicitud(e) as unknown as Record<string, unknown>,
        });
      const [a, b] = await Promise.all([send(), send()]);
      expect(a.statusCode, a.body).toBe(200);
      expect(b.statusCode, b.body).toBe(200);
      expect(b.json().data.id).toBe(a.json().data.id);
      expect(b.json().data.uuid).toBe(a.json().data.uuid);
      expect(a.json().data.status).toBe('timbrada');
      expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(credits - 1);
      const year = await api(t, e, 'POST', `${GLOBALES}/search`, { year: 2026 });
      const [enero] = year.json().data.months as FacturaGlobalMes[];
      expect(enero).toMatchObject({ status: 'timbrada', id: a.json().data.id, canceladas: 0 });
    }
  });
});
