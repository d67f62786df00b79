import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { readMigrations } from '../../db/migrate.ts';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import { getImpuestos } from '../impuestos/impuestos.service.ts';
import { getRubros } from '../rubros-impuestos/rubros-impuestos.service.ts';
import { createRubro } from '../rubros-impuestos/rubro-guardado.service.ts';
import { RUBRO_RESICO_BIENES, RUBRO_RESICO_SERVICIOS } from './default-configuration.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const migracion = readMigrations().find((m) => m.name === '0029_resico_rubros.sql');

/** An enterprise as it was before the migration: its tax list and one group of its own. */
async function empresa(tipo: 'fisica' | 'moral', regimen: string) {
  const e = await seedEnterprise(t.deps, { rfc: rfcAleatorio(tipo), regimen_fiscal: regimen });
  const tras = await getImpuestos(t.deps.db, e.enterpriseId, 'trasladado');
  const ret = await getImpuestos(t.deps.db, e.enterpriseId, 'retenido');
  const id = (list: typeof tras, tax: string, value: string) =>
    list.find((x) => x.tax_type === tax && x.value === value)?.id ?? 0;
  await createRubro(t.deps.db, e.enterpriseId, {
    name: 'Mis honorarios',
    objeto_impuesto_key: '02',
    impuestos_trasladados: [{ id: id(tras, 'IVA', '0.160000'), selected: true }],
    impuestos_retenidos: [{ id: id(ret, 'ISR', '0.100000'), selected: true }],
    impuestos_locales_trasladados: [],
    impuestos_locales_retenidos: [],
  });
  const grupos = async () =>
    (await getRubros(t.deps.db, e.enterpriseId)).map(
      (r) =>
        `${r.name}: ${[...r.impuestos_trasladados, ...r.impuestos_retenidos]
          .map((x) => `${x.tax_type} ${x.value}`)
          .join(', ')}`,
    );
  return { ...e, grupos, id, tras, ret };
}

describe('migration 0029: the RESICO groups for personas físicas already in régimen 626', () => {
  it('adds the groups a 626 persona física lacks, keeps everything the user has, and runs twice without copies', async () => {
    expect(migracion).toBeDefined();
    const resico = await empresa('fisica', '626');
    // A group of the user's with one of the names: kept as it is, not duplicated.
    await createRubro(t.deps.db, resico.enterpriseId, {
      name: RUBRO_RESICO_BIENES.toLowerCase(),
      objeto_impuesto_key: '02',
      impuestos_trasladados: [{ id: resico.id(resico.tras, 'IVA', '0.000000'), selected: true }],
      impuestos_retenidos: [{ id: resico.id(resico.ret, 'ISR', '0.012500'), selected: true }],
      impuestos_locales_trasladados: [],
      impuestos_locales_retenidos: [],
    });
    const otroRegimen = await empresa('fisica', '612');
    const moral = await empresa('moral', '626');
    const antes = {
      resico: await resico.grupos(),
      otroRegimen: await otroRegimen.grupos(),
      moral: await moral.grupos(),
    };

    await t.deps.db.execute(sql.raw(migracion?.text ?? ''));
    await t.deps.db.execute(sql.raw(migracion?.text ?? ''));

    expect((await resico.grupos()).sort()).toEqual(
      [
        ...antes.resico,
        `${RUBRO_RESICO_SERVICIOS}: IVA 0.160000, IVA 0.106666, ISR 0.012500`,
      ].sort(),
    );
    expect(antes.resico).toContain(
      `${RUBRO_RESICO_BIENES.toLowerCase()}: IVA 0.000000, ISR 0.012500`,
    );
    expect(await otroRegimen.grupos()).toEqual(antes.otroRegimen);
    expect(await moral.grupos()).toEqual(antes.moral);
  });

  it('gives both groups to a 626 persona física that has neither', async () => {
    const resico = await empresa('fisica', '626');
    await t.deps.db.execute(sql.raw(migracion?.text ?? ''));
    const grupos = await resico.grupos();
    expect(grupos).toContain(`${RUBRO_RESICO_BIENES}: IVA 0.160000, ISR 0.012500`);
    expect(grupos).toContain('Mis honorarios: IVA 0.160000, ISR 0.100000');
    expect(grupos.filter((g) => g.startsWith(RUBRO_RESICO_SERVICIOS))).toHaveLength(1);
  });
});
