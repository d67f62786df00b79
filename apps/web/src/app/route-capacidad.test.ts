// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ROLES, puede, type Rol } from '@repo/contracts/roles';
import { puedeEn } from '#src/shared/session/permisos.ts';
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

  it('opens the API keys only to whoever manages them (owner and administrator)', () => {
    const abren = ROLES.filter((rol) => puede(rol, capacidadDePantalla('configs.clavesApi')));
    expect(abren).toEqual(['propietario', 'administrador']);
  });

  it('keeps the seals and the purchase of credits from an invoicer, and every change from a reader', () => {
    const opens = (rol: Rol, name: string) => puede(rol, capacidadDePantalla(name));
    expect(opens('facturista', 'configs.sellos')).toBe(false);
    expect(opens('facturista', 'buyCredits')).toBe(false);
    expect(opens('facturista', 'buyCredits.checkOut')).toBe(false);
    expect(opens('administrador', 'buyCredits.checkOut')).toBe(true);
    expect(opens('facturista', 'clients.import.report')).toBe(true);
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

  it("keeps the purchase screens from an administrator when the owner's switch is off, and only that", () => {
    const base = { id: 1, rfc: 'AAA010101AAA', razon_social: 'A', nombre_comercial: '' };
    const empresa = (rol: Rol, administradores_compran: boolean) => ({
      ...base,
      settings_v40: { has_ppd_invoices: false },
      rol,
      administradores_compran,
    });
    const opens = (e: ReturnType<typeof empresa>, name: string) =>
      puedeEn(e, capacidadDePantalla(name));
    for (const name of ['buyCredits', 'buyCredits.checkOut']) {
      expect(opens(empresa('administrador', true), name)).toBe(true);
      expect(opens(empresa('administrador', false), name)).toBe(false);
      expect(opens(empresa('propietario', false), name)).toBe(true);
      expect(opens(empresa('facturista', true), name)).toBe(false);
    }
    expect(opens(empresa('administrador', false), 'configs.sellos')).toBe(true);
  });
});
