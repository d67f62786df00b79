import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ErrorBody } from '@repo/contracts/envelope';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** Vite's hashed files: their name changes with their content, so browsers keep them a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves apps/web's build; any non-API GET (or HEAD) falls back to index.html (history mode). Hashed
 * assets are cached a year, index.html and the rest are revalidated on every load; the build's .br/.gz
 * twins are served to browsers that accept them; source maps are not served.
 */
export async function registerSpa(app: FastifyInstance, dist = WEB_DIST): Promise<void> {
  const hasBuild = existsSync(`${dist}index.html`);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      preCompressed: true,
      allowedPath: (path) => !path.endsWith('.map'),
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes(`${sep}assets${sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const asset = request.url.startsWith('/assets/') || /\.map(\?|$)/.test(request.url);
    // HEAD is GET without the body (RFC 9110 §9.3.2): link checkers and uptime probes ask it.
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && hasBuild && !request.url.startsWith('/api') && !asset) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ success: false, dataError: 'El recurso solicitado no existe.' } satisfies ErrorBody);
  });
}
