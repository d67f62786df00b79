import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './envelope.ts';

/** Spec section 8, item 7: the SPA shows it when a failed import carries no message. */
export const IMPORT_PRODUCTS_SERVICES_FALLBACK_MESSAGE =
  'error al importar los productos / servicios';

export const PRODUCT_SERVICE_KEY_REQUIRED_MESSAGE =
  'La clave de producto o servicio del SAT es obligatoria';
export const UNIT_KEY_REQUIRED_MESSAGE = 'La clave de unidad del SAT es obligatoria';
export const UNITY_PRICE_MESSAGE =
  'El precio unitario debe ser un número mayor o igual a 0 con hasta 6 decimales';
export const DESCRIPTION_REQUIRED_MESSAGE = 'La descripción es obligatoria';
export const DESCRIPTION_MAX_MESSAGE = 'La descripción no puede tener más de 1000 caracteres';
export const INTERNAL_CODE_MAX_MESSAGE = 'El código interno no puede tener más de 100 caracteres';
export const TAXES_GROUP_REQUIRED_MESSAGE = 'El grupo de impuestos es obligatorio';
export const CUENTA_PREDIAL_MAX_MESSAGE =
  'El número de cuenta predial no puede tener más de 150 caracteres';

/** Spec section 5: descriptions have HTML tags and line breaks removed. */
export function cleanDescription(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/[\r\n]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Spec section 5: property-account numbers are stripped to alphanumerics. */
export function cleanCuentaPredial(text: string): string {
  return text.replace(/[^0-9A-Za-z]/g, '');
}

/** A non-negative amount with up to 6 decimals, as an exact decimal string. */
export const UnityPrice = z
  .union([z.string(), z.number()], { error: UNITY_PRICE_MESSAGE })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => /^[0-9]{1,18}(\.[0-9]{1,6})?$/.test(v), UNITY_PRICE_MESSAGE);

export const Description = z
  .string({ error: DESCRIPTION_REQUIRED_MESSAGE })
  .transform(cleanDescription)
  .pipe(z.string().min(1, DESCRIPTION_REQUIRED_MESSAGE).max(1000, DESCRIPTION_MAX_MESSAGE));

export const InternalCode = z
  .string()
  .trim()
  .max(100, INTERNAL_CODE_MAX_MESSAGE)
  .nullish()
  .transform((v) => (v ? v : null));

export const CuentaPredialNumber = z
  .string()
  .nullish()
  .transform((v) => cleanCuentaPredial(v ?? ''))
  .pipe(z.string().max(150, CUENTA_PREDIAL_MAX_MESSAGE));

const CatalogKey = (message: string) =>
  z.object({ clave: z.string({ error: message }).trim().min(1, message) }, { error: message });

/** Body of POST /products-services and PUT /products-services/{id}. */
export const ProductServiceRequest = z.object({
  /** The SAT c_ClaveProdServ entry; only `clave` is read, the texts come from the catalog. */
  productServiceObj: CatalogKey(PRODUCT_SERVICE_KEY_REQUIRED_MESSAGE),
  /** The SAT c_ClaveUnidad entry; only `clave` is read, the texts come from the catalog. */
  unitsObj: CatalogKey(UNIT_KEY_REQUIRED_MESSAGE),
  unity_price: UnityPrice,
  internal_code: InternalCode,
  description: Description,
  /** The id of one of the enterprise's tax groups (rubros de impuestos). */
  taxesGroup: z.coerce
    .number({ error: TAXES_GROUP_REQUIRED_MESSAGE })
    .int(TAXES_GROUP_REQUIRED_MESSAGE)
    .positive(TAXES_GROUP_REQUIRED_MESSAGE),
  cuentaPredialNumber: CuentaPredialNumber,
});
export type ProductServiceRequest = z.infer<typeof ProductServiceRequest>;
export type ProductServiceRequestInput = z.input<typeof ProductServiceRequest>;

export const ProductServiceResponse = z.object({
  id: z.number().int(),
  productServiceObj: z.object({
    clave: z.string(),
    descripcion: z.string(),
    palabras_similares: z.string(),
  }),
  unitsObj: z.object({ clave: z.string(), nombre: z.string(), simbolo: z.string() }),
  /** Exact decimal string with at least 2 and up to 6 decimals. */
  unity_price: z.string(),
  internal_code: z.string().nullable(),
  description: z.string(),
  taxesGroup: z.number().int(),
  taxes_group_name: z.string(),
  objeto_impuesto_key: z.string(),
  /** The first entry of cuentas_predial, or null. */
  cuentaPredialNumber: z.string().nullable(),
  product_service_key: z.string(),
  product_service_name: z.string(),
  unit_key: z.string(),
  unit_name: z.string(),
  unit_symbol: z.string(),
});
export type ProductServiceResponse = z.infer<typeof ProductServiceResponse>;

export const PRODUCT_ORDER_COLUMNS = [
  'description',
  'internal_code',
  'product_service_key',
  'product_service_name',
  'unit_name',
  'unity_price',
  'created_at',
] as const;
export const ORDER_BY_MESSAGE = 'No se puede ordenar por esa columna';
export const PAGE_SIZE_MESSAGE = 'El tamaño de página debe ser 30, 50 o 100';

const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: PAGE_SIZE_MESSAGE });

export const ProductServiceListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  items_per_page: pageSize.default(DEFAULT_PAGE_SIZE),
  order_by: z.enum(PRODUCT_ORDER_COLUMNS, { error: ORDER_BY_MESSAGE }).default('description'),
  order_direction: z.enum(['asc', 'desc']).default('asc'),
});
export type ProductServiceListQuery = z.infer<typeof ProductServiceListQuery>;

export const ProductServiceSearchRequest = z.object({
  data_search: z.string().trim().max(200).default(''),
  current_page: z.coerce.number().int().min(1).optional(),
  items_perpage: pageSize.default(DEFAULT_PAGE_SIZE),
  paginated_search: z.boolean().default(true),
  order_by: z.enum(PRODUCT_ORDER_COLUMNS, { error: ORDER_BY_MESSAGE }).default('description'),
  order_direction: z.enum(['asc', 'desc']).default('asc'),
});
export type ProductServiceSearchRequest = z.infer<typeof ProductServiceSearchRequest>;

export const InternalCodeUniqueRequest = z.object({
  internal_code: z.string().trim(),
  /** The product being edited, which does not count as a duplicate. */
  id: z.coerce.number().int().nullish(),
});

export const DescriptionUniqueRequest = z.object({
  description: z.string().transform(cleanDescription),
  id: z.coerce.number().int().nullish(),
});

/** GET products-services/iva-fronterizo: may this enterprise charge IVA 8 % on a product key? */
export const IvaFronterizoQuery = z.object({
  clave: z.string().trim().max(8).optional(),
});
/** A product's tax group with IVA 8 % where the border-region stimulus does not apply. */
export function ivaFronterizoGrupoMessage(motivo: string): string {
  return `El grupo de impuestos lleva el IVA del 8% de la región fronteriza, que no se puede aplicar aquí. ${motivo}`;
}

/** `motivo`: why groups with IVA 8 % (border region) cannot be chosen, or null when they can. */
export const IvaFronterizoResponse = z.object({ motivo: z.string().nullable() });
export type IvaFronterizoResponse = z.infer<typeof IvaFronterizoResponse>;
