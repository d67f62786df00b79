import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { type AppRoute, pathFor, targetOf } from './route-meta.ts';

const screen = lazy(async () => ({ default: () => null }));
const route = (path: string, name: string): AppRoute => ({
  path,
  name,
  title: name,
  description: name,
  guard: 'requiresAuth',
  layout: 'app',
  screen,
});
const routes = [
  route('/', 'home'),
  route('/reset-password/:passwordResetToken?', 'resetPassword'),
  route('/facturacion/facturas/detalle/:facturaId', 'facturacion.facturas.detail'),
];

describe('route targets', () => {
  it('remembers name, params and query of a location and rebuilds its URL', () => {
    const target = targetOf(routes, '/facturacion/facturas/detalle/42', '?tab=xml');
    expect(target).toEqual({
      name: 'facturacion.facturas.detail',
      params: { facturaId: '42' },
      search: '?tab=xml',
    });
    expect(pathFor(routes, target?.name ?? '', target?.params ?? {})).toBe(
      '/facturacion/facturas/detalle/42',
    );
  });

  it('handles optional params and the root', () => {
    expect(pathFor(routes, 'resetPassword', {})).toBe('/reset-password');
    expect(pathFor(routes, 'resetPassword', { passwordResetToken: 'a b' })).toBe(
      '/reset-password/a%20b',
    );
    expect(targetOf(routes, '/', '')).toEqual({ name: 'home', params: {}, search: '' });
    expect(targetOf(routes, '/no-existe', '')).toBeNull();
    expect(pathFor(routes, 'nope', {})).toBeNull();
  });
});
