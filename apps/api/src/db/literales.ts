import { sql, type SQL } from 'drizzle-orm';

/**
 * `('a', 'b')`: a list of the product's own constants (the registered types' serie kinds) written
 * into a statement as literals, so the planner sees them as it saw the hand-written list. Only
 * plain keys are accepted: never a value that came from a request.
 */
export function listaDeLiterales(valores: readonly string[]): SQL {
  for (const v of valores) {
    if (!/^[a-z0-9_-]+$/.test(v)) throw new Error(`No es una clave: ${v}`);
  }
  return sql.raw(`(${valores.map((v) => `'${v}'`).join(', ')})`);
}
