import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/rate-limit-counters.ts';

type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };
type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** Old windows are deleted once every this many hits of a process (the table stays small). */
const PRUNE_EVERY = 200;
const DAY_MS = 24 * 60 * 60 * 1000;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * A @fastify/rate-limit store that counts in the database (table rate_limit_counters, migration
 * 0018), so a limit holds across every API process on it. One fixed window per route (bucket) and
 * client key; each hit is a single atomic upsert that starts a new window once the old one is over.
 */
export function dbRateLimitStore(db: Db, now: () => Date) {
  let hits = 0;
  return class DbRateLimitStore {
    readonly bucket: string;

    // The plugin passes its merged options; a route's own store gets them with `routeInfo` (the
    // route), which names the bucket.
    constructor(options: object = {}) {
      const route = (options as RouteParams).routeInfo;
      this.bucket = route?.url ? `${String(route.method)} ${route.url}` : 'global';
    }

    child(routeOptions: object) {
      return new DbRateLimitStore(routeOptions);
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      this.hit(key, timeWindow).then(
        (res) => cb(null, res),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }

    async hit(key: string, timeWindow: number) {
      const t = now();
      const res = await contarEnVentana(db, this.bucket, key, t, timeWindow);
      if (++hits % PRUNE_EVERY === 0) {
        await db
          .delete(rateLimitCounters)
          .where(lt(rateLimitCounters.window_started_at, new Date(t.getTime() - DAY_MS)));
      }
      return res;
    }
  };
}

/**
 * One hit of `key` in `bucket`'s fixed window, as one atomic upsert that starts a new window once
 * the old one is over: the hits so far in the window and the milliseconds until it ends.
 */
export async function contarEnVentana(
  db: Db,
  bucket: string,
  key: string,
  t: Date,
  timeWindow: number,
): Promise<{ current: number; ttl: number }> {
  const over = sql`${rateLimitCounters.window_started_at} <= ${at(new Date(t.getTime() - timeWindow))}`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ bucket, key, window_started_at: t, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.key],
      set: {
        hits: sql`case when ${over} then 1 else ${rateLimitCounters.hits} + 1 end`,
        window_started_at: sql`case when ${over} then ${at(t)} else ${rateLimitCounters.window_started_at} end`,
      },
    })
    .returning({
      hits: rateLimitCounters.hits,
      started: rateLimitCounters.window_started_at,
    });
  const started = new Date(row?.started ?? t).getTime();
  return { current: row?.hits ?? 1, ttl: Math.max(0, started + timeWindow - t.getTime()) };
}
