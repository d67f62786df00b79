import DecimalJs from 'decimal.js';

/**
 * decimal.js with the settings the engine used before it had its own arithmetic (80 digits, half
 * up): only the oracle of the property tests (exacto.test.ts, decimal.test.ts), a dev dependency.
 * The product computes with decimal.ts (exacto.ts), never with this.
 */
export const DecimalJsOraculo = DecimalJs.clone({
  precision: 80,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -80,
  toExpPos: 80,
});
