import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database } from './client.ts';

// PGlite and its drizzle driver (about 40 MB of code and a WebAssembly PostgreSQL) live here, apart
// from client.ts, so that a server on PostgreSQL never loads them.

/**
 * The embedded server's buffer pool. PostgreSQL's default (128 MB) is sized for a dedicated
 * server; inside one Node process it is resident memory the app pays for even when idle, while the
 * files under it stay in the operating system's cache anyway.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

export function fromPglite(client: PGlite, onClose: () => void = () => {}): Database {
  return {
    db: drizzlePglite(client),
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: async () => {
      await client.close();
      onClose();
    },
  };
}

/**
 * The extensions the migrations create (0025: trigram indexes for the lists' searches): every
 * PGlite that runs them must be created with these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
];

/** The embedded PostgreSQL of `dir` (initialized on first use). */
export function createPglite(dir: string): Promise<PGlite> {
  return PGlite.create(dir, { extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS });
}
