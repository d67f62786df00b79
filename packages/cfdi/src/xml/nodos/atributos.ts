import { normalizarTexto } from '../texto.ts';

/** An optional text attribute, normalised, as a spreadable object: empty when there is no text. */
export function opt<K extends string>(k: K, v: string | undefined): { [P in K]?: string } {
  const t = v === undefined ? '' : normalizarTexto(v);
  return (t === '' ? {} : { [k]: t }) as { [P in K]?: string };
}

/** Sets an optional text attribute, normalised, only when it is not empty (as `opt`). */
export function asignar<T extends object>(o: T, k: keyof T & string, v: string | undefined): void {
  if (v === undefined) return;
  const t = normalizarTexto(v);
  if (t !== '') (o as Record<string, unknown>)[k] = t;
}
