import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Architecture (decision 012): a document type's contract files import no other type's; what two
 * types share (the CFDI's data, a day, the Idempotency-Key header) lives in cfdi-datos.ts and
 * emision.ts.
 */
const dir = new URL('../', import.meta.url);
const TIPOS: Record<string, RegExp> = {
  ingreso: /^facturas(-(mensajes|borrador|estados|detalle))?\.ts$/,
  global: /^facturas-globales(-[a-z]+)?\.ts$/,
  pago: /^complementos-pago\.ts$/,
  notaCredito: /^notas-credito\.ts$/,
};
const archivos = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const tipoDe = (f: string) => Object.keys(TIPOS).find((t) => TIPOS[t]!.test(f));

describe("the document types' contracts", () => {
  it('are found for every type', () => {
    for (const t of Object.keys(TIPOS)) expect(archivos.some((f) => tipoDe(f) === t)).toBe(true);
  });

  it.each(archivos.filter((f) => tipoDe(f) !== undefined))('%s imports no other type', (f) => {
    const texto = readFileSync(new URL(f, dir), 'utf8');
    const ajenos = [...texto.matchAll(/from\s+'\.\/([^']+)'/g)]
      .map((m) => m[1]!)
      .filter((i) => tipoDe(i) !== undefined && tipoDe(i) !== tipoDe(f));
    expect(ajenos).toEqual([]);
  });
});
