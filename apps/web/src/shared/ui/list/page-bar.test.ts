import { describe, expect, it } from 'vitest';
import { pageBarItems } from './page-bar.ts';

const show = (current: number, last: number) =>
  pageBarItems(current, last)
    .map((i) => (i.kind === 'page' ? String(i.page) : '…'))
    .join(' ');

describe('pageBarItems', () => {
  it('shows no bar for a single page', () => {
    expect(show(1, 1)).toBe('');
    expect(show(1, 0)).toBe('');
  });

  it('shows every page when there are 5 or fewer', () => {
    expect(show(1, 3)).toBe('1 2 3');
    expect(show(4, 5)).toBe('1 2 3 4 5');
  });

  it('shows a window of 5 pages with ellipses towards the far ends', () => {
    expect(show(1, 20)).toBe('1 2 3 4 5 … 20');
    expect(show(10, 20)).toBe('1 … 8 9 10 11 12 … 20');
    expect(show(20, 20)).toBe('1 … 16 17 18 19 20');
    expect(show(4, 20)).toBe('1 2 3 4 5 6 … 20');
  });

  it('needs no ellipsis when the window touches the first or last page', () => {
    expect(show(3, 6)).toBe('1 2 3 4 5 6');
    expect(show(5, 7)).toBe('1 … 3 4 5 6 7');
  });

  it('clamps a current page outside the range', () => {
    expect(show(99, 8)).toBe('1 … 4 5 6 7 8');
  });
});
