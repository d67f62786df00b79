// Teams (issue 27): the role a user has in each enterprise and what each role may do. Without zod,
// so the SPA's first chunk (route guard, menu) can read it without loading the validation library;
// the schemas are in equipo.ts.

export const ROLES = ['propietario', 'administrador', 'facturista', 'lectura'] as const;
/** A member's role in one enterprise. */
export type Rol = (typeof ROLES)[number];

export const ROL_ETIQUETA: Record<Rol, string> = {
  propietario: 'Propietario',
  administrador: 'Administrador',
  facturista: 'Facturista',
  lectura: 'Solo lectura (contador)',
};

export const ROL_DESCRIPCION: Record<Rol, string> = {
  propietario: 'Todo, incluidos los usuarios y la compra de créditos.',
  administrador: 'Todo, salvo cambiar o quitar al propietario.',
  facturista:
    'Clientes, productos, emitir, enviar y cancelar comprobantes. Sin sellos, datos fiscales, series, usuarios ni compra de créditos.',
  lectura: 'Ve y descarga todo; no cambia nada.',
};

/**
 * What a route does, as the role table sees it:
 * - ver: read and download (every role);
 * - emitir: clients, products, issue, send, share, cancel comprobantes;
 * - configurar: seals, tax data, series, tax groups;
 * - comprar: buy credits;
 * - usuarios: invite, change and remove members;
 * - bitacora: read and export the enterprise's audit log (who did what);
 * - claves: create and revoke the enterprise's API keys (never a key's own scope, so a key cannot
 *   make another that outlives its revocation; docs/decisions/014);
 * - cuenta: the user's own account (password, e-mail, personal data, sign-out), any role.
 */
export type Capacidad =
  'ver' | 'emitir' | 'configurar' | 'comprar' | 'usuarios' | 'bitacora' | 'claves' | 'cuenta';

const TODOS: readonly Rol[] = ROLES;
const QUIEN_EMITE: readonly Rol[] = ['propietario', 'administrador', 'facturista'];
const QUIEN_ADMINISTRA: readonly Rol[] = ['propietario', 'administrador'];

/** The roles that hold each capability: the one place that says who may do what. */
export const ROLES_DE_CAPACIDAD: Record<Capacidad, readonly Rol[]> = {
  ver: TODOS,
  cuenta: TODOS,
  emitir: QUIEN_EMITE,
  configurar: QUIEN_ADMINISTRA,
  comprar: QUIEN_ADMINISTRA,
  usuarios: QUIEN_ADMINISTRA,
  bitacora: QUIEN_ADMINISTRA,
  claves: QUIEN_ADMINISTRA,
};

/** True when `rol` holds `capacidad`; no role (signed out) holds none. */
export function puede(rol: Rol | null | undefined, capacidad: Capacidad): boolean {
  return rol != null && ROLES_DE_CAPACIDAD[capacidad].includes(rol);
}

/** A 403 of a route the caller's role does not allow (a forged call: the screens never offer it). */
export const ROL_NO_PERMITE_MESSAGE = 'Su rol en esta empresa no permite esta acción.';
