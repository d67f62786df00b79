import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@repo/contracts/envelope';
import { CerFileInfoResponse, SellosFiscalesResponse } from '@repo/contracts/sellos-fiscales';
import type { AppDeps } from '../../deps.ts';
import { authOf, requireAuth } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { csdAuthorities } from '../../pac/csd-authorities.ts';
import { readMultipart } from './read-multipart.ts';
import { getSellos, readCerFileInfo, saveSellos } from './sellos-fiscales.service.ts';

const EnterpriseParams = z.object({ enterpriseId: z.coerce.number().int() });

/** Sellos y certificados digitales: spec section 7, "Seals and tax data". */
export function sellosFiscalesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));

    const ownEnterprise = (request: Parameters<typeof authOf>[0], enterpriseId: number) => {
      const { enterpriseId: own } = authOf(request);
      if (own !== enterpriseId) throw new AppError('NOT_FOUND', 'La empresa no existe.');
      return own;
    };

    app.post(
      '/sellos-fiscales/:enterpriseId/get-cer-file-info',
      { schema: { params: EnterpriseParams, response: { 200: ok(CerFileInfoResponse) } } },
      async (request) => {
        ownEnterprise(request, request.params.enterpriseId);
        const form = await readMultipart(request, { files: ['cer_file'], fields: [] });
        return envelope(readCerFileInfo(form.files.get('cer_file')?.data, deps.now()));
      },
    );

    app.get(
      '/sellos-fiscales/:enterpriseId',
      { schema: { params: EnterpriseParams, response: { 200: ok(SellosFiscalesResponse) } } },
      async (request) => {
        const enterpriseId = ownEnterprise(request, request.params.enterpriseId);
        return envelope(await getSellos(deps.db, enterpriseId, deps.now()));
      },
    );

    app.post(
      '/sellos-fiscales/:enterpriseId',
      { schema: { params: EnterpriseParams, response: { 200: ok(SellosFiscalesResponse) } } },
      async (request) => {
        const enterpriseId = ownEnterprise(request, request.params.enterpriseId);
        const form = await readMultipart(request, {
          files: ['cer_file', 'key_file'],
          fields: ['password'],
        });
        const sellos = await saveSellos(
          deps.db,
          deps.secret,
          enterpriseId,
          {
            cer: form.files.get('cer_file'),
            key: form.files.get('key_file'),
            password: form.fields.get('password'),
          },
          deps.now(),
          csdAuthorities(deps.config),
        );
        return envelope(sellos);
      },
    );
  };
}
