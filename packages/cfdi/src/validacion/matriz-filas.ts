import type { ReglaMatriz } from './matriz.ts';

/**
 * Row builders of a matrix whose engine rules are proved in `test`: `m` checked by the engine (and
 * so by the sandbox PAC), `f` outside the product, with the reason.
 */
export function filasDeMatriz(test: string) {
  return {
    m: (code: string, regla: string, nota?: string): ReglaMatriz => ({
      code,
      regla,
      donde: 'motor',
      test,
      ...(nota ? { nota } : {}),
    }),
    f: (code: string, regla: string, nota: string): ReglaMatriz => ({
      code,
      regla,
      donde: 'fuera',
      nota,
    }),
  };
}
