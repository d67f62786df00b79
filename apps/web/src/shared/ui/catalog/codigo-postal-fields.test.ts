import { describe, expect, it } from 'vitest';
import type { CodigoPostalInfo } from './codigo-postal-lookup.ts';
import { direccionFromInfo } from './codigo-postal-fields.tsx';
import { isCompleteCodigoPostal } from './codigo-postal-lookup.ts';

const info = (
  over: Partial<CodigoPostalInfo['codigoPostal']>,
  colonias: string[],
): CodigoPostalInfo => ({
  codigoPostal: {
    codigo_postal: '06600',
    clave_estado: 'CMX',
    clave_municipio: '015',
    clave_localidad: '01',
    estimulo_franja_fronteriza: false,
    referencias_huso_horario: {
      descripcion: 'Tiempo del Centro',
      zona_horaria: 'America/Mexico_City',
      verano: null,
      invierno: null,
    },
    ...over,
  },
  municipios: [{ clave: '015', clave_estado: 'CMX', descripcion: 'Cuauhtémoc' }],
  localidades: [{ clave: '01', clave_estado: 'CMX', descripcion: 'Ciudad de México' }],
  colonias: colonias.map((clave) => ({
    clave,
    codigo_postal: '06600',
    nombre_asentamiento: clave,
  })),
});

const empty = { codigo_postal: '06600', estado: '', municipio: '', ciudad: '', colonia: '' };

describe('direccionFromInfo', () => {
  it('takes the state, municipality and locality of the postal code', () => {
    expect(direccionFromInfo(empty, info({}, ['0001', '0002']))).toEqual({
      codigo_postal: '06600',
      estado: 'CMX',
      municipio: '015',
      ciudad: '01',
      colonia: '',
    });
  });

  it('keeps a colonia of the code, drops one of another code, and picks the only one', () => {
    expect(
      direccionFromInfo({ ...empty, colonia: '0002' }, info({}, ['0001', '0002'])).colonia,
    ).toBe('0002');
    expect(
      direccionFromInfo({ ...empty, colonia: '0999' }, info({}, ['0001', '0002'])).colonia,
    ).toBe('');
    expect(direccionFromInfo(empty, info({}, ['0007'])).colonia).toBe('0007');
  });

  it('falls back to the only municipality when the code does not name one', () => {
    expect(direccionFromInfo(empty, info({ clave_municipio: '' }, [])).municipio).toBe('015');
  });
});

describe('isCompleteCodigoPostal', () => {
  it('asks for 5 characters before a lookup', () => {
    expect(isCompleteCodigoPostal('0660')).toBe(false);
    expect(isCompleteCodigoPostal('06600')).toBe(true);
  });
});
