import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuditoriaFiltros,
  AuditoriaListQuery,
  HistorialResponse,
  RegistroAuditoria,
  UsuarioEnBitacora,
} from '@repo/contracts/auditoria';
import { ComprobanteIdParams } from '@repo/contracts/comprobantes';
import { ok, paginated } from '@repo/contracts/envelope';
import type { AppDeps } from '../../deps.ts';
import { authOf, requireAuth } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { exportarBitacora, verBitacora, verHistorial } from './auditoria.service.ts';

const EnterpriseParams = z.object({ enterpriseId: z.coerce.number().int() });

const BitacoraResponse = paginated(RegistroAuditoria).extend({
  usuarios: z.array(UsuarioEnBitacora),
});

/**
 * The enterprise's log ("Bitácora", capability 'bitacora': owners and administrators) and a
 * document's history (capability 'ver'). Read only: no route writes, changes or deletes a record.
 */
export function auditoriaRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));

    /** The path's enterprise must be the signed-in one (spec section 6); any other is not found. */
    const propia = (request: Parameters<typeof authOf>[0], enterpriseId: number) => {
      const auth = authOf(request);
      if (auth.enterpriseId !== enterpriseId)
        throw new AppError('NOT_FOUND', 'La empresa no existe.');
      return auth.enterpriseId;
    };

    app.get(
      '/auditoria/:enterpriseId',
      {
        schema: {
          params: EnterpriseParams,
          querystring: AuditoriaListQuery,
          response: { 200: ok(BitacoraResponse) },
        },
      },
      async (request) => {
        const enterpriseId = propia(request, request.params.enterpriseId);
        const { page, items_per_page: perPage, ...filtros } = request.query;
        const r = await verBitacora(deps, enterpriseId, filtros, page, perPage);
        return envelope({
          data: r.rows,
          current_page: page,
          per_page: perPage,
          total: r.total,
          last_page: Math.max(1, Math.ceil(r.total / perPage)),
          usuarios: r.usuarios,
        });
      },
    );

    app.get(
      '/auditoria/:enterpriseId/export',
      { schema: { params: EnterpriseParams, querystring: AuditoriaFiltros } },
      async (request, reply) => {
        const enterpriseId = propia(request, request.params.enterpriseId);
        const csv = await exportarBitacora(deps, enterpriseId, request.query);
        const dia = deps.now().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="bitacora-${dia}.csv"`)
          .header('cache-control', 'private, no-store')
          .send(csv);
      },
    );

    app.get(
      '/comprobantes/v40/:id/historial',
      { schema: { params: ComprobanteIdParams, response: { 200: ok(HistorialResponse) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(await verHistorial(deps, enterpriseId, request.params.id));
      },
    );
  };
}
