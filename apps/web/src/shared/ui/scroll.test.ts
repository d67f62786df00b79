import { describe, expect, it } from 'vitest';
import { SCROLL_ANIMATION_MS, scrollPosition } from './scroll.ts';

describe('scroll animation', () => {
  it('lasts 1000 ms by default (spec section 9), eases in and out and ends exactly', () => {
    expect(SCROLL_ANIMATION_MS).toBe(1000);
    expect(scrollPosition(0, 1000, 0, 1000)).toBe(0);
    expect(scrollPosition(0, 1000, 250, 1000)).toBe(125);
    expect(scrollPosition(0, 1000, 500, 1000)).toBe(500);
    expect(scrollPosition(0, 1000, 750, 1000)).toBe(875);
    expect(scrollPosition(0, 1000, 1000, 1000)).toBe(1000);
    expect(scrollPosition(0, 1000, 5000, 1000)).toBe(1000);
    expect(scrollPosition(800, 200, 500, 1000)).toBe(500);
  });
});
