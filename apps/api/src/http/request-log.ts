import type { FastifyInstance } from 'fastify';

const SECRET_QUERY_KEY = /token|code|codigo|password|contrasena|secret|key|signature|firma/i;
/** A path segment or query value that looks like a token (long, letters and digits), not a word or an id. */
const TOKEN_LIKE = /^[A-Za-z0-9_\-.~%=+]{20,}$/;
export const REDACTED = '[redactado]';

/**
 * The URL as logged: path segments and query values that may be secrets (password-reset,
 * new-client and share tokens travel in paths; codes and keys in queries) are replaced.
 */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path
    .split('/')
    .map((segment) => (TOKEN_LIKE.test(segment) ? REDACTED : segment))
    .join('/');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [key = '', value] = pair.split('=', 2);
      if (value === undefined) return pair;
      return SECRET_QUERY_KEY.test(key) || TOKEN_LIKE.test(value) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/**
 * One log line per answered request, written here instead of Fastify's own request logging (which
 * logs the raw URL): method, redacted URL, status and time. Headers (the JWT in Authorization) and
 * bodies (passwords) are never logged.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        req: { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });
}
