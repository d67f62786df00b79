import { sql } from 'drizzle-orm';
import { loadCatalogos } from '@repo/catalogos';
import { generateTestCsd } from '@repo/cfdi/csd';
import { ClientRequest } from '@repo/contracts/clients';
import { FacturaDraftRequest } from '@repo/contracts/facturas';
import { ProductServiceRequest } from '@repo/contracts/products-services';
import type { AppDeps } from '../../deps.ts';
import { clientCatalogsFrom } from '../../modules/clients/client-catalogs.ts';
import { createClient } from '../../modules/clients/clients.service.ts';
import { productCatalogsFrom } from '../../modules/products-services/product-catalogs.ts';
import { createProductService } from '../../modules/products-services/products-services.service.ts';
import { saveDatosFiscales } from '../../modules/datos-fiscales/datos-fiscales.service.ts';
import { createFactura } from '../../modules/facturas/factura-timbrado.service.ts';
import { savePreFactura } from '../../modules/facturas/pre-facturas.service.ts';
import { ensureDefaultConfiguration } from '../../modules/enterprises/default-configuration.ts';
import { getImpuestos } from '../../modules/impuestos/impuestos.service.ts';
import { WELCOME_CREDITS } from '../../modules/new-client/new-client.service.ts';
import { listRubros } from '../../modules/rubros-impuestos/rubros-impuestos.queries.ts';
import { createRubro } from '../../modules/rubros-impuestos/rubro-guardado.service.ts';
import { saveSellos } from '../../modules/sellos-fiscales/sellos-fiscales.service.ts';
import { listSeries } from '../../modules/series/series.queries.ts';
import type { Db } from '../client.ts';
import { rowsOf } from '../migrate.ts';
import { withTransaction } from '../transaction.ts';
import { seedEnterprise } from './seed-enterprise.ts';

/** The demo account's sign-in, printed in the log and written in the README. */
export const DEMO_EMAIL = 'demo@facturacion.local';
export const DEMO_PASSWORD = 'KemperDemo2026';
/** The SAT's test issuer: its own CSDs have expired, so the demo gets a current one from the test CA. */
export const DEMO_RFC = 'EKU9003173C9';
export const DEMO_RAZON_SOCIAL = 'ESCUELA KEMPER URGATE';

/** True on a database nobody has signed up to yet. */
export async function databaseHasNoUsers(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ empty: boolean }>(
    await db.execute(sql`select not exists (select 1 from users) as empty`),
  );
  return row?.empty === true;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Creates the demo account in one transaction: the SAT's test enterprise with its tax data, a current
 * CSD made by the engine's test-certificate generator, the series and tax groups every new account
 * gets (ensureDefaultConfiguration, so they are never duplicated) plus one group with retenciones, a
 * few clients and products (through their own services, so the same rules apply) and
 * welcome credits. Given the PAC and the catalogs, also one stamped invoice and one pre-invoice.
 */
