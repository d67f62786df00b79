import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from './startup-error.ts';

const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database serves one process: a second one on the same folder would silently lose
 * acknowledged writes. `<dir>.lock` holds the owner's pid; a lock whose process is gone is stale and
 * taken over. Returns the release function (called when the database closes).
 */
export function lockDataFolder(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner: number;
    try {
      owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
    } catch {
      continue; // Removed meanwhile: try again.
    }
    const ownerHere = owner === process.pid && heldHere.has(file);
    if (ownerHere || (owner !== process.pid && owner > 0 && isRunning(owner))) {
      throw new StartupError(
        `The embedded database in ${dir} is already open by another process (pid ${owner}): stop it first. ` +
          'To run several API processes, use PostgreSQL (DATABASE_URL).',
      );
    }
    rmSync(file, { force: true }); // Its process is gone (a crash or a kill -9): stale.
  }
  throw new StartupError(`Could not lock the embedded database in ${dir}.`);
}

/**
 * Folders 0700 and files 0600 under dir. PGlite writes its files 0666 whatever the umask; its folder
 * is 0700 so nobody else can reach them, and this pass (at open and at close) takes the bits away.
 */
export function restrictToOwner(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) restrictToOwner(path);
    else if (entry.isFile()) chmodSync(path, 0o600);
  }
}
