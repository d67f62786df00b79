import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { WEB_DIST } from './spa.ts';

/** The origin of a Sentry-compatible DSN (the SPA sends its errors there), or null. */
function dsnOrigin(dsn: string): string | null {
  try {
    return dsn ? new URL(dsn).origin : null;
  } catch {
    return null;
  }
}

/** HSTS on https: a year, subdomains included (the value helmet writes for these options). */
const HSTS = { maxAge: 31_536_000, includeSubDomains: true };

/**
 * The headers of every answer that matter even on one refused before any hook runs (a URL or
 * headers too large, a malformed request: framework-errors.ts): HSTS on https, so a browser that
 * first meets the app through such an answer still learns to use https only; no sniffing.
 */
export function earlyAnswerHeaders(config: Pick<Config, 'PUBLIC_URL'>): Record<string, string> {
  return {
    ...(config.PUBLIC_URL.startsWith('https:')
      ? { 'strict-transport-security': `max-age=${HSTS.maxAge}; includeSubDomains` }
      : {}),
    'x-content-type-options': 'nosniff',
  };
}

/** The CSP sources (`'sha256-…'`) of a page's attribute-less inline blocks of one tag. */
export function inlineBlockHashes(html: string, tag: 'script' | 'style'): string[] {
  return [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

/**
 * The app's Content-Security-Policy: scripts only from this origin and the build's own inline
 * blocks of index.html by their hash (the route preloader, apps/web/vite/route-preload.ts), never
 * any other inline script nor eval, so an injected <script> cannot run and read the session token
 * the SPA keeps in localStorage; no framing by other sites. Styles may be inline (React and
 * Bootstrap set style attributes).
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'PUBLIC_URL' | 'SENTRY_DSN_WEB'>,
  indexScriptHashes: readonly string[] = [],
) {
  const sentry = dsnOrigin(config.SENTRY_DSN_WEB);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...indexScriptHashes],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...(sentry ? [sentry] : [])],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: config.PUBLIC_URL.startsWith('https:') ? [] : null,
  };
}

/**
 * Security headers on every answer (helmet): the CSP above, nosniff, Referrer-Policy no-referrer
 * (share and reset links carry tokens in their paths), X-Frame-Options DENY, and HSTS when
 * PUBLIC_URL is https. Compression (@fastify/compress): br or gzip for JSON and text answers; the
 * SPA's files are compressed at build time (scripts/build.mjs) and served as they are.
 *
 * Helmet's middleware is built once here and applied to each request. The @fastify/helmet plugin
 * used until 2026-11-25 built it anew on every request (parsing and checking the CSP's directives
 * each time, about a quarter of the heap a catalog search allocated), for the same headers: it
 * exists for per-route options and CSP nonces, which this app does not use (a page with inline
 * blocks sets its own policy, `inlineHashPolicy`).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'PUBLIC_URL' | 'SENTRY_DSN_WEB'>,
  dist = WEB_DIST,
): Promise<void> {
  const https = config.PUBLIC_URL.startsWith('https:');
  const index = `${dist}index.html`;
  const hashes = existsSync(index) ? inlineBlockHashes(readFileSync(index, 'utf8'), 'script') : [];
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config, hashes),
    },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: https ? HSTS : false,
    crossOriginEmbedderPolicy: false,
  });
  // On the raw response, as the plugin did: a route's own header (reply.header) still wins.
  app.addHook('onRequest', (request, reply, done) => {
    // helmet throws rather than passing an error (since 8.1); it calls back with nothing.
    securityHeaders(request.raw, reply.raw, () => done());
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Dynamic answers: fast settings (brotli's default quality, 11, costs far more CPU than it
    // saves), and a 256 KB window instead of 4 MB: the same bytes for any answer under 256 KB, and
    // a quarter less CPU for a 4 KB catalog page (the encoder no longer sets up a 4 MB window).
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
      },
    },
  });
}

/**
 * A page of its own with inline <script>/<style> (the sandbox card form, framed by the app): a CSP
 * that allows exactly those blocks by their SHA-256, and framing by this origin only.
 */
export function inlineHashPolicy(html: string): string {
  const hashes = (tag: 'script' | 'style') => inlineBlockHashes(html, tag);
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes('script').join(' ')}`.trim(),
    `style-src 'self' ${hashes('style').join(' ')}`.trim(),
    "img-src 'self' data:",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}
