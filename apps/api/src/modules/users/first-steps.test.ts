import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCsd } from '@repo/cfdi/csd';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { seedEnterprise, type SeededEnterprise } from '../../db/seed/seed-enterprise.ts';
import { withTransaction } from '../../db/transaction.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { saveSellos } from '../sellos-fiscales/sellos-fiscales.service.ts';
import { createRubro } from '../rubros-impuestos/rubro-guardado.service.ts';
import { checkFirstSteps } from './first-steps.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function check(e: SeededEnterprise) {
  return t.app.inject({
    method: 'GET',
    url: '/api/users/check-first-steps-completed',
    headers: e.headers,
  });
}

async function firstStepsCompleted(db: Db, userId: number) {
  const [row] = await db
    .select({ done: users.first_steps_completed })
    .from(users)
    .where(eq(users.id, userId));
  return row?.done;
}

async function addClientAndProduct(e: SeededEnterprise) {
  const rubro = await createRubro(t.deps.db, e.enterpriseId, {
    name: 'Sin impuestos',
    objeto_impuesto_key: '01',
    impuestos_trasladados: [],
    impuestos_retenidos: [],
    impuestos_locales_trasladados: [],
    impuestos_locales_retenidos: [],
  });
  await t.deps.db.execute(
    sql`insert into clients (enterprise_id, name_razon_social, rfc, uso_cfdi, regimen_fiscal) values (${e.enterpriseId}, 'CLIENTE', 'XAXX010101000', 'S01', '616')`,
  );
  await t.deps.db.execute(
    sql`insert into products_services (enterprise_id, product_service_key, product_service_name, unit_key, unit_name, unity_price, description, rubro_impuesto_id)
        values (${e.enterpriseId}, '01010101', 'No existe en el catálogo', 'H87', 'Pieza', 10, 'Producto', ${rubro.id})`,
  );
}

describe('check-first-steps-completed', () => {
  it('answers four false flags for a new enterprise and stores nothing', async () => {
    const e = await seedEnterprise(t.deps);
    const res = await check(e);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        client_created: false,
        product_service_created: false,
        sellos_digitales_created: false,
        invoice_created: false,
      },
    });
    expect(await firstStepsCompleted(t.deps.db, e.userId)).toBe(false);
  });

  it('follows the real data: a client, a product, seals; another enterprise never counts', async () => {
    const rfc = 'FSC900101AB1';
    const e = await seedEnterprise(t.deps, { rfc });
    const other = await seedEnterprise(t.deps);
    await addClientAndProduct(e);
    const csd = generateTestCsd({ rfc, nombre: 'EMPRESA' });
    await saveSellos(
      t.deps.db,
      t.deps.secret,
      e.enterpriseId,
      {
        cer: { filename: 'a.cer', data: csd.cer },
        key: { filename: 'a.key', data: csd.key },
        password: csd.password,
      },
      new Date(),
    );
    expect((await check(e)).json().data).toEqual({
      client_created: true,
      product_service_created: true,
      sellos_digitales_created: true,
      invoice_created: false,
    });
    // Three of four is not done.
    expect(await firstStepsCompleted(t.deps.db, e.userId)).toBe(false);
    expect(Object.values((await check(other)).json().data)).toEqual([false, false, false, false]);
    await t.deps.database.exec(`update enterprises set rfc = '' where id = ${e.enterpriseId}`);
  });

  it('reads the invoices table once it exists and stores first_steps_completed when all four are true', async () => {
    const rfc = 'FSD900101AB2';
    const e = await seedEnterprise(t.deps, { rfc });
    await addClientAndProduct(e);
    const csd = generateTestCsd({ rfc, nombre: 'EMPRESA' });
    await saveSellos(
      t.deps.db,
      t.deps.secret,
      e.enterpriseId,
      {
        cer: { filename: 'a.cer', data: csd.cer },
        key: { filename: 'a.key', data: csd.key },
        password: csd.password,
      },
      new Date(),
    );
    // A session-local comprobantes table (it shadows the real one when the stamping migration is
    // applied), so the check is proven whichever migrations this database has; rolled back.
    const rollback = new Error('rollback');
    await expect(
      withTransaction(t.deps.db, async (tx) => {
        await tx.execute(
          sql`create temp table comprobantes (enterprise_id integer not null, tipo text not null, status text not null) on commit drop`,
        );
        expect((await checkFirstSteps(tx, e)).invoice_created).toBe(false);
        await tx.execute(
          sql`insert into comprobantes values (${e.enterpriseId}, 'I', 'rechazada'), (${e.enterpriseId}, 'P', 'timbrada')`,
        );
        expect((await checkFirstSteps(tx, e)).invoice_created).toBe(false);
        await tx.execute(
          sql`insert into comprobantes values (${e.enterpriseId}, 'I', 'pre_factura')`,
        );
        expect(await checkFirstSteps(tx, e)).toEqual({
          client_created: true,
          product_service_created: true,
          sellos_digitales_created: true,
          invoice_created: true,
        });
        expect(await firstStepsCompleted(tx, e.userId)).toBe(true);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    await t.deps.database.exec(`update enterprises set rfc = '' where id = ${e.enterpriseId}`);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/check-first-steps-completed',
    });
    expect(res.statusCode).toBe(401);
  });
});
