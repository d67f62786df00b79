import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PacRechazoError, SandboxPac, type Pac } from '@repo/pac';
import { catalogosDePrueba } from '../../../../../packages/cfdi/test/catalogos-de-prueba.ts';
import { comprobantes } from '../../db/schema/comprobantes.ts';
import { creditLedger } from '../../db/schema/credit-ledger.ts';
import type { AppError } from '../../http/errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { getBalance } from '../credits/credits.service.ts';
import { crearRecuperacion, esperaTrasIntentos, type Recuperacion } from './recuperacion.ts';
import { findComprobante, listPacCalls } from './timbrado.queries.ts';
import { timbrarComprobante, type TimbradoDeps } from './timbrado.service.ts';
import {
  PacEspia,
  PacQueSeCae,
  seedEmpresaTimbrado,
  type EmpresaTimbrado,
} from './timbrado.test-support.ts';

// The recovery job resends sealed documents whose PAC answer never came, of every enterprise. Each
// test seals its documents on a clock of its own six hours back (the CSD is valid from a day back,
// the PAC takes a Fecha up to 72 hours old) and runs the job on that clock: documents that other
// test files are sealing right now are not due for it. Documents other runs left sealed on this
// database may be resent too, so every assertion is about the test's own documents.
let t: TestApp;
let dataDir: string;
let sandbox: SandboxPac;
const MIN = 60_000;
const haceSeisHoras = () => new Date(Date.now() - 6 * 3600_000);

const depsCon = (pac: Pac, now: () => Date): TimbradoDeps => ({
  db: t.deps.db,
  secret: t.deps.secret,
  now,
  pac,
  catalogos: catalogosDePrueba,
});

/** Seals a document the PAC never answers: it stays 'sellada' with its credit reserved. */
async function sellarSinRespuesta(e: EmpresaTimbrado, pac: Pac, instante: Date) {
  const err = await timbrarComprobante(
    depsCon(pac, () => instante),
    {
      enterpriseId: e.enterpriseId,
      serieId: e.serieId,
      buildComprobante: (ctx) => e.factura(ctx),
    },
  ).catch((x: unknown) => x);
  expect((err as AppError).status).toBe(503);
  const [row] = await t.deps.db
    .select({ id: comprobantes.id, status: comprobantes.status })
    .from(comprobantes)
    .where(eq(comprobantes.enterprise_id, e.enterpriseId))
    .orderBy(comprobantes.id)
    .offset((await contar(e)) - 1);
  expect(row?.status).toBe('sellada');
  return row?.id ?? -1;
}

/** Every pass until none is due on the job's clock; how many times `xml` was sent meanwhile. */
async function pasadas(job: Recuperacion, pac: { enviados: string[] }, xml: string) {
  const antes = pac.enviados.filter((x) => x === xml).length;
  let n = 0;
  while ((await job.pasada()) > 0 && n < 20) n += 1;
  return pac.enviados.filter((x) => x === xml).length - antes;
}

async function xmlDe(e: EmpresaTimbrado, id: number) {
  return (await findComprobante(t.deps.db, e.enterpriseId, id))?.xml_sellado ?? 'ninguno';
}

async function contar(e: EmpresaTimbrado) {
  const rows = await t.deps.db
    .select({ id: comprobantes.id })
    .from(comprobantes)
    .where(eq(comprobantes.enterprise_id, e.enterpriseId));
  return rows.length;
}

async function gastos(e: EmpresaTimbrado) {
  return t.deps.db
    .select({ credits: creditLedger.credits, reference: creditLedger.reference })
    .from(creditLedger)
    .where(and(eq(creditLedger.enterprise_id, e.enterpriseId), eq(creditLedger.kind, 'spend')));
}

