import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@repo/contracts/envelope';
import {
  CrearExportacionZipRequest,
  EXPORTACION_ZIP_PATH,
  ExportacionZip,
  ExportacionZipParams,
  nombreZip,
} from '@repo/contracts/exportacion-zip';
import type { AppDeps } from '../../deps.ts';
import { authOf, requireAuth, sesionOf } from '../../http/auth.ts';
import { avisarTrabajadores } from '../../jobs/aviso.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { attachment } from '../clients/spreadsheet.ts';
import { exportadorDe } from './exportador.ts';
import { aRespuesta, crearExportacion, verExportacion, zipDe } from './exportacion-zip.service.ts';

/**
 * A period's XML and PDF as one ZIP (issue 15): POST creates the export job (201; 200 with the one
 * in progress when the enterprise already has one), GET answers its progress, GET …/descargar
 * streams the ready ZIP from the database. Every query is scoped to the session's enterprise.
 */
export function exportacionZipRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const base = `/${EXPORTACION_ZIP_PATH}`;
  const exportador = exportadorDe(deps, {
    onError: (err, job) =>
      deps.logger.error(
        { err, enterpriseId: job?.enterprise_id, exportacionId: job?.id },
        'ZIP export failed',
      ),
  });
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));

    app.post(
      base,
      {
        schema: {
          body: CrearExportacionZipRequest,
          response: { 200: ok(ExportacionZip), 201: ok(ExportacionZip) },
        },
      },
      async (request, reply) => {
        const { enterpriseId, userId } = sesionOf(request);
        const { exportacion, nueva } = await crearExportacion(
          deps.db,
          enterpriseId,
          userId,
          request.body,
        );
        // With JOBS=off the workers prepare it (npm run worker): they are told at once.
        if (nueva && deps.config.JOBS === 'off')
          await avisarTrabajadores(deps.db, 'exportacion-zip');
        else if (nueva) exportador.despertar();
        return reply.code(nueva ? 201 : 200).send(envelope(exportacion));
      },
    );

    app.get(
      `${base}/:id`,
      { schema: { params: ExportacionZipParams, response: { 200: ok(ExportacionZip) } } },
      async (request, reply) => {
        const row = await verExportacion(deps.db, authOf(request).enterpriseId, request.params.id);
        reply.header('cache-control', 'no-store');
        return envelope(aRespuesta(row));
      },
    );

    app.get(
      `${base}/:id/descargar`,
      { schema: { params: ExportacionZipParams } },
      async (request, reply) => {
        const { row, partes } = await zipDe(
          deps.db,
          authOf(request).enterpriseId,
          request.params.id,
        );
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', attachment(nombreZip(row.desde, row.hasta)))
          .header('content-length', String(row.bytes ?? 0))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(Readable.from(partes));
      },
    );
  };
}
