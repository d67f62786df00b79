import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataFolder, restrictToOwner } from './data-folder.ts';
import { createPglite, PGLITE_EXTENSIONS, PGLITE_SHARED_BUFFERS } from './pglite.ts';
import { BackupError } from './backup-error.ts';
import { StartupError } from './startup-error.ts';

// The embedded database's backup: its whole data folder as one gzip'd tar (PGlite's dumpDataDir),
// taken and restored while no server holds the folder (the embedded database serves one process).

/** DATA_DIR/db, where the embedded database lives (db/open.ts). */
export const pgliteDir = (dataDir: string) => join(dataDir, 'db');

/** The folder's lock, or the reason in Spanish: the server (or another command) has it open. */
function lock(dir: string): () => void {
  try {
    return lockDataFolder(dir);
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    throw new BackupError(
      `La base de datos integrada de ${dir} está abierta por otro proceso (el servidor): deténgalo antes. (${error.message})`,
    );
  }
}

/** The embedded database of DATA_DIR as a gzip'd tar of its data folder. */
export async function dumpPglite(dataDir: string): Promise<Uint8Array> {
  const dir = pgliteDir(dataDir);
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    throw new BackupError(`No hay una base de datos integrada en ${dir}: nada que respaldar.`);
  }
  const release = lock(dir);
  try {
    const client = await createPglite(dir);
    try {
      const dump = await client.dumpDataDir('gzip');
      return new Uint8Array(await dump.arrayBuffer());
    } finally {
      await client.close();
      restrictToOwner(dir);
    }
  } finally {
    release();
  }
}

/**
 * A backup of dumpPglite into DATA_DIR/db, which must not hold a database yet (a restore never
 * overwrites one). Answers how many migrations the restored database had applied.
 */
export async function restorePglite(dataDir: string, file: string): Promise<number> {
  const dir = pgliteDir(dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new BackupError(
      `Ya hay una base de datos integrada en ${dir}: restaure en un DATA_DIR nuevo, o mueva esa carpeta antes.`,
    );
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const release = lock(dir);
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: dir,
      loadDataDir: new Blob([readFileSync(file)]),
      extensions: PGLITE_EXTENSIONS,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
  } catch (error) {
    // The folder was empty: leave it so, and a corrected restore can run again.
    release();
    rmSync(dir, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`El respaldo ${file} no se pudo cargar: ${reason}`);
  }
  try {
    try {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from schema_migrations',
      );
      return rows[0]?.n ?? 0;
    } finally {
      await client.close();
      restrictToOwner(dir);
    }
  } finally {
    release();
  }
}
