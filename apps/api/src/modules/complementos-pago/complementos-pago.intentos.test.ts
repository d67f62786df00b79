import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPac } from '@repo/pac';
import { rowsOf } from '../../db/migrate.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { getBalance } from '../credits/credits.service.ts';
import { api } from '../facturas/facturas.test-support.ts';
import { PacEspia } from '../timbrado/timbrado.test-support.ts';
import { V40, facturaPpd, pagoBody, seedCobrador } from './complementos-pago.test-support.ts';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await buildTestApp();
  dataDir = mkdtempSync(join(tmpdir(), 'pagos-intentos-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Pago {
  comprobante: {
    status: string;
    view_status: string;
    folio: number;
    uuid: string;
    rechazo: { codigo: string; mensaje: string } | null;
  };
}

describe("an invoice's payments show the attempts the PAC did not stamp", () => {
  it('a rejected payment is listed with the PAC reason, its credit back and the balance untouched', async () => {
    const rechaza = await buildTestApp({
      database: t.deps.database,
      pac: new SandboxPac({ dataDir, catalogos: t.deps.catalogos, enLco: () => false }),
    });
    try {
      const e = await seedCobrador(t, 10);
      const f = await facturaPpd(t, e, { precio: '500.00' });
      const antes = await getBalance(t.deps.db, e.enterpriseId);
      const res = await api(rechaza, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, f.id, 100));
      expect(res.statusCode).toBe(422);
      expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(antes);

      const list = (await api(t, e, 'GET', `${V40}/complemento-pago/${f.id}`)).json().data;
      expect(list.saldo).toMatchObject({ pagado: '0.00', saldo: '580.00' });
      const [intento] = list.data as Pago[];
      expect(intento?.comprobante).toMatchObject({
        status: 'rechazada',
        view_status: 'Rechazado por el PAC',
        folio: 1,
        uuid: '',
        rechazo: { codigo: '402' },
      });
      expect(intento?.comprobante.rechazo?.mensaje).toMatch(/Lista de Contribuyentes Obligados/);

      // The receivables view shows the SAT's deadline for that payment, which has no complement.
      const pendiente = async () =>
        (await api(t, e, 'GET', `${V40}/${e.enterpriseId}/ppd-pending-payments`))
          .json()
          .data.data.find((r: { id: number }) => r.id === f.id);
      const [fechaRechazado] = rowsOf<{ fecha_pago: string }>(
        await t.deps.db.execute(
          sql`select fecha_pago from complementos_pago where enterprise_id = ${e.enterpriseId}`,
        ),
      );
      expect((await pendiente()).pago_sin_complemento).toBe(fechaRechazado!.fecha_pago);

      // The next payment takes the next folio and is the first parcialidad.
      const ok = await api(t, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, f.id, 100));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.data.comprobante).toMatchObject({ folio: 2, status: 'timbrada' });
      expect(ok.json().data.data.documento_relacionado.num_parcialidad).toBe(1);
      // Registered again and stamped: every payment has its complement, no deadline is shown.
      expect((await pendiente()).pago_sin_complemento).toBeNull();
    } finally {
      await rechaza.close();
    }
  });

  it('a payment whose PAC answer was lost is listed as waiting for the PAC, its credit reserved', async () => {
    const espia = new PacEspia(new SandboxPac({ dataDir, catalogos: t.deps.catalogos }), 1);
    const pierde = await buildTestApp({ database: t.deps.database, pac: espia });
    try {
      const e = await seedCobrador(t, 10);
      const f = await facturaPpd(t, e, { precio: '500.00' });
      const antes = await getBalance(t.deps.db, e.enterpriseId);
      const res = await api(pierde, e, 'POST', `${V40}/complemento-pago`, pagoBody(e, f.id, 100));
      expect(res.statusCode).toBe(503);
      expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(antes - 1);

      const list = (await api(t, e, 'GET', `${V40}/complemento-pago/${f.id}`)).json().data;
      const [intento] = list.data as Pago[];
      expect(intento?.comprobante).toMatchObject({
        status: 'pendiente_pac',
        view_status: 'Pendiente de respuesta del PAC',
        folio: 1,
        rechazo: null,
      });
      // Not paid until it is stamped.
      expect(list.saldo).toMatchObject({ pagado: '0.00', saldo: '580.00' });
    } finally {
      await pierde.close();
    }
  });
});
