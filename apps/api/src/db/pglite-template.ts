import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from './migrate.ts';
import { createPglite, fromPglite } from './pglite.ts';

// A new embedded database starts from a template made by the build (scripts/build.mjs): PGlite's
// initdb and the migrations, run once on the build machine into a data folder beside the compiled
// API, which a first start copies (a plain file copy) and opens as an existing database. Without it
// a first start spent about 5 s of CPU on initdb alone and kept 660 MB of memory (the WebAssembly
// heap does not shrink); loading a dumped tarball instead (PGlite's loadDataDir) still cost 1.5–2 s.
// A template of another PGlite version is not used (the data folder is PGlite's format), nor a
// missing one (the API run from its TypeScript sources): the database is then initialized as before.

/** Where the compiled API keeps the template (apps/api/dist/pglite-template/). */
export const PGLITE_TEMPLATE = fileURLToPath(new URL('../pglite-template', import.meta.url));
const VERSION_FILE = 'template-pglite-version';

/** The installed PGlite's version (its package.json does not export itself: found from its entry). */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (dirname(dir) !== dir) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const m = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (m.name === '@electric-sql/pglite') return m.version ?? '';
    }
    dir = dirname(dir);
  }
  return '';
}

/** Initializes and migrates a PGlite data folder at `dir` (replaced), closed cleanly. */
export async function writePgliteTemplate(dir = PGLITE_TEMPLATE): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const client = await createPglite(dir);
  try {
    await migrate(fromPglite(client));
  } finally {
    await client.close();
  }
  writeFileSync(join(dir, VERSION_FILE), pgliteVersion());
}

/**
 * Copies the template into `dir` when `dir` holds no database yet and the template was made by this
 * PGlite version; answers whether it did.
 */
export function copyTemplateInto(dir: string, template = PGLITE_TEMPLATE): boolean {
  if (existsSync(join(dir, 'PG_VERSION')) || !existsSync(join(template, 'PG_VERSION')))
    return false;
  const file = join(template, VERSION_FILE);
  if (!existsSync(file) || readFileSync(file, 'utf8').trim() !== pgliteVersion()) return false;
  cpSync(template, dir, { recursive: true, filter: (src) => src !== file });
  return true;
}
