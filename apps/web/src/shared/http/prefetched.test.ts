// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { PREFETCH_MAX_AGE_MS, dropPrefetched, takePrefetched } from './prefetched.ts';

afterEach(() => {
  delete window.__cfdiPrefetch;
});

const answer = () => Promise.resolve(new Response('{"success":true,"data":[]}'));

describe("the preloader's answers", () => {
  it('are taken once, by the same token, while fresh', async () => {
    const at = 1_000_000;
    window.__cfdiPrefetch = {
      '/api/a': { token: 't', at, response: answer() },
      '/api/b': { token: 't', at, response: answer() },
      '/api/c': { token: 't', at, response: answer() },
    };
    const a = takePrefetched('/api/a', 't', at + 100);
    expect(a).not.toBeNull();
    expect((await a)?.ok).toBe(true);
    expect(takePrefetched('/api/a', 't', at + 100)).toBeNull();
    // Another session's token, or an answer too old, is not used (and is dropped).
    expect(takePrefetched('/api/b', 'other', at)).toBeNull();
    expect(takePrefetched('/api/b', 't', at)).toBeNull();
    expect(takePrefetched('/api/c', 't', at + PREFETCH_MAX_AGE_MS + 1)).toBeNull();
    expect(takePrefetched('/api/none', 't', at)).toBeNull();
  });

  it('are none when the page had no preloader', () => {
    expect(takePrefetched('/api/a', 't')).toBeNull();
  });

  it('are dropped when the first screen is left', () => {
    window.__cfdiPrefetch = { '/api/a': { token: 't', at: Date.now(), response: answer() } };
    dropPrefetched();
    expect(takePrefetched('/api/a', 't')).toBeNull();
  });
});
