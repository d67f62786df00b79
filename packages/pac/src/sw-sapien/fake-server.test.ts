import { describe, expect, it } from 'vitest';
import { expresionImpresa } from './fake-server.ts';

describe('the fake SAT status service reads expresionImpresa', () => {
  it('keeps a + of the sello (base64) and decodes %26 in an RFC', () => {
    const q = expresionImpresa(
      '?re=A%26A010101AAA&rr=CACX7605101P8&tt=5800.0&id=6F9A3C1E-2B7D-4E8A-9C5B-1D2E3F4A5B6C&fe=Ab+9/x==',
    );
    expect(q.get('re')).toBe('A&A010101AAA');
    expect(q.get('tt')).toBe('5800.0');
    expect(q.get('fe')).toBe('Ab+9/x==');
  });
});
