/**
 * API answers index.html's preloader started with the screen's chunks (apps/web/vite/route-preload.ts),
 * so a screen's first GETs leave with its code instead of after it has run.
 */
interface Prefetched {
  /** The access token it was sent with. */
  token: string;
  at: number;
  response: Promise<Response | null>;
}

declare global {
  interface Window {
    __cfdiPrefetch?: Record<string, Prefetched>;
  }
}

/** An answer older than this is asked again (the screen took long to load; data may have changed). */
export const PREFETCH_MAX_AGE_MS = 15_000;

/**
 * The preloader's answer to GET `path` (the URL's path and query), taken once; null when there is none, it
 * is too old or it was sent with another token than `token`.
 */
export function takePrefetched(
  path: string,
  token: string | null,
  now = Date.now(),
): Promise<Response | null> | null {
  const store = window.__cfdiPrefetch;
  const entry = store?.[path];
  if (!store || !entry) return null;
  delete store[path];
  if (entry.token !== token || now - entry.at > PREFETCH_MAX_AGE_MS) return null;
  return entry.response;
}

/** Forgets every answer not taken yet (the first screen was left). */
export function dropPrefetched(): void {
  delete window.__cfdiPrefetch;
}
