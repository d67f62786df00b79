import { describe, expect, it } from 'vitest';
import { decidirEnlace, enlaceDeEmpresa, sinEmpresa } from './enlace-empresa.ts';

describe('links into one of the user enterprises (?empresa=)', () => {
  it('writes the enterprise into a path, keeping its own query', () => {
    expect(enlaceDeEmpresa(7, '/facturacion/facturas/detalle/31')).toBe(
      '/facturacion/facturas/detalle/31?empresa=7',
    );
    expect(enlaceDeEmpresa(7, '/facturacion/facturas?page=2')).toBe(
      '/facturacion/facturas?page=2&empresa=7',
    );
  });

  it('switches for another enterprise, drops the active one, refuses what is not an id', () => {
    expect(decidirEnlace('', 1)).toEqual({ accion: 'ninguna' });
    expect(decidirEnlace('?page=2', 1)).toEqual({ accion: 'ninguna' });
    expect(decidirEnlace('?empresa=1', 1)).toEqual({ accion: 'quitar' });
    expect(decidirEnlace('?empresa=2&page=3', 1)).toEqual({ accion: 'cambiar', enterpriseId: 2 });
    expect(decidirEnlace('?empresa=abc', 1)).toEqual({ accion: 'invalida' });
    expect(decidirEnlace('?empresa=', 1)).toEqual({ accion: 'invalida' });
    expect(decidirEnlace('?empresa=0', 1)).toEqual({ accion: 'invalida' });
  });

  it('drops only the enterprise from the query', () => {
    expect(sinEmpresa('?empresa=2')).toBe('');
    expect(sinEmpresa('?page=3&empresa=2&q=x')).toBe('?page=3&q=x');
  });
});
