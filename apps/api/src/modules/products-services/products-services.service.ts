import {
  type ProductServiceRequest,
  ivaFronterizoGrupoMessage,
} from '@repo/contracts/products-services';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { uniqueViolation } from '../clients/unique-violation.ts';
import { productHasFacturas } from '../facturas/facturas.queries.ts';
import { ivaFronterizoDeRubro } from '../rubros-impuestos/iva-fronterizo-rubro.ts';
import type { ProductCatalogs } from './product-catalogs.ts';
import {
  deleteProductService as deleteRow,
  findByDescription,
  findByInternalCode,
  findProductService,
  findRubro,
  insertProductService,
  updateProductService as updateRow,
  type ProductServiceValues,
} from './products-services.queries.ts';

export const PRODUCT_SERVICE_NOT_FOUND = 'El producto o servicio no existe.';

export const MESSAGES = {
  claveProdServNotFound: 'La clave de producto o servicio no existe en el catálogo del SAT',
  claveUnidadNotFound: 'La clave de unidad no existe en el catálogo del SAT',
  rubroNotFound: 'El grupo de impuestos no existe',
  internalCodeDuplicate: (code: string) =>
    `Ya existe un producto o servicio con el código interno ${code}`,
  descriptionDuplicate: 'Ya existe un producto o servicio con esta descripción',
  ivaFronterizo: ivaFronterizoGrupoMessage,
} as const;

export type FieldErrors = Record<string, string[]>;

export function push(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** Catalog texts, tax group and uniqueness of a product; the row values or a 422 with every error. */
export async function validValues(
  db: Db,
  catalogs: ProductCatalogs,
  enterpriseId: number,
  input: ProductServiceRequest,
  exceptId: number | null,
): Promise<ProductServiceValues> {
  const errors: FieldErrors = {};
  const prodServ = catalogs.claveProdServ(input.productServiceObj.clave);
  if (!prodServ) push(errors, 'productServiceObj', MESSAGES.claveProdServNotFound);
  const unidad = catalogs.claveUnidad(input.unitsObj.clave);
  if (!unidad) push(errors, 'unitsObj', MESSAGES.claveUnidadNotFound);
  if (!(await findRubro(db, enterpriseId, input.taxesGroup))) {
    push(errors, 'taxesGroup', MESSAGES.rubroNotFound);
  } else if (prodServ) {
    const motivo = await ivaFronterizoDeRubro(
      db,
      catalogs.lookup,
      enterpriseId,
      input.taxesGroup,
      prodServ.clave,
    );
    if (motivo) push(errors, 'taxesGroup', MESSAGES.ivaFronterizo(motivo));
  }
  if (
    input.internal_code !== null &&
    (await findByInternalCode(db, enterpriseId, input.internal_code, exceptId))
  ) {
    push(errors, 'internal_code', MESSAGES.internalCodeDuplicate(input.internal_code));
  }
  if (await findByDescription(db, enterpriseId, input.description, exceptId)) {
    push(errors, 'description', MESSAGES.descriptionDuplicate);
  }
  if (!prodServ || !unidad || Object.keys(errors).length > 0) {
    throw new AppError('VALIDATION', errors);
  }
  return {
    product_service_key: prodServ.clave,
    product_service_name: prodServ.descripcion,
    product_service_similar_words: prodServ.palabras_similares,
    unit_key: unidad.clave,
    unit_name: unidad.nombre,
    unit_symbol: unidad.simbolo,
    unity_price: input.unity_price,
    internal_code: input.internal_code,
    description: input.description,
    rubro_impuesto_id: input.taxesGroup,
    cuentas_predial: input.cuentaPredialNumber ? [input.cuentaPredialNumber] : [],
  };
}

/** Two requests racing past the checks: the unique index decides, the loser gets the message. */
function duplicateError(error: unknown, input: ProductServiceRequest): AppError | null {
  const violation = uniqueViolation(error);
  if (!violation) return null;
  if (violation.constraint.includes('internal_code') && input.internal_code !== null) {
    return new AppError('VALIDATION', {
      internal_code: [MESSAGES.internalCodeDuplicate(input.internal_code)],
    });
  }
  return new AppError('VALIDATION', { description: [MESSAGES.descriptionDuplicate] });
}

async function reread(db: Db, enterpriseId: number, id: number) {
  const product = await findProductService(db, enterpriseId, id);
  if (!product) throw new AppError('NOT_FOUND', PRODUCT_SERVICE_NOT_FOUND);
  return product;
}

export async function createProductService(
  db: Db,
  catalogs: ProductCatalogs,
  enterpriseId: number,
  input: ProductServiceRequest,
) {
  try {
    return await withTransaction(db, async (tx) => {
      const values = await validValues(tx, catalogs, enterpriseId, input, null);
      return reread(tx, enterpriseId, await insertProductService(tx, enterpriseId, values));
    });
  } catch (error) {
    throw duplicateError(error, input) ?? error;
  }
}

export async function updateProductService(
  db: Db,
  catalogs: ProductCatalogs,
  enterpriseId: number,
  id: number,
  input: ProductServiceRequest,
) {
  try {
    return await withTransaction(db, async (tx) => {
      if (!(await findProductService(tx, enterpriseId, id))) {
        throw new AppError('NOT_FOUND', PRODUCT_SERVICE_NOT_FOUND);
      }
      const values = await validValues(tx, catalogs, enterpriseId, input, id);
      if (!(await updateRow(tx, enterpriseId, id, values))) {
        throw new AppError('NOT_FOUND', PRODUCT_SERVICE_NOT_FOUND);
      }
      return reread(tx, enterpriseId, id);
    });
  } catch (error) {
    throw duplicateError(error, input) ?? error;
  }
}

export const PRODUCT_SERVICE_IN_USE =
  'No se puede eliminar el producto o servicio porque está en facturas o pre-facturas. Puede editar sus datos en su lugar.';

/** Deletes a product or service; one used by an invoice or pre-invoice is refused. */
export async function deleteProductService(db: Db, enterpriseId: number, id: number) {
  if (await productHasFacturas(db, enterpriseId, id)) {
    throw new AppError('CONFLICT', PRODUCT_SERVICE_IN_USE, { showToClient: true });
  }
  if (!(await deleteRow(db, enterpriseId, id))) {
    throw new AppError('NOT_FOUND', PRODUCT_SERVICE_NOT_FOUND);
  }
}

export async function isInternalCodeUnique(
  db: Db,
  enterpriseId: number,
  internalCode: string,
  exceptId: number | null,
) {
  if (!internalCode) return true;
  return !(await findByInternalCode(db, enterpriseId, internalCode, exceptId));
}

export async function isDescriptionUnique(
  db: Db,
  enterpriseId: number,
  description: string,
  exceptId: number | null,
) {
  if (!description) return true;
  return !(await findByDescription(db, enterpriseId, description, exceptId));
}
