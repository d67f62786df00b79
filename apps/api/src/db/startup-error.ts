/** A reason the API cannot start that the operator can fix: main.ts prints its message alone, exits 1. */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
