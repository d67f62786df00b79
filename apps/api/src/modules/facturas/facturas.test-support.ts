/** Test helpers for the income-invoice API: a tenant ready to invoice, its clients and products. */
import { generateTestCsd } from '@repo/cfdi/csd';
import type { FacturaDraftRequestInput } from '@repo/contracts/facturas';
import { impuestos } from '../../db/schema/impuestos.ts';
import { seedEnterprise, type SeededEnterprise } from '../../db/seed/seed-enterprise.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import { getImpuestos } from '../impuestos/impuestos.service.ts';
import { createRubro } from '../rubros-impuestos/rubro-guardado.service.ts';
import { saveSellos } from '../sellos-fiscales/sellos-fiscales.service.ts';
import { createSerie } from '../series/series.service.ts';

export interface Taxes {
  iva16: number;
  ivaExento: number;
  iepsTasa: number;
  iepsCuota: number;
  ivaRetenido: number;
  isrRetenido: number;
  isr125: number;
  localTrasladado: string;
  localRetenido: string;
}

export interface Facturador extends SeededEnterprise {
  rfc: string;
  nombre: string;
  serieId: number;
  taxes: Taxes;
  rubroId: number;
}

/**
 * A tenant ready to stamp: tax data, a valid CSD, credits, a serie F of facturas-ingreso and its
 * tax list (plus an IEPS Cuota tax, which the standard list does not pre-load).
 */
export async function seedFacturador(
  t: TestApp,
  options: {
    credits?: number;
    tipo?: 'moral' | 'fisica';
    regimen?: string;
    serie?: string;
    /** The test's fixed clock: the CSD is valid around it. */
    now?: Date;
  } = {},
): Promise<Facturador> {
  const tipo = options.tipo ?? 'moral';
  const rfc = rfcAleatorio(tipo);
  const nombre = tipo === 'moral' ? 'COMERCIALIZADORA DEL BAJIO' : 'MARIA LOPEZ HERNANDEZ';
  const e = await seedEnterprise(t.deps, {
    rfc,
    razon_social: nombre,
    regimen_fiscal: options.regimen ?? (tipo === 'moral' ? '601' : '612'),
    codigo_postal: '42501',
    credits: options.credits ?? 5,
  });
  const now = options.now ?? new Date();
  const csd = generateTestCsd({
    rfc,
    nombre,
    validFrom: new Date(now.getTime() - 5 * 24 * 3600_000),
    validTo: new Date(now.getTime() + 365 * 24 * 3600_000),
  });
  await saveSellos(
    t.deps.db,
    t.deps.secret,
    e.enterpriseId,
    {
      cer: { filename: 'csd.cer', data: csd.cer },
      key: { filename: 'csd.key', data: csd.key },
      password: csd.password,
    },
    now,
  );
  const serie = await createSerie(t.deps.db, e.enterpriseId, {
    kind: 'facturas-ingreso',
    serie: options.serie ?? 'F',
    folio: 1,
  });
  const trasladados = await getImpuestos(t.deps.db, e.enterpriseId, 'trasladado');
  const retenidos = await getImpuestos(t.deps.db, e.enterpriseId, 'retenido');
  const find = (
    list: typeof trasladados,
    tax: string,
    factor: string,
    value: string | null,
  ): number => {
    const row = list.find(
      (r) => r.tax_type === tax && r.tipo_factor === factor && r.value === value,
    );
    if (!row) throw new Error(`no tax ${tax} ${factor} ${value}`);
    return row.id;
  };
  const [cuota] = await t.deps.db
    .insert(impuestos)
    .values({
      enterprise_id: e.enterpriseId,
      tipo: 'trasladado',
      tax_type: 'IEPS',
      tipo_factor: 'Cuota',
      value: '0.352100',
      additional_description: 'Bebidas saborizadas (por litro)',
    })
    .returning({ id: impuestos.id });
  const rubro = await createRubro(t.deps.db, e.enterpriseId, {
    name: 'IVA 16%',
    objeto_impuesto_key: '02',
    impuestos_trasladados: [{ id: find(trasladados, 'IVA', 'Tasa', '0.160000'), selected: true }],
    impuestos_retenidos: [],
    impuestos_locales_trasladados: [],
    impuestos_locales_retenidos: [],
  });
  return {
    ...e,
    rfc,
    nombre,
    serieId: serie.id,
    rubroId: rubro.id,
    taxes: {
      iva16: find(trasladados, 'IVA', 'Tasa', '0.160000'),
      ivaExento: find(trasladados, 'IVA', 'Exento', null),
      iepsTasa: find(trasladados, 'IEPS', 'Tasa', '0.265000'),
      iepsCuota: cuota!.id,
      ivaRetenido: find(retenidos, 'IVA', 'Tasa', '0.106666'),
      isrRetenido: find(retenidos, 'ISR', 'Tasa', '0.100000'),
      isr125: find(retenidos, 'ISR', 'Tasa', '0.012500'),
      localTrasladado: 'CMX-T-impuesto-por-la-prestacion-de-servicios-de-hospedaje-3.50',
      localRetenido: 'TODOS-R-derecho-de-inspeccion-y-vigilancia-5-al-millar-0.50',
    },
  };
}

