import type { Capacidad } from '@repo/contracts/roles';

/**
 * Issue 27: the screens a role may open, by route name. A screen that creates or changes (its
 * name ends in .nuevo, .editar, .create, .import…) issues ('emitir'); a route not listed takes its
 * parent's (the name without its last part: 'configs.sellos' is a settings screen like 'configs'),
 * and one with no listed parent only reads ('ver', every role). The capabilities are the API's
 * (@repo/contracts/roles), so a screen the role cannot use is neither offered in a menu nor opened,
 * and never calls the API to be refused.
 */
export const CAPACIDAD_DE_PANTALLA: Readonly<Record<string, Capacidad>> = {
  configs: 'configurar',
  'configs.clavesApi': 'claves',
  'configs.usuarios': 'usuarios',
  'configs.bitacora': 'bitacora',
  buyCredits: 'comprar',
};

/** A screen that creates or changes (a client, a product, a document) is named so: it issues. */
const CAMBIA = /\.(?:nuevo|editar|clonar|sustituir|create|edit|import)$/;

export function capacidadDePantalla(name: string): Capacidad {
  for (let n = name; n; n = n.slice(0, Math.max(0, n.lastIndexOf('.')))) {
    const capacidad = CAPACIDAD_DE_PANTALLA[n] ?? (CAMBIA.test(n) ? 'emitir' : undefined);
    if (capacidad) return capacidad;
  }
  return 'ver';
}
