import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { fromPostgres } from './client.ts';
import { rowsOf } from './migrate.ts';
import { redactUrl } from './open.ts';
import { BackupError } from './backup-error.ts';

// PostgreSQL's backup with its own tools: pg_dump's custom format (compressed, restored by
// pg_restore in one transaction). pg_dump takes a consistent snapshot while the API keeps serving.

/**
 * libpq's connection string without the password, and the password apart (PGPASSWORD), so that it
 * does not show in the process list.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs a PostgreSQL client tool; its stderr becomes the error's message. */
function run(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `No se encontró ${tool}: instale el cliente de PostgreSQL (en Debian: apt-get install postgresql-client) de la misma versión que el servidor o una más nueva.`
            : `${tool} no pudo iniciarse: ${error.message}`,
        ),
      ),
    );
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${tool} terminó con el código ${code}: ${stderr.trim()}`)),
    );
  });
}

/** The database of `url` into `file` (pg_dump's custom format). */
export async function dumpPostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  await run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`],
    env,
  );
}

/**
 * A pg_dump backup into the database of `url`, which must have none of the app's tables yet (a
 * restore never mixes two databases: create an empty one with createdb). All or nothing.
 */
export async function restorePostgres(url: string, file: string): Promise<number> {
  const database = fromPostgres(url, 1);
  try {
    const [row] = rowsOf<{ name: string | null }>(
      await database.db.execute(sql`select to_regclass('schema_migrations')::text as name`),
    );
    if (row?.name) {
      throw new BackupError(
        `La base de datos ${redactUrl(url)} ya tiene las tablas de la aplicación: restaure en una base de datos vacía (createdb).`,
      );
    }
    const { dbname, env } = connection(url);
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${dbname}`,
        file,
      ],
      env,
    );
    const [applied] = rowsOf<{ n: number | string }>(
      await database.db.execute(sql`select count(*) as n from schema_migrations`),
    );
    return Number(applied?.n ?? 0);
  } finally {
    await database.close();
  }
}
