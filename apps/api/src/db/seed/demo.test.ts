import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { openPrivateTestDatabase } from '../../test/test-db.ts';
import type { Database } from '../client.ts';
import { loadSellosForSigning } from '../../modules/sellos-fiscales/sellos-fiscales.service.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, databaseHasNoUsers, seedDemo } from './demo.ts';

let t: TestApp;
let database: Database;
beforeAll(async () => {
  // Its own database: the seed runs only where there are no users yet, and the demo RFC is one the
  // other test files also register on a shared PostgreSQL.
  database = await openPrivateTestDatabase();
  t = await buildTestApp({ database });
});
afterAll(async () => {
  await t.close();
  await database.close();
});

describe('demo account', () => {
  it('signs in with the printed credentials and is ready to invoice', async () => {
    const demo = await seedDemo(t.deps);
    try {
      expect(await databaseHasNoUsers(t.deps.db)).toBe(false);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const headers = { authorization: `Bearer ${login.json().data.token}` };
      const id = demo.enterpriseId;
      const get = async (url: string) =>
        (await t.app.inject({ method: 'GET', url, headers })).json().data;

      expect(await get(`/api/datos-fiscales/${id}`)).toMatchObject({
        rfc: 'EKU9003173C9',
        razon_social: 'ESCUELA KEMPER URGATE',
        regimen_fiscal: '601',
        codigo_postal: '42501',
      });
      expect(await get(`/api/sellos-fiscales/${id}`)).toMatchObject({
        sellos_fiscales_registered: true,
        rfc: 'EKU9003173C9',
        is_expired: false,
      });
      for (const kind of ['facturas-ingreso', 'facturas-globales', 'recepcion-pagos']) {
        expect(await get(`/api/series/${id}/${kind}`)).toHaveLength(1);
      }
      const rubros = (await get('/api/rubros-impuestos')) as { name: string }[];
      // The defaults of a new account, once each (a persona moral: no group with retenciones of a
      // persona física), and the demo's own group.
      expect(rubros.map((r) => r.name)).toEqual([
        'Exento de IVA',
        'IVA 0%',
        'IVA 16%',
        'No objeto de impuesto',
        'Servicios profesionales (IVA 16%, retención ISR 10% e IVA 2/3)',
      ]);
      const clients = await get('/api/clients');
      expect(clients.data.map((c: { rfc: string }) => c.rfc).sort()).toEqual([
        'CACX7605101P8',
        'XAXX010101000',
      ]);
      const products = await get('/api/products-services');
      expect(products.data.map((p: { description: string }) => p.description)).toEqual([
        'Colegiatura mensual',
        'Honorarios por consultoría',
        'Paquete de útiles escolares',
      ]);
      // One stamped invoice (one credit spent) and one pre-invoice to try the invoice screens with.
      const credits = await get('/api/users/get-total-remaining-credits');
      expect(credits.user_total_remaining_credits).toBe(9);
      const facturas = await get('/api/facturacion/V40/facturas-ingreso');
      expect(
        facturas.data.map((f: { status: string; serie: string; folio: number | null }) => [
          f.status,
          f.serie,
          f.folio,
        ]),
      ).toEqual([
        ['pre_factura', 'A', null],
        ['timbrada', 'A', 1],
      ]);
      expect(facturas.data[1].total).toBe('2900.00');
      const { certificado } = await loadSellosForSigning(t.deps.db, t.deps.secret, id);
      expect(certificado.rfc).toBe('EKU9003173C9');
    } finally {
      // Leave a shared PostgreSQL test database as it was: the demo e-mail and RFC are unique.
      await t.deps.db.execute(
        sql`delete from products_services where enterprise_id = ${demo.enterpriseId}`,
      );
      await t.deps.db.execute(sql`delete from enterprises where id = ${demo.enterpriseId}`);
      await t.deps.db.execute(sql`delete from users where id = ${demo.userId}`);
    }
  });
});
