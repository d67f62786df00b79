import { z } from 'zod';
import { ROLES, type Rol as RolDeEquipo } from './roles.ts';

export * from './roles.ts';

// Teams (issue 27): the role a user has in each enterprise, what each role may do, and the requests
// of the "Usuarios" screen and of invitations. The API checks a route's capability against the
// caller's role on every request (apps/api/src/http/permisos.ts); the SPA offers only what the role
// allows (same table, so a 403 meets only a forged call: spec section 8, item 3).

/** What each role may do, in words (the invitation's form and link); kept out of roles.ts, which
 * the SPA's first chunk loads. */
export const ROL_DESCRIPCION: Record<RolDeEquipo, string> = {
  propietario: 'Todo, incluidos los usuarios y la compra de créditos.',
  administrador:
    'Todo, salvo cambiar o quitar al propietario; compra créditos si el propietario lo permite.',
  facturista:
    'Clientes, productos, emitir, enviar y cancelar comprobantes. Sin sellos, datos fiscales, series, usuarios ni compra de créditos.',
  lectura: 'Ve y descarga todo; no cambia nada.',
};

/** A 403 of a purchase by an administrator whose enterprise's owner turned the switch off. */
export const ADMINISTRADORES_NO_COMPRAN_MESSAGE =
  'El propietario de esta empresa no permite que los administradores compren créditos.';

/** A member's role in one enterprise, as a request or an answer carries it. */
export const Rol = z.enum(ROLES);
export type Rol = z.infer<typeof Rol>;

/** The roles an invitation may give: ownership is not handed out by e-mail. */
export const RolInvitado = z.enum(['administrador', 'facturista', 'lectura'], {
  error: 'Elija el rol que tendrá en la empresa',
});
export type RolInvitado = z.infer<typeof RolInvitado>;

/** Days an invitation link keeps working. */
export const INVITACION_DIAS = 7;

/** POST /api/equipo/:enterpriseId/invitaciones */
export const InvitacionRequest = z.object({
  email: z
    .string({ error: 'Ingrese un correo electrónico válido' })
    .trim()
    .toLowerCase()
    .max(254, 'Ingrese un correo electrónico válido')
    .regex(z.regexes.email, 'Ingrese un correo electrónico válido'),
  rol: RolInvitado,
});
export type InvitacionRequest = z.infer<typeof InvitacionRequest>;

/** PUT /api/equipo/:enterpriseId/miembros/:userId */
export const CambioRolRequest = z.object({ rol: Rol });
export type CambioRolRequest = z.infer<typeof CambioRolRequest>;

/**
 * GET and PUT /api/equipo/:enterpriseId/compras-administradores (the owner only): whether the
 * enterprise's administrators may buy credits.
 */
export const ComprasAdministradores = z.object({
  administradores_compran: z.boolean({
    error: 'Indique si los administradores pueden comprar créditos',
  }),
});
export type ComprasAdministradores = z.infer<typeof ComprasAdministradores>;

export const Miembro = z.object({
  user_id: z.number().int(),
  nombre: z.string(),
  email: z.string(),
  rol: Rol,
  desde: z.string(),
  /** The signed-in user's own row. */
  es_usted: z.boolean(),
});
export type Miembro = z.infer<typeof Miembro>;

export const InvitacionPendiente = z.object({
  id: z.number().int(),
  email: z.string(),
  rol: Rol,
  enviada: z.string(),
  vence: z.string(),
  vencida: z.boolean(),
});
export type InvitacionPendiente = z.infer<typeof InvitacionPendiente>;

/** GET /api/equipo/:enterpriseId */
export const EquipoResponse = z.object({
  miembros: z.array(Miembro),
  invitaciones: z.array(InvitacionPendiente),
});
export type EquipoResponse = z.infer<typeof EquipoResponse>;

/** GET /api/invitaciones/:token (public): what the link offers, before it is accepted. */
export const InvitacionInfo = z.object({
  email: z.string(),
  rol: Rol,
  empresa: z.object({ nombre: z.string(), rfc: z.string() }),
  invitada_por: z.string(),
  /** An account with this e-mail exists: accepting asks for its password, not a new one. */
  cuenta_existente: z.boolean(),
});
export type InvitacionInfo = z.infer<typeof InvitacionInfo>;

/**
 * POST /api/invitaciones/:token/aceptar: a new account's name and password (the e-mail is the
 * invitation's), or the existing account's password. Answers a session on the enterprise.
 */
export const AceptarInvitacionRequest = z.object({
  name: z.string().trim().max(120).optional(),
  password: z.string({ error: 'Escriba su contraseña' }).min(1, 'Escriba su contraseña').max(128),
});
export type AceptarInvitacionRequest = z.infer<typeof AceptarInvitacionRequest>;

export const INVITACION_NO_EXISTE_MESSAGE =
  'Esta invitación no existe o ya fue usada. Pida al propietario de la empresa una nueva.';
export const INVITACION_VENCIDA_MESSAGE =
  'Esta invitación venció. Pida al propietario de la empresa que le envíe una nueva.';
export const YA_ES_MIEMBRO_MESSAGE = 'Esta persona ya es usuario de la empresa.';
export const PROPIETARIO_INTOCABLE_MESSAGE =
  'Solo el propietario puede cambiar o quitar a un propietario.';
export const MIEMBRO_NO_EXISTE_MESSAGE = 'Esta persona no es usuario de la empresa.';

/** POST /api/users/cambiar-empresa: the enterprise to work on; answers a session on it. */
export const CambioEmpresaRequest = z.object({
  enterprise_id: z.number({ error: 'Elija una empresa' }).int(),
});
export type CambioEmpresaRequest = z.infer<typeof CambioEmpresaRequest>;

export const EMPRESA_AJENA_MESSAGE = 'Usted no pertenece a esa empresa.';
