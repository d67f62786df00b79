/**
 * The index named by a PostgreSQL unique_violation (23505), as node-postgres or PGlite report it,
 * possibly wrapped by Drizzle; null when the error is something else.
 */
export function uniqueViolation(error: unknown): { constraint: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return { constraint: typeof constraint === 'string' ? constraint : '' };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
