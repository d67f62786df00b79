import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogos } from '@repo/catalogos';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { createPac } from '../../pac/create-pac.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  facturaPpd,
  pagoBody,
  seedCobrador,
  V40,
} from '../complementos-pago/complementos-pago.test-support.ts';
import { getBalance } from '../credits/credits.service.ts';
import { api, basico, seedFacturador } from '../facturas/facturas.test-support.ts';
import { createTiposDeCambio } from './tipos-de-cambio.service.ts';

/**
 * Issue 24: with no Banxico token the newest reference is the committed history's (21/01/2026), and
 * the clock is fixed on 24/11/2026, ten months later (nothing here depends on today). A rate no day
 * could make acceptable is refused before a credit is spent, naming the reference and its date; a
 * plausible one is stamped by the sandbox PAC, which weighs the same reference.
 */
describe('exchange rates months after the newest reference', () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'tc-antiguo-'));
  const now = () => new Date('2026-11-24T18:00:00Z'); // 12:00 in Zona Centro
  beforeAll(async () => {
    const tiposDeCambio = createTiposDeCambio({ BANXICO_TOKEN: '' }, { now });
    const pac = createPac(
      { PAC: 'sandbox', DATA_DIR: dir, PAC_SANDBOX_CAS: '' } as Parameters<typeof createPac>[0],
      loadCatalogos(),
      { clock: now, tiposDeCambio },
    );
    t = await buildTestApp({ now, pac, tiposDeCambio });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const contar = async (enterpriseId: number) => {
    const [row] = await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(comprobantes)
      .where(eq(comprobantes.enterprise_id, enterpriseId));
    return row?.n ?? 0;
  };

  it('an invoice in USD at 1 or 1,000, or in EUR at 0.05, is refused on tipo_cambio; nothing is stamped or spent', async () => {
    const e = await seedFacturador(t, { credits: 3, now: now() });
    const { draft } = await basico(t, e);
    const casos = [
      ['USD', '1', '(FIX de Banxico del 21/01/2026: 17.4520 pesos por USD)'],
      ['USD', '1000', '(FIX de Banxico del 21/01/2026: 17.4520 pesos por USD)'],
      ['EUR', '0.05', '(tipo de cambio de Banxico del 21/01/2026: 20.4415 pesos por EUR)'],
    ] as const;
    for (const [moneda, tipo_cambio, referencia] of casos) {
      const res = await api(t, e, 'POST', `${V40}/facturas-ingreso`, {
        ...draft({ moneda, tipo_cambio }),
      });
      expect(res.statusCode, res.body).toBe(422);
      const [mensaje] = res.json().dataError.tipo_cambio as string[];
      expect(mensaje).toContain(
        `El tipo de cambio ${tipo_cambio} queda fuera de lo que el SAT puede admitir: el tipo de cambio de referencia más reciente es del 21/01/2026 ${referencia}, de hace 307 días`,
      );
      expect(mensaje).toMatch(/Verifique el tipo de cambio del día\.$/);
    }
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(3);
    expect(await contar(e.enterpriseId)).toBe(0);
    // A plausible rate of the day is stamped.
    const bien = await api(t, e, 'POST', `${V40}/facturas-ingreso`, {
      ...draft({ moneda: 'USD', tipo_cambio: '18.4207' }),
    });
    expect(bien.statusCode, bien.body).toBe(200);
    expect(bien.json().data.factura).toMatchObject({ status: 'timbrada' });
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);
  });

  it('a payment in USD at 1, or in MXN at 1 peso per dollar, is refused on tipo_cambio; nothing is stamped or spent', async () => {
    const e = await seedCobrador(t, 3, now());
    const f = await facturaPpd(t, e, { moneda: 'USD', tipo_cambio: '18.40', precio: '100.00' });
    const antes = await getBalance(t.deps.db, e.enterpriseId);
    const n = await contar(e.enterpriseId);
    const dia = '2026-11-24 10:00:00';

    const enDolares = await api(
      t,
      e,
      'POST',
      `${V40}/complemento-pago`,
      pagoBody(e, f.id, 116, { payment_date: dia, tipo_cambio: '1', forma_pago: '03' }),
    );
    expect(enDolares.statusCode, enDolares.body).toBe(422);
    expect(enDolares.json().dataError.tipo_cambio[0]).toMatch(
      /^El tipo de cambio del pago 1 queda fuera de lo que el SAT puede admitir: el tipo de cambio de referencia más reciente es del 21\/01\/2026 \(FIX de Banxico del 21\/01\/2026: 17\.4520 pesos por USD\), de hace 307 días, .* solo puede estar de 8\.2897 a 36\.6492\. Verifique el tipo de cambio del día\.$/,
    );

    const enPesos = await api(
      t,
      e,
      'POST',
      `${V40}/complemento-pago`,
      pagoBody(e, f.id, 116, {
        payment_date: dia,
        moneda_p: 'MXN',
        tipo_cambio: '1',
        forma_pago: '03',
      }),
    );
    expect(enPesos.statusCode, enPesos.body).toBe(422);
    expect(enPesos.json().dataError.tipo_cambio[0]).toMatch(
      /^El tipo de cambio del pago \(EquivalenciaDR 1\) 1 queda fuera de lo que el SAT puede admitir: .*17\.4520 pesos por USD.*Verifique el tipo de cambio del día\.$/,
    );
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(antes);
    expect(await contar(e.enterpriseId)).toBe(n);

    // 116.00 dollars at 18.40 pesos: 2134.40 pesos, stamped.
    const bien = await api(
      t,
      e,
      'POST',
      `${V40}/complemento-pago`,
      pagoBody(e, f.id, 2134.4, {
        payment_date: dia,
        moneda_p: 'MXN',
        tipo_cambio: '18.40',
        forma_pago: '03',
      }),
    );
    expect(bien.statusCode, bien.body).toBe(200);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(antes - 1);
  });
});
