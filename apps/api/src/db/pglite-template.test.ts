import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, rowsOf } from './migrate.ts';
import { openDatabase } from './open.ts';
import { copyTemplateInto, writePgliteTemplate } from './pglite-template.ts';

const tmp = mkdtempSync(join(tmpdir(), 'pglite-template-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the embedded database template made by the build', () => {
  it('a new DATA_DIR starts as a copy of it: migrated, usable, its own files; an existing one is left alone', async () => {
    const template = join(tmp, 'template');
    await writePgliteTemplate(template);
    expect(existsSync(join(template, 'PG_VERSION'))).toBe(true);

    const dir = join(tmp, 'data', 'db');
    mkdirSync(dir, { recursive: true });
    expect(copyTemplateInto(dir, template)).toBe(true);
    // the version stamp stays in the template
    expect(existsSync(join(dir, 'template-pglite-version'))).toBe(false);
    const database = await openDatabase({ DATABASE_URL: '', DATA_DIR: join(tmp, 'data') });
    try {
      expect(await migrate(database)).toEqual([]);
      const [row] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from users`),
      );
      expect(row?.n).toBe(0);
    } finally {
      await database.close();
    }
    // a database already there is never overwritten
    expect(copyTemplateInto(dir, template)).toBe(false);
  }, 120_000);

  it('is not used when another PGlite version made it, nor when it is missing', () => {
    const template = join(tmp, 'viejo');
    mkdirSync(template, { recursive: true });
    writeFileSync(join(template, 'PG_VERSION'), '17\n');
    writeFileSync(join(template, 'template-pglite-version'), '0.0.1');
    const dir = join(tmp, 'otro');
    mkdirSync(dir, { recursive: true });
    expect(copyTemplateInto(dir, template)).toBe(false);
    expect(copyTemplateInto(dir, join(tmp, 'no-existe'))).toBe(false);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(false);
    expect(readFileSync(join(template, 'PG_VERSION'), 'utf8')).toBe('17\n');
  });
});
