import { describe, expect, it } from 'vitest';
import {
  type ProductServiceFormValues,
  emptyProductValues,
  productServiceResolver,
} from './product-service-form-values.ts';

const laptop: ProductServiceFormValues = {
  productServiceObj: { clave: '43211503', descripcion: 'Computadores notebook' },
  unitsObj: { clave: 'H87', descripcion: 'Pieza' },
  unity_price: '$ 18,500.50',
  internal_code: 'LAP-001',
  description: '<b>Laptop</b> 14"\r\ncon cargador',
  taxesGroup: '7',
  cuentaPredialNumber: '',
};

const resolve = (values: ProductServiceFormValues) =>
  productServiceResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('productServiceResolver', () => {
  it('sends the price as a plain decimal and the description without tags or line breaks', async () => {
    const { values, errors } = await resolve({ ...laptop, cuentaPredialNumber: '12-34 A/5' });
    expect(errors).toEqual({});
    expect(values).toMatchObject({
      productServiceObj: { clave: '43211503' },
      unitsObj: { clave: 'H87' },
      unity_price: '18500.50',
      description: 'Laptop 14" con cargador',
      taxesGroup: 7,
      cuentaPredialNumber: '1234A5',
      internal_code: 'LAP-001',
    });
  });

  it('names each missing or malformed field in Spanish', async () => {
    const { errors } = await resolve({ ...emptyProductValues(), unity_price: '12.1234567' });
    expect(errors.productServiceObj?.message).toBe(
      'La clave de producto o servicio del SAT es obligatoria',
    );
    expect(errors.unitsObj?.message).toBe('La clave de unidad del SAT es obligatoria');
    expect(errors.unity_price?.message).toBe(
      'El precio unitario debe ser un número mayor o igual a 0 con hasta 6 decimales',
    );
    expect(errors.description?.message).toBe('La descripción es obligatoria');
    expect(errors.taxesGroup?.message).toBe('El grupo de impuestos es obligatorio');
  });

  it('refuses a description made only of tags and line breaks', async () => {
    const { errors } = await resolve({ ...laptop, description: '<p>\n</p>' });
    expect(errors.description?.message).toBe('La descripción es obligatoria');
  });
});
