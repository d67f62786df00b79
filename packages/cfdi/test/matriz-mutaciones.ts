import { expect } from 'vitest';
import type { Comprobante } from '../src/xml/model.ts';
import type { ErrorValidacion } from '../src/validacion/error-validacion.ts';

/** A valid document of the rule's kind, and what breaks the rule in it. */
export type Mutacion = [() => Comprobante, (c: Comprobante) => void];

/**
 * Breaks the rule `code` once in a valid document and expects the engine to answer that code, a
 * field and a Spanish explanation.
 */
export function esperarCodigo(
  mutaciones: Record<string, Mutacion>,
  validar: (c: Comprobante) => readonly ErrorValidacion[],
  code: string,
): void {
  const mutacion = mutaciones[code];
  expect(mutacion, `no mutation for ${code}`).toBeDefined();
  const [hacer, romper] = mutacion!;
  const c = hacer();
  romper(c);
  const errores = validar(c);
  const e = errores.find((x) => x.code === code);
  expect(e, JSON.stringify(errores)).toBeDefined();
  expect(e!.field).not.toBe('');
  expect(e!.message).toMatch(/[a-záéíóúñ]{3,}/);
}
