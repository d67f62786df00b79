import { eq } from 'drizzle-orm';
import { loadCatalogos } from '@repo/catalogos';
import { generateTestCsd } from '@repo/cfdi/csd';
import { ProductServiceRequest } from '@repo/contracts/products-services';
import type { AppDeps } from '../../deps.ts';
import { insertLedgerRow } from '../../modules/credits/credits.queries.ts';
import { saveDatosFiscales } from '../../modules/datos-fiscales/datos-fiscales.service.ts';
import { getImpuestos } from '../../modules/impuestos/impuestos.service.ts';
import { productCatalogsFrom } from '../../modules/products-services/product-catalogs.ts';
import { createProductService } from '../../modules/products-services/products-services.service.ts';
import { createRubro } from '../../modules/rubros-impuestos/rubro-guardado.service.ts';
import { saveSellos } from '../../modules/sellos-fiscales/sellos-fiscales.service.ts';
import { createSerie } from '../../modules/series/series.service.ts';
import { enterprises } from '../schema/enterprises.ts';
import { withTransaction } from '../transaction.ts';

/**
 * The platform's own issuing enterprise on the embedded default (CREDITS_INVOICE_ISSUER_RFC empty):
 * the SAT's test taxpayer XENON INDUSTRIAL ARTICLES with a CSD from the test CA (data/test-ca, so
 * only the sandbox PAC accepts it), its serie "CC" for the invoices of credit purchases, the
 * product those invoices carry, and credits for its own stamps. Its invoices say they have no
 * fiscal validity, like everything the sandbox PAC stamps.
 */
export const PLATFORM_ISSUER_RFC = 'XIA190128J61';
export const PLATFORM_ISSUER_NAME = 'XENON INDUSTRIAL ARTICLES';
/** The product of a credit purchase invoice, found by this internal code in the issuer's catalog. */
export const CREDITS_PRODUCT_CODE = 'CREDITOS-TIMBRADO';
const ISSUER_CREDITS = 1_000_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Creates the default issuer once; answers its enterprise id. */
export async function seedPlatformIssuer(
  deps: Pick<AppDeps, 'db' | 'secret' | 'now'>,
): Promise<number> {
  const [existing] = await deps.db
    .select({ id: enterprises.id })
    .from(enterprises)
    .where(eq(enterprises.rfc, PLATFORM_ISSUER_RFC));
  if (existing) return existing.id;
  const now = deps.now();
  return withTransaction(deps.db, async (db) => {
    const [row] = await db
      .insert(enterprises)
      .values({
        rfc: PLATFORM_ISSUER_RFC,
        razon_social: PLATFORM_ISSUER_NAME,
        nombre_comercial: 'Facturación CFDI',
        regimen_fiscal: '601',
        codigo_postal: '42501',
        setup_completed: true,
      })
      .returning({ id: enterprises.id });
    const enterpriseId = row!.id;
    await saveDatosFiscales(db, enterpriseId, {
      razon_social: PLATFORM_ISSUER_NAME,
      nombre_comercial: 'Facturación CFDI',
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
      rfc: PLATFORM_ISSUER_RFC,
      nombre: PLATFORM_ISSUER_NAME,
      validFrom: new Date(now.getTime() - DAY_MS),
      validTo: new Date(now.getTime() + 4 * 365 * DAY_MS),
    });
    await saveSellos(
      db,
      deps.secret,
      enterpriseId,
      {
        cer: { filename: `${PLATFORM_ISSUER_RFC}.cer`, data: csd.cer },
        key: { filename: `${PLATFORM_ISSUER_RFC}.key`, data: csd.key },
        password: csd.password,
      },
      now,
    );
    await createSerie(db, enterpriseId, { kind: 'facturas-ingreso', serie: 'CC', folio: 1 });
    const iva16 = (await getImpuestos(db, enterpriseId, 'trasladado')).find(
      (t) => t.tax_type === 'IVA' && t.value === '0.160000',
    );
    if (!iva16) throw new Error('platform issuer seed: no IVA 16 % in the standard tax list');
    const rubro = await createRubro(db, enterpriseId, {
      name: 'IVA 16%',
      objeto_impuesto_key: '02',
      impuestos_trasladados: [{ id: iva16.id, selected: true }],
      impuestos_retenidos: [],
      impuestos_locales_trasladados: [],
      impuestos_locales_retenidos: [],
    });
    await createProductService(
      db,
      productCatalogsFrom(loadCatalogos(), deps.now),
      enterpriseId,
      ProductServiceRequest.parse({
        productServiceObj: { clave: '81112100' },
        unitsObj: { clave: 'E48' },
        unity_price: '1.00',
        internal_code: CREDITS_PRODUCT_CODE,
        description: 'Créditos de timbrado de CFDI',
        taxesGroup: rubro.id,
      }),
    );
    await insertLedgerRow(db, enterpriseId, {
      kind: 'adjustment',
      credits: ISSUER_CREDITS,
      status: 'paid',
      reference: 'emisor de la plataforma',
      actor: 'seed',
      reason: 'Timbres propios de la plataforma para facturar las compras de créditos',
    });
    return enterpriseId;
  });
}
