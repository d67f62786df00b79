// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { puede, type Rol } from '@repo/contracts/roles';
import { CAPACIDAD_DE_PANTALLA, capacidadDePantalla } from './route-capacidad.ts';
import { ROUTES } from './router.tsx';

describe('the screens each role may open (issue 27)', () => {
  it('names only routes of the route table', () => {
    const names = new Set(ROUTES.map((r) => r.name));
    expect(Object.keys(CAPACIDAD_DE_PANTALLA).filter((n) => !names.has(n))).toEqual([]);
  });

  it('keeps every settings screen from whoever may not configure', () => {
    const open = ROUTES.filter(
      (r) => r.path.startsWith('/configuraciones') && capacidadDePantalla(r.name) === 'ver',
    );
    expect(open.map((r) => r.name)).toEqual([]);
  });

  it('keeps the seals and the purchase of credits from an invoicer, and every change from a reader', () => {
    const opens = (rol: Rol, name: string) => puede(rol, capacidadDePantalla(name));
    expect(opens('facturista', 'configs.sellos')).toBe(false);
    expect(opens('facturista', 'buyCredits')).toBe(false);
    expect(opens('facturista', 'facturacion.facturas.nuevo')).toBe(true);
    expect(opens('administrador', 'configs.sellos')).toBe(true);
    expect(opens('lectura', 'facturacion.facturas.nuevo')).toBe(false);
    expect(opens('lectura', 'facturacion.facturas.detalle')).toBe(true);
    const readerOpens = ROUTES.filter(
      (r) => r.guard === 'requiresAuth' && opens('lectura', r.name),
    ).map((r) => r.name);
    expect(
      readerOpens.filter((n) => /\.(nuevo|editar|clonar|create|edit|import)\b/.test(n)),
    ).toEqual([]);
  });
});
