import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fromPostgres } from '../db/client.ts';
import { fromPglite, PGLITE_EXTENSIONS } from '../db/pglite.ts';
import { migrate } from '../db/migrate.ts';

/** Migrates once per run: TEST_DATABASE_URL in place, or a PGlite template dumped to a file. */
export default async function setup(): Promise<() => void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = fromPostgres(url, 1);
    await migrate(database);
    await database.close();
    return () => {};
  }
  const dir = mkdtempSync(join(tmpdir(), 'cfdi-test-'));
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migrate(fromPglite(client));
  const dump = await client.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  process.env.PGLITE_TEMPLATE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