export async function api(
  t: TestApp,
  e: { headers: Record<string, string> },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: e.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** Creates a client through the API and answers its id. */
export async function crearCliente(
  t: TestApp,
  e: Facturador,
  client: {
    name_razon_social: string;
    rfc: string;
    regimenFiscal: string;
    usoCfdi: string;
    codigo_postal?: string;
    pais?: string;
    numRegistroIdentidadFiscal?: string;
  },
): Promise<number> {
  const res = await api(t, e, 'POST', '/api/clients', {
    name_razon_social: client.name_razon_social,
    rfc: client.rfc,
    regimenFiscal: client.regimenFiscal,
    usoCfdi: client.usoCfdi,
    ...(client.pais ? { pais: client.pais } : {}),
    ...(client.numRegistroIdentidadFiscal
      ? { numRegistroIdentidadFiscal: client.numRegistroIdentidadFiscal }
      : {}),
    address: { codigo_postal: client.codigo_postal ?? '' },
  });
  if (res.statusCode >= 300) throw new Error(`crearCliente: ${res.body}`);
  return res.json().data.id;
}

/** Creates a product or service through the API and answers its id. */
export async function crearProducto(
  t: TestApp,
  e: Facturador,
  product: {
    description: string;
    clave?: string;
    unidad?: string;
    price?: string;
    internal_code?: string;
  },
): Promise<number> {
  const res = await api(t, e, 'POST', '/api/products-services', {
    productServiceObj: { clave: product.clave ?? '80101500' },
    unitsObj: { clave: product.unidad ?? 'E48' },
    unity_price: product.price ?? '1000.00',
    internal_code: product.internal_code ?? null,
    description: product.description,
    taxesGroup: e.rubroId,
  });
  if (res.statusCode >= 300) throw new Error(`crearProducto: ${res.body}`);
  return res.json().data.id;
}

/** A client física and a product, with a one-line IVA 16 % draft for them. */
export async function basico(t: TestApp, e: Facturador) {
  const clientId = await crearCliente(t, e, {
    name_razon_social: 'XOCHILT CASAS CHAVEZ',
    rfc: 'CACX7605101P8',
    regimenFiscal: '612',
    usoCfdi: 'G03',
    codigo_postal: '10740',
  });
  const productId = await crearProducto(t, e, { description: 'Servicio de consultoría' });
  const draft = (over: Partial<FacturaDraftRequestInput> = {}): FacturaDraftRequestInput => ({
    client_id: clientId,
    serie_id: e.serieId,
    forma_pago: '03',
    metodo_pago: 'PUE',
    uso_cfdi: 'G03',
    partidas: [
      {
        product_service_id: productId,
        cantidad: '2',
        precio_unitario: '1500.00',
        descuento: '10',
        impuestos_trasladados: [e.taxes.iva16],
      },
    ],
    ...over,
  });
  return { clientId, productId, draft };
}
