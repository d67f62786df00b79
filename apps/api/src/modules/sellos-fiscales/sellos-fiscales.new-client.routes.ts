import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@repo/contracts/envelope';
import { CerFileInfoResponse, SellosFiscalesResponse } from '@repo/contracts/sellos-fiscales';
import type { AppDeps } from '../../deps.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { newClientOf, requireNewClientToken } from '../../http/new-client-token.ts';
import { csdAuthorities } from '../../pac/csd-authorities.ts';
import { readMultipart } from './read-multipart.ts';
import { getSellos, readCerFileInfo, saveSellos } from './sellos-fiscales.service.ts';

const TokenParams = z.object({ newClientToken: z.string().min(1) });

/** The initial configuration wizard's seals, for the enterprise of the new-client token. */
export function sellosFiscalesNewClientRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', requireNewClientToken(deps.db, deps.now));

    app.post(
      '/new-client/sellos-fiscales/:newClientToken/get-cer-file-info',
      { schema: { params: TokenParams, response: { 200: ok(CerFileInfoResponse) } } },
      async (request) => {
        newClientOf(request);
        const form = await readMultipart(request, { files: ['cer_file'], fields: [] });
        return envelope(readCerFileInfo(form.files.get('cer_file')?.data, deps.now()));
      },
    );

    app.get(
      '/new-client/sellos-fiscales/:newClientToken',
      { schema: { params: TokenParams, response: { 200: ok(SellosFiscalesResponse) } } },
      async (request) =>
        envelope(await getSellos(deps.db, newClientOf(request).enterpriseId, deps.now())),
    );

    app.post(
      '/new-client/sellos-fiscales/:newClientToken',
      { schema: { params: TokenParams, response: { 200: ok(SellosFiscalesResponse) } } },
      async (request) => {
        const { enterpriseId } = newClientOf(request);
        const form = await readMultipart(request, {
          files: ['cer_file', 'key_file'],
          fields: ['password'],
        });
        return envelope(
          await saveSellos(
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
          ),
        );
      },
    );
  };
}
