import { describe, expect, it } from 'vitest';
import { FIRST_STEP, LAST_STEP, nextStep, previousStep, resetStep } from './wizard-steps.ts';

describe('initial configuration step counter', () => {
  it('starts at 1, goes forward and back within the steps, and resets to 1', () => {
    expect(FIRST_STEP).toBe(1);
    expect(LAST_STEP).toBe(6);
    expect(nextStep(1)).toBe(2);
    expect(nextStep(LAST_STEP)).toBe(LAST_STEP);
    expect(previousStep(3)).toBe(2);
    expect(previousStep(1)).toBe(1);
    expect(resetStep()).toBe(1);
  });
});