export async function seedDemo(
  deps: Pick<AppDeps, 'db' | 'tokens' | 'secret' | 'now'> &
    Partial<Pick<AppDeps, 'pac' | 'catalogos'>>,
) {
  const now = deps.now();
  const ids = { serie: 0, clients: [] as number[], products: [] as number[], iva16: 0, exento: 0 };
  const demo = await withTransaction(deps.db, async (db) => {
    const demo = await seedEnterprise(
      { db, tokens: deps.tokens },
      {
        email: DEMO_EMAIL,
        password: DEMO_PASSWORD,
        name: 'Ana Kemper',
        rfc: DEMO_RFC,
        razon_social: DEMO_RAZON_SOCIAL,
        nombre_comercial: 'Escuela Kemper Urgate',
        regimen_fiscal: '601',
        codigo_postal: '42501',
        credits: WELCOME_CREDITS,
        setupCompleted: true,
      },
    );
    const { enterpriseId } = demo;
    await saveDatosFiscales(db, enterpriseId, {
      razon_social: DEMO_RAZON_SOCIAL,
      nombre_comercial: 'Escuela Kemper Urgate',
      regimen_fiscal: '601',
      codigo_postal: '42501',
      estado: 'HID',
      municipio: '048',
      colonia: '',
      ciudad: '',
      calle: '',
      numero_exterior: '',
      numero_interior: '',
    });

    const csd = generateTestCsd({
      rfc: DEMO_RFC,
      nombre: DEMO_RAZON_SOCIAL,
      sucursal: 'Escuela Kemper Urgate',
      validFrom: new Date(now.getTime() - DAY_MS),
      validTo: new Date(now.getTime() + 4 * 365 * DAY_MS),
    });
    await saveSellos(
      db,
      deps.secret,
      enterpriseId,
      {
        cer: { filename: `${DEMO_RFC}.cer`, data: csd.cer },
        key: { filename: `${DEMO_RFC}.key`, data: csd.key },
        password: csd.password,
      },
      now,
    );

    // The series and tax groups every new account gets, then the demo's own group with retenciones.
    await ensureDefaultConfiguration(db, enterpriseId, DEMO_RFC);
    const [ingreso] = await listSeries(db, enterpriseId, 'facturas-ingreso');
    if (!ingreso) throw new Error('demo seed: no default income serie');
    ids.serie = ingreso.id;

    const trasladados = await getImpuestos(db, enterpriseId, 'trasladado');
    const retenidos = await getImpuestos(db, enterpriseId, 'retenido');
    const pick = (list: typeof trasladados, taxType: string, value: string | null) => {
      const tax = list.find((x) => x.tax_type === taxType && x.value === value);
      if (!tax) throw new Error(`demo seed: no ${taxType} ${value} in the standard tax list`);
      return { id: tax.id, selected: true };
    };
    const rubros = await listRubros(db, enterpriseId);
    const byName = (name: string) => {
      const rubro = rubros.find((r) => r.name === name);
      if (!rubro) throw new Error(`demo seed: no default tax group ${name}`);
      return rubro;
    };
    ids.iva16 = pick(trasladados, 'IVA', '0.160000').id;
    ids.exento = pick(trasladados, 'IVA', null).id;
    const iva16 = byName('IVA 16%');
    const exento = byName('Exento de IVA');
    const honorarios = await createRubro(db, enterpriseId, {
      name: 'Servicios profesionales (IVA 16%, retención ISR 10% e IVA 2/3)',
      objeto_impuesto_key: '02',
      impuestos_trasladados: [pick(trasladados, 'IVA', '0.160000')],
      impuestos_retenidos: [pick(retenidos, 'ISR', '0.100000'), pick(retenidos, 'IVA', '0.106666')],
      impuestos_locales_trasladados: [],
      impuestos_locales_retenidos: [],
    });

    const catalogos = loadCatalogos();
    const clientCatalogs = clientCatalogsFrom(catalogos, deps.now);
    const productCatalogs = productCatalogsFrom(catalogos, deps.now);
    // The SAT's test persona física, and the generic RFC for sales to the public.
    for (const client of [
      {
        name_razon_social: 'XOCHILT CASAS CHAVEZ',
        rfc: 'CACX7605101P8',
        usoCfdi: 'G03',
        regimenFiscal: '612',
        metodoPago: 'PUE',
        formaPago: '03',
        address: { codigo_postal: '10740' },
      },
      {
        name_razon_social: 'PUBLICO EN GENERAL',
        rfc: 'XAXX010101000',
        usoCfdi: 'S01',
        regimenFiscal: '616',
        metodoPago: 'PUE',
        formaPago: '01',
        address: { codigo_postal: '42501' },
      },
    ]) {
      ids.clients.push(
        (await createClient(db, clientCatalogs, enterpriseId, ClientRequest.parse(client))).id,
      );
    }
    for (const product of [
      {
        productServiceObj: { clave: '86121501' },
        unitsObj: { clave: 'E48' },
        unity_price: '3500.00',
        internal_code: 'COL-MENSUAL',
        description: 'Colegiatura mensual',
        taxesGroup: exento.id,
      },
      {
        productServiceObj: { clave: '80101500' },
        unitsObj: { clave: 'E48' },
        unity_price: '10000.00',
        internal_code: 'CONSULTORIA',
        description: 'Honorarios por consultoría',
        taxesGroup: honorarios.id,
      },
      {
        productServiceObj: { clave: '44121600' },
        unitsObj: { clave: 'H87' },
        unity_price: '250.00',
        internal_code: 'PAQ-UTILES',
        description: 'Paquete de útiles escolares',
        taxesGroup: iva16.id,
      },
    ]) {
      const created = await createProductService(
        db,
        productCatalogs,
        enterpriseId,
        ProductServiceRequest.parse(product),
      );
      ids.products.push(created.id);
    }

    return { email: DEMO_EMAIL, password: DEMO_PASSWORD, enterpriseId, userId: demo.userId };
  });
  if (deps.pac && deps.catalogos) {
    // After the commit: stamping runs its own transactions and calls the PAC.
    const facturas = { ...deps, pac: deps.pac, catalogos: deps.catalogos };
    const [xochilt] = ids.clients;
    const [colegiatura, , utiles] = ids.products;
    const base = {
      client_id: xochilt!,
      serie_id: ids.serie,
      forma_pago: '03',
      metodo_pago: 'PUE',
      uso_cfdi: 'G03',
    } as const;
    await createFactura(
      facturas,
      demo.enterpriseId,
      FacturaDraftRequest.parse({
        ...base,
        partidas: [
          {
            product_service_id: utiles!,
            cantidad: '10',
            precio_unitario: '250.00',
            impuestos_trasladados: [ids.iva16],
          },
        ],
      }),
    );
    await savePreFactura(
      facturas,
      demo.enterpriseId,
      FacturaDraftRequest.parse({
        ...base,
        condiciones_pago: 'Pago al inicio del mes',
        partidas: [
          {
            product_service_id: colegiatura!,
            cantidad: '1',
            precio_unitario: '3500.00',
            impuestos_trasladados: [ids.exento],
          },
        ],
      }),
    );
  }
  return demo;
}