beforeAll(async () => {
  t = await buildTestApp();
  dataDir = mkdtempSync(join(tmpdir(), 'recuperacion-test-'));
  sandbox = new SandboxPac({ dataDir, catalogos: catalogosDePrueba, validarEsquema: false });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('recovery job', () => {
  it('stamps later a document whose first PAC call timed out, with one credit spent', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 1 });
    const sellado = haceSeisHoras();
    const pac = new PacQueSeCae(sandbox, 1);
    const id = await sellarSinRespuesta(e, pac, sellado);
    const xml = await xmlDe(e, id);
    // The credit is reserved while the answer is pending.
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(0);

    let ahora = new Date(sellado.getTime() + 30_000);
    const job = crearRecuperacion(depsCon(pac, () => ahora));
    // The request that sealed it may still be waiting for the PAC: not resent yet.
    expect(await pasadas(job, pac, xml)).toBe(0);
    expect((await findComprobante(t.deps.db, e.enterpriseId, id))?.status).toBe('sellada');
    ahora = new Date(sellado.getTime() + 3 * MIN);
    expect(await pasadas(job, pac, xml)).toBe(1);

    const row = await findComprobante(t.deps.db, e.enterpriseId, id);
    expect(row?.status).toBe('timbrada');
    expect(row?.uuid).toMatch(/^[0-9A-F-]{36}$/i);
    // The same bytes, the same folio, one credit spent and never refunded.
    expect(row?.xml_timbrado).toContain(`Folio="1"`);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(0);
    expect((await gastos(e)).map((g) => g.credits)).toEqual([-1]);
    // Nothing more to do.
    expect(await pasadas(job, pac, xml)).toBe(0);
  });

  it('stores the first stamp when the PAC had stamped it and only the answer was lost', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 3 });
    const sellado = haceSeisHoras();
    const pac = new PacEspia(sandbox, 1);
    const id = await sellarSinRespuesta(e, pac, sellado);
    const perdido = pac.uuids.at(-1);
    const job = crearRecuperacion(depsCon(pac, () => new Date(sellado.getTime() + 3 * MIN)));
    expect(await pasadas(job, pac, await xmlDe(e, id))).toBe(1);
    const row = await findComprobante(t.deps.db, e.enterpriseId, id);
    expect(row?.status).toBe('timbrada');
    // The PAC's idempotent answer: the UUID of its first stamp, never a second one.
    expect(row?.uuid).toBe(perdido);
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);
  });

  it('waits longer after each unanswered resend', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 1 });
    const sellado = haceSeisHoras();
    const pac = new PacQueSeCae(sandbox, 1);
    const id = await sellarSinRespuesta(e, pac, sellado);
    const xml = await xmlDe(e, id);
    let ahora = sellado;
    const job = crearRecuperacion(
      depsCon(pac, () => ahora),
      { esperaBaseMs: MIN },
    );
    const enviosA = async (minutos: number, caidas: number) => {
      ahora = new Date(sellado.getTime() + minutos * MIN);
      pac.caidas = caidas;
      return pasadas(job, pac, xml);
    };
    expect(await enviosA(3, 1)).toBe(1); // unanswered: next in 1 minute
    expect(await enviosA(3.9, 1)).toBe(0);
    expect(await enviosA(4, 1)).toBe(1); // unanswered: next in 2 minutes
    expect(await enviosA(5.9, 1)).toBe(0);
    expect(await enviosA(6, 1)).toBe(1); // unanswered: next in 4 minutes
    expect(await enviosA(9.9, 0)).toBe(0);
    expect(await enviosA(10, 0)).toBe(1); // answered
    expect((await findComprobante(t.deps.db, e.enterpriseId, id))?.status).toBe('timbrada');
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(0);
    expect(esperaTrasIntentos(40, MIN, 30 * MIN)).toBe(30 * MIN);
  });

  it('records a rejection of the resend with the reason and refunds the credit', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 1 });
    const sellado = haceSeisHoras();
    const id = await sellarSinRespuesta(e, new PacQueSeCae(sandbox, 1), sellado);
    const xml = await xmlDe(e, id);
    const enviados: string[] = [];
    const rechaza: Pac = {
      timbrar: (x) => {
        enviados.push(x);
        return Promise.reject(
          new PacRechazoError('CFDI40102', 'El resultado de la digestión debe ser igual.', '', []),
        );
      },
      cancelar: (i) => sandbox.cancelar(i),
      consultarEstado: (i) => sandbox.consultarEstado(i),
    };
    const job = crearRecuperacion(depsCon(rechaza, () => new Date(sellado.getTime() + 3 * MIN)));
    expect(await pasadas(job, { enviados }, xml)).toBe(1);
    const row = await findComprobante(t.deps.db, e.enterpriseId, id);
    expect(row?.status).toBe('rechazada');
    expect(row?.rechazo_codigo).toBe('CFDI40102');
    expect(row?.rechazo_mensaje).toContain('digestión');
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(1);
    const calls = await listPacCalls(t.deps.db, e.enterpriseId, id);
    expect(calls.map((c) => c.outcome)).toEqual(['no-disponible', 'rechazado']);
  });
});

// PostgreSQL only: PGlite has a single connection, so two processes cannot race on it.
describe.runIf(process.env.TEST_DATABASE_URL)('recovery job on PostgreSQL', () => {
  it('two job instances racing resend each document exactly once', async () => {
    const e = await seedEmpresaTimbrado(t.deps, { credits: 6 });
    const sellado = haceSeisHoras();
    const caida = new PacQueSeCae(sandbox, 4);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await sellarSinRespuesta(e, caida, sellado));
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);
    // A slow PAC, so both instances are inside a resend at the same time.
    const pac = new PacQueSeCae(sandbox, 0, 150);
    const now = () => new Date(sellado.getTime() + 3 * MIN);
    const a = crearRecuperacion(depsCon(pac, now));
    const b = crearRecuperacion(depsCon(pac, now));
    const [na, nb] = await Promise.all([a.pasada(), b.pasada()]);
    expect(na).toBeGreaterThan(0);
    expect(nb).toBeGreaterThan(0);
    for (const id of ids) {
      // Each sealed XML went to the PAC exactly once more, and one stamp was stored.
      const xml = await xmlDe(e, id);
      expect(pac.enviados.filter((x) => x === xml)).toHaveLength(1);
      const row = await findComprobante(t.deps.db, e.enterpriseId, id);
      expect(row?.status).toBe('timbrada');
      const ok = (await listPacCalls(t.deps.db, e.enterpriseId, id)).filter(
        (c) => c.outcome === 'ok',
      );
      expect(ok).toHaveLength(1);
    }
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(2);
    expect(await gastos(e)).toHaveLength(4);
  });
});
