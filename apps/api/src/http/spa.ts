import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ErrorBody } from '@repo/contracts/envelope';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** Serves apps/web's build; any non-API GET falls back to index.html (history mode). */
export async function registerSpa(app: FastifyInstance, dist = WEB_DIST): Promise<void> {
  const hasBuild = existsSync(`${dist}index.html`);
  if (hasBuild) await app.register(fastifyStatic, { root: dist, wildcard: false });
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && hasBuild && !request.url.startsWith('/api')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ success: false, dataError: 'El recurso solicitado no existe.' } satisfies ErrorBody);
  });
}
