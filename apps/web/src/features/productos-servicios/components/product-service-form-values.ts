import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  ProductServiceRequest as ProductServiceRequestSchema,
  type ProductServiceRequest,
  type ProductServiceResponse,
  cleanCuentaPredial,
  cleanDescription,
} from '@repo/contracts/products-services';
import type { ClaveOption } from '#src/shared/ui/catalog/clave-search-select.tsx';

/** What the product or service form edits. */
export interface ProductServiceFormValues {
  productServiceObj: ClaveOption | null;
  unitsObj: ClaveOption | null;
  unity_price: string;
  internal_code: string;
  description: string;
  taxesGroup: string;
  cuentaPredialNumber: string;
}

export const PRODUCT_FORM_FIELDS = [
  'productServiceObj',
  'unitsObj',
  'unity_price',
  'internal_code',
  'description',
  'taxesGroup',
  'cuentaPredialNumber',
] as const;

export const internalCodeTakenMessage = (code: string) =>
  `Ya existe un producto o servicio con el código interno ${code}`;
export const DESCRIPTION_TAKEN_MESSAGE = 'Ya existe un producto o servicio con esta descripción';

export function emptyProductValues(): ProductServiceFormValues {
  return {
    productServiceObj: null,
    unitsObj: null,
    unity_price: '',
    internal_code: '',
    description: '',
    taxesGroup: '',
    cuentaPredialNumber: '',
  };
}

export function productValuesOf(product: ProductServiceResponse): ProductServiceFormValues {
  return {
    productServiceObj: {
      clave: product.productServiceObj.clave,
      descripcion: product.productServiceObj.descripcion,
    },
    unitsObj: { clave: product.unitsObj.clave, descripcion: product.unitsObj.nombre },
    unity_price: product.unity_price,
    internal_code: product.internal_code ?? '',
    description: product.description,
    taxesGroup: String(product.taxesGroup),
    cuentaPredialNumber: product.cuentaPredialNumber ?? '',
  };
}

/** A price as typed ($ 1,234.50) to the plain decimal the API takes (1234.50). */
export function plainPrice(text: string): string {
  return text.replace(/[$,\s]/g, '');
}

/** Spec section 5: what is kept of a description and of a property-account number. */
export { cleanCuentaPredial, cleanDescription };

/** The form's values checked by the API's own contract, so the form says what the server would. */
export const productServiceResolver: Resolver<
  ProductServiceFormValues,
  unknown,
  ProductServiceRequest
> = (values) => {
  const parsed = ProductServiceRequestSchema.safeParse({
    productServiceObj: values.productServiceObj ?? undefined,
    unitsObj: values.unitsObj ?? undefined,
    unity_price: plainPrice(values.unity_price),
    internal_code: values.internal_code,
    description: values.description,
    taxesGroup: values.taxesGroup === '' ? undefined : values.taxesGroup,
    cuentaPredialNumber: values.cuentaPredialNumber,
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= { type: 'validation', message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<ProductServiceFormValues> };
};
