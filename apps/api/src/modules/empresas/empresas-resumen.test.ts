import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPac } from '@repo/pac';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { enterpriseUsers } from '../../db/schema/enterprises.ts';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import {
  V40,
  facturaPpd,
  pagoBody,
  seedCobrador,
} from '../complementos-pago/complementos-pago.test-support.ts';
import { api, seedFacturador } from '../facturas/facturas.test-support.ts';
import { ultimosDoceMeses } from '../inicio/inicio.service.ts';

// The accountant's overview (issue 27): each of the user's enterprises with its credits, invoices of
// the month, complements due by the 5th, cancellations in process and a seal about to expire.
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await buildTestApp();
  dataDir = mkdtempSync(join(tmpdir(), 'empresas-resumen-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Fila {
  id: number;
  rol: string;
  configurada: boolean;
  creditos: number;
  facturas_mes: number;
  complementos_por_emitir: number;
  cancelaciones_en_proceso: number;
  sello_vence: string | null;
  sello_por_vencer: boolean;
}

const resumen = async (e: { headers: Record<string, string> }) => {
  const res = await api(t, e, 'GET', '/api/empresas/resumen');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { mes: string; empresas: Fila[] };
};

describe('GET /api/empresas/resumen', () => {
  it("answers each of the user's enterprises with its own figures, and none of anyone else's", async () => {
    // The accountant's own enterprise: two invoices stamped this month, a PPD one paid with a
    // complement the PAC refused, and one cancellation waiting for the receiver.
    const a = await seedCobrador(t, 10);
    const ppd = await facturaPpd(t, a, { precio: '500.00' });
    const otra = await facturaPpd(t, a, { precio: '200.00' });
    const rechaza = await buildTestApp({
      database: t.deps.database,
      pac: new SandboxPac({ dataDir, catalogos: t.deps.catalogos, enLco: () => false }),
    });
    try {
      const pago = await api(
        rechaza,
        a,
        'POST',
        `${V40}/complemento-pago`,
        pagoBody(a, ppd.id, 100),
      );
      expect(pago.statusCode).toBe(422);
    } finally {
      await rechaza.close();
    }
    await t.deps.db
      .update(comprobantes)
      .set({ estatus_cancelacion: 'En proceso' })
      .where(and(eq(comprobantes.enterprise_id, a.enterpriseId), eq(comprobantes.id, otra.id)));

    // A client's enterprise the accountant reads (solo lectura), whose seal expires in 10 days.
    const b = await seedFacturador(t, { credits: 3 });
    await t.deps.db
      .insert(enterpriseUsers)
      .values({ enterprise_id: b.enterpriseId, user_id: a.userId, role: 'lectura' });
    const enDiezDias = new Date(Date.now() + 10 * 86_400_000);
    await t.deps.db.execute(
      sql`update sellos_fiscales set expiration_date = ${enDiezDias.toISOString()}
           where enterprise_id = ${b.enterpriseId}`,
    );
    // An enterprise the accountant does not belong to.
    const ajena = await seedEnterprise(t.deps, { rfc: rfcAleatorio(), credits: 99 });

    const data = await resumen(a);
    expect(data.mes).toBe(ultimosDoceMeses(new Date()).at(-1));
    expect(data.empresas.map((e) => e.id)).toEqual([a.enterpriseId, b.enterpriseId]);
    const [propia, cliente] = data.empresas;
    expect(propia).toMatchObject({
      rol: 'propietario',
      configurada: true,
      creditos: 8,
      facturas_mes: 2,
      // This month's payment is due by next month's 5th: not yet counted.
      complementos_por_emitir: 0,
      cancelaciones_en_proceso: 1,
      sello_por_vencer: false,
    });
    expect(cliente).toMatchObject({
      rol: 'lectura',
      creditos: 3,
      facturas_mes: 0,
      complementos_por_emitir: 0,
      cancelaciones_en_proceso: 0,
      sello_vence: enDiezDias.toISOString(),
      sello_vencido: false,
      sello_por_vencer: true,
    });

    // The payment was received last month: its complement is due by this month's 5th.
    const [anio, mes] = data.mes.split('-').map(Number) as [number, number];
    const anterior = mes === 1 ? `${anio - 1}-12` : `${anio}-${String(mes - 1).padStart(2, '0')}`;
    await t.deps.db.execute(
      sql`update complementos_pago set fecha_pago = ${`${anterior}-20T10:00:00`}
           where enterprise_id = ${a.enterpriseId}`,
    );
    expect((await resumen(a)).empresas[0]?.complementos_por_emitir).toBe(1);

    // Switched to the client's enterprise, that one comes first; the other user sees only theirs.
    const cambio = await api(t, a, 'POST', '/api/users/cambiar-empresa', {
      enterprise_id: b.enterpriseId,
    });
    expect(cambio.statusCode, cambio.body).toBe(200);
    const enB = { headers: { authorization: `Bearer ${cambio.json().data.token as string}` } };
    expect((await resumen(enB)).empresas.map((e) => e.id)).toEqual([
      b.enterpriseId,
      a.enterpriseId,
    ]);
    expect((await resumen(ajena)).empresas.map((e) => [e.id, e.creditos])).toEqual([
      [ajena.enterpriseId, 99],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/empresas/resumen' })).statusCode).toBe(
      401,
    );
  });
});
