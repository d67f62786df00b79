import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { comprobantePacCalls, comprobantes } from '../../db/schema/comprobantes.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import { guardarRespuesta, type Respuesta } from './respuestas.queries.ts';

/**
 * The PAC's stamps that arrive together are stored by one statement (respuestas.queries.ts); when
 * that statement fails, each is stored on its own with its own outcome. PGlite by default,
 * PostgreSQL with TEST_DATABASE_URL.
 */
describe("the PAC's answers stored in batches", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** n sealed documents of a new enterprise, as the stamping service leaves them for the PAC. */
  async function sellados(n: number) {
    const e = await seedEnterprise(t.deps, {
      rfc: rfcAleatorio('moral'),
      razon_social: 'EMPRESA DE RESPUESTAS',
    });
    const rows = await t.deps.db
      .insert(comprobantes)
      .values(
        Array.from({ length: n }, (_, i) => ({
          enterprise_id: e.enterpriseId,
          tipo: 'I' as const,
          serie_kind: 'facturas-ingreso' as const,
          serie: 'R',
          folio: i + 1,
          status: 'sellada' as const,
          xml_sellado: `<cfdi:Comprobante Folio="${i + 1}"/>`,
          idempotency_key: `${e.enterpriseId}:r${i}`,
        })),
      )
      .returning({ id: comprobantes.id });
    return { enterpriseId: e.enterpriseId, ids: rows.map((r) => r.id) };
  }
  const respuesta = (enterpriseId: number, id: number, uuid = randomUUID()): Respuesta => ({
    enterpriseId,
    id,
    call: { code: '200', message: 'Timbrado', raw: `{"uuid":"${uuid}"}`, duration_ms: 3 },
    timbre: { xml: `<timbrado uuid="${uuid}"/>`, uuid, fecha_timbrado: '2026-11-27T10:00:00' },
  });
  /** Answers for `ids` sent first: the queue is busy when the test's own answers arrive. */
  const ocuparLaCola = (enterpriseId: number, ids: number[]) =>
    Promise.all(ids.map((id) => guardarRespuesta(t.deps.db, respuesta(enterpriseId, id))));
  const leer = (enterpriseId: number, ids: number[]) =>
    t.deps.db
      .select({
        id: comprobantes.id,
        status: comprobantes.status,
        uuid: comprobantes.uuid,
        xml: comprobantes.xml_timbrado,
        cambio: comprobantes.updated_at,
      })
      .from(comprobantes)
      .where(and(eq(comprobantes.enterprise_id, enterpriseId), inArray(comprobantes.id, ids)))
      .orderBy(comprobantes.id);
  const llamadas = (enterpriseId: number) =>
    t.deps.db
      .select({ comprobante: comprobantePacCalls.comprobante_id })
      .from(comprobantePacCalls)
      .where(eq(comprobantePacCalls.enterprise_id, enterpriseId));

  it('answers that arrive together: each document stamped with its own UUID and XML, one call recorded each, those that wait in one statement', async () => {
    const a = await sellados(6);
    const b = await sellados(6);
    const todas = [
      ...a.ids.map((id) => respuesta(a.enterpriseId, id)),
      ...b.ids.map((id) => respuesta(b.enterpriseId, id)),
    ];
    expect(await Promise.all(todas.map((r) => guardarRespuesta(t.deps.db, r)))).toEqual(
      Array(12).fill(true),
    );
    const filas = [...(await leer(a.enterpriseId, a.ids)), ...(await leer(b.enterpriseId, b.ids))];
    expect(filas.map((f) => f.status)).toEqual(Array(12).fill('timbrada'));
    for (const [i, f] of filas.entries()) {
      expect(f.uuid).toBe(todas[i]?.timbre.uuid);
      expect(f.xml).toBe(todas[i]?.timbre.xml);
    }
    expect(
      (await llamadas(a.enterpriseId)).map((l) => l.comprobante).sort((x, y) => x - y),
    ).toEqual(a.ids);
    expect(
      (await llamadas(b.enterpriseId)).map((l) => l.comprobante).sort((x, y) => x - y),
    ).toEqual(b.ids);
    // The first answer found the queue idle and went alone; the eleven that waited for it share
    // one statement's now().
    const juntas = new Set(filas.slice(1).map((f) => f.cambio.getTime()));
    expect(juntas.size).toBe(1);
  });

  it('a document whose answer was stored meanwhile: false for it, the others stored', async () => {
    const a = await sellados(5);
    const primera = respuesta(a.enterpriseId, a.ids[1] ?? 0);
    await guardarRespuesta(t.deps.db, primera);
    const otra = respuesta(a.enterpriseId, a.ids[1] ?? 0);
    const ocupadas = ocuparLaCola(a.enterpriseId, a.ids.slice(4));
    const resultados = await Promise.all(
      [
        respuesta(a.enterpriseId, a.ids[0] ?? 0),
        otra,
        respuesta(a.enterpriseId, a.ids[2] ?? 0),
        respuesta(a.enterpriseId, a.ids[3] ?? 0),
      ].map((r) => guardarRespuesta(t.deps.db, r)),
    );
    expect(await ocupadas).toEqual([true]);
    expect(resultados).toEqual([true, false, true, true]);
    const filas = await leer(a.enterpriseId, a.ids.slice(0, 4));
    expect(filas[1]?.uuid).toBe(primera.timbre.uuid);
    expect(filas.map((f) => f.status)).toEqual(Array(4).fill('timbrada'));
    // The four waited behind the first and went in one statement.
    expect(new Set(filas.filter((_, i) => i !== 1).map((f) => f.cambio.getTime())).size).toBe(1);
  });

  it('one answer the database refuses (a UUID already stored): the others are stored on their own, it fails alone', async () => {
    const a = await sellados(5);
    const usado = randomUUID();
    await guardarRespuesta(t.deps.db, respuesta(a.enterpriseId, a.ids[0] ?? 0, usado));
    const ocupadas = ocuparLaCola(a.enterpriseId, a.ids.slice(4));
    const resultados = await Promise.allSettled(
      [
        respuesta(a.enterpriseId, a.ids[1] ?? 0),
        respuesta(a.enterpriseId, a.ids[2] ?? 0, usado),
        respuesta(a.enterpriseId, a.ids[3] ?? 0),
      ].map((r) => guardarRespuesta(t.deps.db, r)),
    );
    await ocupadas;
    expect(resultados.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const filas = await leer(a.enterpriseId, a.ids.slice(0, 4));
    expect(filas.map((f) => f.status)).toEqual(['timbrada', 'timbrada', 'sellada', 'timbrada']);
    expect(
      (await llamadas(a.enterpriseId)).map((l) => l.comprobante).sort((x, y) => x - y),
    ).toEqual([a.ids[0], a.ids[1], a.ids[3], ...a.ids.slice(4)].sort((x = 0, y = 0) => x - y));
  });
});
