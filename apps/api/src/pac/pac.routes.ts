import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SandboxPac } from '@repo/pac';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../http/errors.ts';

export const SIN_CERTIFICADO_PUBLICO =
  'El PAC configurado no es el sandbox: su certificado lo publica el SAT.';

/**
 * GET /api/pac/certificado: the sandbox PAC's timbre certificate, so anyone can verify a SelloSAT it
 * issued (PEM by default, DER with ?formato=cer). Public, like the SAT's own certificates.
 */
export function pacRoutes(deps: Pick<AppDeps, 'pac'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/pac/certificado',
      { schema: { querystring: z.object({ formato: z.enum(['pem', 'cer']).default('pem') }) } },
      async (request, reply) => {
        if (!(deps.pac instanceof SandboxPac))
          throw new AppError('NOT_FOUND', SIN_CERTIFICADO_PUBLICO);
        const certificado = deps.pac.certificado();
        const nombre = `pac-sandbox-${certificado.noCertificado}`;
        if (request.query.formato === 'cer') {
          return reply
            .header('content-type', 'application/pkix-cert')
            .header('content-disposition', `attachment; filename="${nombre}.cer"`)
            .send(certificado.der);
        }
        return reply
          .header('content-type', 'application/x-pem-file')
          .header('content-disposition', `attachment; filename="${nombre}.pem"`)
          .send(certificado.pem);
      },
    );
  };
}
