import { ANTICIPO, FORMAS_PAGO_NO_DE_ANTICIPO } from '@repo/cfdi/calc';
import type { AnticipoRequest } from '@repo/contracts/anticipos';
import { FacturaDraftRequest } from '@repo/contracts/facturas';
import { ProductServiceRequest } from '@repo/contracts/products-services';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { rowsOf } from '../../db/migrate.ts';
import { AppError } from '../../http/errors.ts';
import { productCatalogsFrom } from '../products-services/product-catalogs.ts';
import { createProductService } from '../products-services/products-services.service.ts';
import {
  findRubro,
  listSelectedImpuestos,
  listSelectedLocales,
} from '../rubros-impuestos/rubros-impuestos.queries.ts';
import {
  FORMA_PAGO_NO_DE_ANTICIPO,
  PRODUCTO_ANTICIPO_OCUPADO,
  RUBRO_LOCALES,
  RUBRO_NO_EXISTE,
} from './anticipos-mensajes.ts';
import { insertAnticipo } from './anticipos.queries.ts';
import type { TiposDelAnticipo } from './anticipos-tipos.ts';

type Deps = Pick<AppDeps, 'db' | 'secret' | 'now' | 'pac' | 'catalogos'> &
  Partial<Pick<AppDeps, 'tiposDeCambio'>>;

/** The enterprise's products named like the advance's concepto, with their SAT keys. */
async function productosDeAnticipo(deps: Deps, enterpriseId: number) {
  return rowsOf<{ id: number; product_service_key: string; unit_key: string }>(
    await deps.db.execute(sql`select id, product_service_key, unit_key from products_services
      where enterprise_id = ${enterpriseId}
        and lower(trim(description)) = lower(${ANTICIPO.descripcion}) order by id`),
  );
}

/**
 * The catalog's product of the advance's concepto (84111506, ACT, "Anticipo del bien o servicio"),
 * created the first time: the income invoice takes its keys from a product, and the user then finds
 * it in the catalog as what it is.
 */
async function productoDeAnticipo(deps: Deps, enterpriseId: number, rubroId: number) {
  const buscar = async () => {
    const filas = await productosDeAnticipo(deps, enterpriseId);
    const bueno = filas.find(
      (p) =>
        p.product_service_key === ANTICIPO.claveProdServ && p.unit_key === ANTICIPO.claveUnidad,
    );
    if (bueno) return bueno.id;
    if (filas.length > 0)
      throw new AppError('VALIDATION', { importe: [PRODUCTO_ANTICIPO_OCUPADO] });
    return null;
  };
  const existente = await buscar();
  if (existente) return existente;
  try {
    const creado = await createProductService(
      deps.db,
      productCatalogsFrom(deps.catalogos, deps.now),
      enterpriseId,
      ProductServiceRequest.parse({
        productServiceObj: { clave: ANTICIPO.claveProdServ },
        unitsObj: { clave: ANTICIPO.claveUnidad },
        unity_price: '0',
        internal_code: null,
        description: ANTICIPO.descripcion,
        taxesGroup: rubroId,
        cuentaPredialNumber: '',
      }),
    );
    return creado.id;
  } catch (error) {
    // Another advance sent at once created it first.
    const otro = await buscar();
    if (otro) return otro;
    throw error;
  }
}

/** The federal taxes of the chosen group; a group with local taxes is refused. */
async function impuestosDelRubro(deps: Deps, enterpriseId: number, rubroId: number) {
  const rubro = await findRubro(deps.db, enterpriseId, rubroId);
  if (!rubro) throw new AppError('VALIDATION', { rubro_impuesto_id: [RUBRO_NO_EXISTE] });
  const [federales, locales] = await Promise.all([
    listSelectedImpuestos(deps.db, enterpriseId, [rubroId]),
    listSelectedLocales(deps.db, enterpriseId, [rubroId]),
  ]);
  if (locales.length > 0) throw new AppError('VALIDATION', { rubro_impuesto_id: [RUBRO_LOCALES] });
  return {
    trasladados: federales.filter((t) => t.tipo === 'trasladado').map((t) => t.id),
    retenidos: federales.filter((t) => t.tipo === 'retenido').map((t) => t.id),
  };
}

/**
 * Step 1, POST /facturacion/V40/anticipos: the advance invoice as the Guía de llenado 4.0 (Apéndice
 * 6) asks, an income invoice PUE with the form in which it was received and one concepto 84111506,
 * Cantidad 1, ACT, "Anticipo del bien o servicio", the advance before taxes, through the income
 * invoice's own stamping (its rules, folio, credit, PDF, cancellation). Answers the invoice's id.
 */
export async function emitirFacturaDeAnticipo(
  deps: Deps,
  tipos: Pick<TiposDelAnticipo, 'emitirFactura'>,
  enterpriseId: number,
  request: AnticipoRequest,
): Promise<number> {
  if (FORMAS_PAGO_NO_DE_ANTICIPO.includes(request.forma_pago))
    throw new AppError('VALIDATION', { forma_pago: [FORMA_PAGO_NO_DE_ANTICIPO] });
  const impuestos = await impuestosDelRubro(deps, enterpriseId, request.rubro_impuesto_id);
  const productId = await productoDeAnticipo(deps, enterpriseId, request.rubro_impuesto_id);
  const facturaId = await tipos.emitirFactura(
    enterpriseId,
    FacturaDraftRequest.parse({
      client_id: request.client_id,
      serie_id: request.serie_id,
      forma_pago: request.forma_pago,
      metodo_pago: 'PUE',
      uso_cfdi: request.uso_cfdi,
      moneda: request.moneda,
      tipo_cambio: request.tipo_cambio ?? null,
      partidas: [
        {
          product_service_id: productId,
          descripcion: ANTICIPO.descripcion,
          cantidad: ANTICIPO.cantidad,
          clave_unidad: ANTICIPO.claveUnidad,
          precio_unitario: request.importe,
          impuestos_trasladados: impuestos.trasladados,
          impuestos_retenidos: impuestos.retenidos,
        },
      ],
      idempotency_key: request.idempotency_key ? `anticipo:${request.idempotency_key}` : null,
    }),
  );
  await insertAnticipo(deps.db, enterpriseId, facturaId);
  return facturaId;
}
