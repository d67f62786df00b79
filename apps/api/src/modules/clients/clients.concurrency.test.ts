import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { countClients } from './clients.queries.ts';

// On PostgreSQL the requests race on separate connections; PGlite serialises them. The answer must
// be the same either way.
describe('client RFC uniqueness under concurrent requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets one of 20 concurrent creations with the same RFC win; the rest get the message', async () => {
    const e = await seedEnterprise(t.deps);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/clients',
          headers: e.headers,
          payload: {
            name_razon_social: `CLIENTE ${i}`,
            rfc: 'CNO010203AB1',
            usoCfdi: 'G03',
            regimenFiscal: '601',
            address: { codigo_postal: '64000' },
          },
        }),
      ),
    );
    const created = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode === 422);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.json()).toEqual({
        success: false,
        dataError: { rfc: ['Ya existe un cliente con el RFC CNO010203AB1'] },
      });
    }
    expect(await countClients(t.deps.db, e.enterpriseId)).toBe(1);
  });
});
