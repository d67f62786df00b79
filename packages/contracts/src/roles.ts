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

/**
 * What a route does, as the role table sees it:
 * - ver: read and download (every role);
 * - emitir: clients, products, issue, send, share, cancel comprobantes;
 * - configurar: seals, tax data, series, tax groups;
 * - comprar: buy credits;
 * - usuarios: invite, change and remove members;
 * - bitacora: read and export the enterprise's audit log (who did what);
 * - propiedad: what only the owner decides (whether administrators may buy credits);
 * - claves: create and revoke the enterprise's API keys (never a key's own scope, so a key cannot
 *   make another that outlives its revocation; docs/decisions/014);
 * - cuenta: the user's own account (password, e-mail, personal data, sign-out), any role.
 */
export type Capacidad =
  | 'ver'
  | 'emitir'
  | 'configurar'
  | 'comprar'
  | 'usuarios'
  | 'propiedad'
  | 'bitacora'
  | 'claves'
  | 'cuenta';

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
  propiedad: ['propietario'],
  bitacora: QUIEN_ADMINISTRA,
  claves: QUIEN_ADMINISTRA,
};

/**
 * True when `rol` holds `capacidad`; no role (signed out) holds none. `administradoresCompran` is the
 * enterprise's switch (its owner's choice, default true): when false an administrator may not buy
 * credits (`comprar`).
 */
export function puede(
  rol: Rol | null | undefined,
  capacidad: Capacidad,
  administradoresCompran = true,
): boolean {
  if (rol == null || !ROLES_DE_CAPACIDAD[capacidad].includes(rol)) return false;
  return administradoresCompran || capacidad !== 'comprar' || rol !== 'administrador';
}

/** A 403 of a route the caller's role does not allow (a forged call: the screens never offer it). */
export const ROL_NO_PERMITE_MESSAGE = 'Su rol en esta empresa no permite esta acción.';
