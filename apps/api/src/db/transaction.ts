import type { Db } from './client.ts';

/** Runs fn in a transaction (a nested savepoint when db is already a transaction). */
export function withTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}
