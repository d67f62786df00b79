import { chmodSync, closeSync, existsSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { BackupError } from './backup-error.ts';
import { dumpPglite, restorePglite } from './backup-pglite.ts';
import { dumpPostgres, restorePostgres } from './backup-postgres.ts';

export { BackupError } from './backup-error.ts';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (backup-cli.ts): the database the
 * API uses (DATABASE_URL's PostgreSQL, or the embedded PGlite of DATA_DIR) into one file and back.
 * What is not in the database is not in the file: APP_SECRET (or DATA_DIR/secrets/app-secret), which
 * encrypts the CSD keys stored in it, is kept apart and must be the same where the backup is restored.
 */

type Target = { DATABASE_URL: string; DATA_DIR: string };
export type BackupKind = 'pglite' | 'postgres';

/** pg_dump's custom format starts with "PGDMP"; PGlite's dump is a gzip'd tar (1f 8b). */
function kindOfFile(file: string): BackupKind | null {
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return null;
}

const KIND_NAME: Record<BackupKind, string> = {
  pglite: 'de la base de datos integrada (PGlite)',
  postgres: 'de PostgreSQL (pg_dump)',
};

/** Dumps the database into `file` (a new file, readable by this user only). */
export async function backup(target: Target, file: string): Promise<{ kind: BackupKind }> {
  if (existsSync(file)) {
    throw new BackupError(
      `El archivo ${file} ya existe: elija otro nombre (nunca se sobrescribe).`,
    );
  }
  // Written beside the file and renamed once complete: a failed backup leaves no half file behind.
  const partial = `${file}.parcial-${process.pid}`;
  try {
    if (target.DATABASE_URL) {
      await dumpPostgres(target.DATABASE_URL, partial);
      chmodSync(partial, 0o600);
    } else {
      await writeFile(partial, await dumpPglite(target.DATA_DIR), { mode: 0o600 });
    }
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return { kind: target.DATABASE_URL ? 'postgres' : 'pglite' };
}

/** Restores `file` into an empty database of the same kind; answers the migrations it had applied. */
export async function restore(
  target: Target,
  file: string,
): Promise<{ kind: BackupKind; migrations: number }> {
  if (!existsSync(file)) throw new BackupError(`No existe el archivo ${file}.`);
  const kind: BackupKind = target.DATABASE_URL ? 'postgres' : 'pglite';
  const fileKind = kindOfFile(file);
  if (fileKind === null) {
    throw new BackupError(
      `${file} no es un respaldo de esta aplicación (ni de PGlite ni de pg_dump).`,
    );
  }
  if (fileKind !== kind) {
    throw new BackupError(
      `${file} es un respaldo ${KIND_NAME[fileKind]} y la base de datos configurada es ${kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'la integrada (DATABASE_URL vacío)'}.`,
    );
  }
  const migrations =
    kind === 'postgres'
      ? await restorePostgres(target.DATABASE_URL, file)
      : await restorePglite(target.DATA_DIR, file);
  return { kind, migrations };
}
