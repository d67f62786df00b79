import { z } from 'zod';

// Teams (issue 27): the role a user has in each enterprise, what each role may do, and the requests
// of the "Usuarios" screen and of invitations. The API checks a route's capability against the
// caller's role on every request (apps/api/src/http/permisos.ts); the SPA offers only what the role
// allows (same table, so a 403 meets only a forged call: spec section 8, item 3).

/** A member's role in one enterprise. */
export const Rol = z.enum(['propietario', 'administrador', 'facturista', 'lectura']);
export type Rol = z.infer<typeof Rol>;

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
 * - cuenta: the user's own account (password, e-mail, personal data, sign-out), any role.
 */
export const Capacidad = z.enum(['ver', 'emitir', 'configurar', 'comprar', 'usuarios', 'cuenta']);
export type Capacidad = z.infer<typeof Capacidad>;

const TODOS: readonly Rol[] = Rol.options;
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
};

/** True when `rol` holds `capacidad`; no role (signed out) holds none. */
export function puede(rol: Rol | null | undefined, capacidad: Capacidad): boolean {
  return rol != null && ROLES_DE_CAPACIDAD[capacidad].includes(rol);
}

/** A 403 of a route the caller's role does not allow (a forged call: the screens never offer it). */
export const ROL_NO_PERMITE_MESSAGE = 'Su rol en esta empresa no permite esta acción.';
