import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Architecture (decision 007, architecture.md): a document type's builder never imports another
 * type's builder; what two types share is in ./nodos. A credit note's builder can then be added
 * without touching, or depending on, the income or payment builders.
 */
const dir = new URL('./', import.meta.url);
const builders = readdirSync(dir).filter(
  (f) => /^build-.*\.ts$/.test(f) && !f.endsWith('.test.ts'),
);

function importsDe(archivo: string): string[] {
  const texto = readFileSync(new URL(archivo, dir), 'utf8');
  return [...texto.matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]!);
}

describe('document type builders', () => {
  it('are found (income, payment, global)', () => {
    expect(builders).toEqual(
      expect.arrayContaining(['build-ingreso.ts', 'build-pago.ts', 'build-global.ts']),
    );
  });

  it.each(builders)('%s imports no other type builder', (archivo) => {
    const ajenos = importsDe(archivo).filter((i) =>
      /(^|\/)build-[^/]*$/.test(i.replace(/\.ts$/, '')),
    );
    expect(ajenos).toEqual([]);
  });
});
