/** Test helpers for the global-invoice API: a shop ready to issue its monthly globals, on a fixed clock. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCatalogos } from '@repo/catalogos';
import type { FacturaGlobalRequestInput } from '@repo/contracts/facturas-globales';
import { createPac } from '../../pac/create-pac.ts';
import { DbSandboxStore } from '../../pac/db-sandbox-store.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { getImpuestos } from '../impuestos/impuestos.service.ts';
import { createRubro } from '../rubros-impuestos/rubro-guardado.service.ts';
import { createSerie } from '../series/series.service.ts';
import { seedFacturador, type Facturador } from '../facturas/facturas.test-support.ts';

export const GLOBALES = '/api/facturacion/V40/facturas-globales';

/** A settable clock shared by the app and its sandbox PAC. */
export interface Reloj {
  now: () => Date;
  set(iso: string): void;
}

export function reloj(iso: string): Reloj {
  let t = new Date(iso);
  return { now: () => new Date(t), set: (x) => (t = new Date(x)) };
}

/** The real app on a real database whose clock (app and sandbox PAC) is `clock`. */
export async function appConReloj(clock: Reloj): Promise<TestApp & { cerrar(): Promise<void> }> {
  const database = await openTestDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'pac-globales-'));
  const catalogos = loadCatalogos();
  const pac = createPac(
    {
      PAC: 'sandbox',
      DATA_DIR: dir,
      SW_URL: '',
      SW_USER: '',
      SW_PASSWORD: '',
      SW_TOKEN: '',
      PAC_SANDBOX_CAS: '',
    },
    catalogos,
    { store: new DbSandboxStore(database.db), clock: clock.now },
  );
  const t = await buildTestApp({ database, catalogos, pac, now: clock.now });
  return {
    ...t,
    async cerrar() {
      await t.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Tienda extends Facturador {
  serieGlobalId: number;
  grupos: {
    iva16: number;
    iva0: number;
    exento: number;
    iepsIva: number;
    noObjeto: number;
    retencion: number;
  };
}

/** A shop (persona moral, CP 42501) with a serie G of globales and tax groups of every kind. */
export async function seedTienda(
  t: TestApp,
  clock: Reloj,
  options: { credits?: number; regimen?: string; tipo?: 'moral' | 'fisica' } = {},
): Promise<Tienda> {
  const e = await seedFacturador(t, { ...options, now: clock.now() });
  const serie = await createSerie(t.deps.db, e.enterpriseId, {
    kind: 'facturas-globales',
    serie: 'G',
    folio: 1,
  });
  const tras = await getImpuestos(t.deps.db, e.enterpriseId, 'trasladado');
  const ret = await getImpuestos(t.deps.db, e.enterpriseId, 'retenido');
  const id = (list: typeof tras, tax: string, value: string | null) => {
    const r = list.find(
      (x) => x.tax_type === tax && x.value === value && x.tipo_factor !== 'Cuota',
    );
    if (!r) throw new Error(`no tax ${tax} ${value}`);
    return r.id;
  };
  const grupo = async (
    name: string,
    objeto: '01' | '02',
    trasladados: number[],
    retenidos: number[] = [],
  ) =>
    (
      await createRubro(t.deps.db, e.enterpriseId, {
        name,
        objeto_impuesto_key: objeto,
        impuestos_trasladados: trasladados.map((x) => ({ id: x, selected: true })),
        impuestos_retenidos: retenidos.map((x) => ({ id: x, selected: true })),
        impuestos_locales_trasladados: [],
        impuestos_locales_retenidos: [],
      })
    ).id;
  return {
    ...e,
    serieGlobalId: serie.id,
    grupos: {
      iva16: e.rubroId,
      iva0: await grupo('IVA 0%', '02', [id(tras, 'IVA', '0.000000')]),
      exento: await grupo('IVA exento', '02', [id(tras, 'IVA', null)]),
      iepsIva: await grupo('IEPS 8% e IVA 16%', '02', [
        id(tras, 'IEPS', '0.080000'),
        id(tras, 'IVA', '0.160000'),
      ]),
      noObjeto: await grupo('No objeto de impuesto', '01', []),
      retencion: await grupo(
        'IVA con retención',
        '02',
        [id(tras, 'IVA', '0.160000')],
        [id(ret, 'IVA', '0.106666')],
      ),
    },
  };
}

/** `n` sales with the shop's tax groups in turn and a discount now and then. */
export function ventas(tienda: Tienda, n: number, prefijo = 'T') {
  const g = tienda.grupos;
  const orden = [g.iva16, g.iva0, g.exento, g.iepsIva, g.noObjeto];
  return Array.from({ length: n }, (_, i) => ({
    folioVenta: `${prefijo}-${String(i + 1).padStart(5, '0')}`,
    grupoImpuestosId: orden[i % orden.length]!,
    subtotal: `${(i % 389) + 1}.${String((i * 37) % 100).padStart(2, '0')}`,
    ...(i % 13 === 0 ? { descuento: '0.50' } : {}),
  }));
}

export function solicitud(
  tienda: Tienda,
  over: Partial<FacturaGlobalRequestInput> = {},
): FacturaGlobalRequestInput {
  return {
    formaPago: '01',
    month: 1,
    year: 2026,
    serie: { id: tienda.serieGlobalId },
    partidas: ventas(tienda, 3),
    ...over,
  };
}
