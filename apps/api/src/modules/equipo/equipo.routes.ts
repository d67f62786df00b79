import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@repo/contracts/envelope';
import {
  AceptarInvitacionRequest,
  CambioRolRequest,
  ComprasAdministradores,
  EquipoResponse,
  InvitacionInfo,
  InvitacionRequest,
} from '@repo/contracts/equipo';
import { LoginResponse } from '@repo/contracts/users';
import type { AppDeps } from '../../deps.ts';
import { requireAuth, sesionOf } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import {
  cambiarComprasAdministradores,
  verComprasAdministradores,
} from './compras-administradores.service.ts';
import {
  cambiarRol,
  cancelarInvitacion,
  invitar,
  quitarMiembro,
  verEquipo,
} from './equipo.service.ts';
import { aceptarInvitacion, verInvitacion } from './invitacion-aceptar.service.ts';

const EnterpriseParams = z.object({ enterpriseId: z.coerce.number().int() });
const MiembroParams = EnterpriseParams.extend({ userId: z.coerce.number().int() });
const InvitacionParams = EnterpriseParams.extend({ id: z.coerce.number().int() });
const TokenParams = z.object({ token: z.string().max(200) });

/** The "Usuarios" screen of an enterprise (issue 27): capability 'usuarios' (http/permisos.ts). */
export function equipoRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));

    /** The path's enterprise must be the signed-in one (spec section 6); any other is not found. */
    const own = (request: Parameters<typeof sesionOf>[0], enterpriseId: number) => {
      const auth = sesionOf(request);
      if (auth.enterpriseId !== enterpriseId)
        throw new AppError('NOT_FOUND', 'La empresa no existe.');
      return auth;
    };

    app.get(
      '/equipo/:enterpriseId',
      { schema: { params: EnterpriseParams, response: { 200: ok(EquipoResponse) } } },
      async (request) => envelope(await verEquipo(deps, own(request, request.params.enterpriseId))),
    );

    app.post(
      '/equipo/:enterpriseId/invitaciones',
      {
        config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
        schema: {
          params: EnterpriseParams,
          body: InvitacionRequest,
          response: { 201: ok(z.object({ id: z.number().int() })) },
        },
      },
      async (request, reply) => {
        const auth = own(request, request.params.enterpriseId);
        return reply.code(201).send(envelope(await invitar(deps, auth, request.body)));
      },
    );

    app.delete(
      '/equipo/:enterpriseId/invitaciones/:id',
      { schema: { params: InvitacionParams, response: { 200: ok(z.null()) } } },
      async (request) => {
        const auth = own(request, request.params.enterpriseId);
        await cancelarInvitacion(deps, auth, request.params.id);
        return envelope(null);
      },
    );

    app.put(
      '/equipo/:enterpriseId/miembros/:userId',
      {
        schema: { params: MiembroParams, body: CambioRolRequest, response: { 200: ok(z.null()) } },
      },
      async (request) => {
        const auth = own(request, request.params.enterpriseId);
        await cambiarRol(deps, auth, request.params.userId, request.body.rol);
        return envelope(null);
      },
    );

    app.delete(
      '/equipo/:enterpriseId/miembros/:userId',
      { schema: { params: MiembroParams, response: { 200: ok(z.null()) } } },
      async (request) => {
        const auth = own(request, request.params.enterpriseId);
        await quitarMiembro(deps, auth, request.params.userId);
        return envelope(null);
      },
    );

    // Whether the administrators may buy credits: the owner's alone (capability 'propiedad').
    app.get(
      '/equipo/:enterpriseId/compras-administradores',
      { schema: { params: EnterpriseParams, response: { 200: ok(ComprasAdministradores) } } },
      async (request) =>
        envelope(await verComprasAdministradores(deps, own(request, request.params.enterpriseId))),
    );

    app.put(
      '/equipo/:enterpriseId/compras-administradores',
      {
        schema: {
          params: EnterpriseParams,
          body: ComprasAdministradores,
          response: { 200: ok(ComprasAdministradores) },
        },
      },
      async (request) => {
        const auth = own(request, request.params.enterpriseId);
        const { administradores_compran } = request.body;
        return envelope(await cambiarComprasAdministradores(deps, auth, administradores_compran));
      },
    );
  };
}

/** The invitation's link, before anyone is signed in (issue 27). */
export function invitacionesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/invitaciones/:token',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: { params: TokenParams, response: { 200: ok(InvitacionInfo) } },
      },
      async (request) => envelope(await verInvitacion(deps, request.params.token)),
    );

    app.post(
      '/invitaciones/:token/aceptar',
      {
        // A password is tried here: as few attempts per address as sign-in allows.
        config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
        schema: {
          params: TokenParams,
          body: AceptarInvitacionRequest,
          response: { 200: ok(LoginResponse) },
        },
      },
      async (request) =>
        envelope(await aceptarInvitacion(deps, request.params.token, request.body)),
    );
  };
}
