// @vitest-environment happy-dom
// The seed's chunk load time-out, 120000 ms, as the core itself reads it (src/injector/settings.ts)
// and as its loader applies it (src/injector/loader.ts): a chunk that never answers raises a
// ChunkLoadError once the whole time-out has passed (two attempts, half each), not before.
// The browser suite only sees it through a short data-chunk-timeout.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoader } from '../../src/injector/loader';
import { readSettings } from '../../src/injector/settings';

const tag = (timeout?: string) => {
  const script = document.createElement('script');
  script.src = 'https://cms.example/Content/scripts/dist/veneer.js';
  if (timeout != null) script.dataset.chunkTimeout = timeout;
  return script;
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('chunk time-out', () => {
  it('is 120000 ms unless the tag says otherwise; a bad value falls back to it silently', () => {
    expect(readSettings(tag()).chunkTimeout).toBe(120000);
    expect(readSettings(null).chunkTimeout).toBe(120000);
    expect(readSettings(tag('5000')).chunkTimeout).toBe(5000);
    for (const bad of ['-1', '0', '1e5', 'abc', '', '1000000000']) expect(readSettings(tag(bad)).chunkTimeout).toBe(120000);
  });

  it('a chunk that never answers fails after 120000 ms in all, not before', async () => {
    vi.useFakeTimers();
    // The script tag is never put in the page: the request stalls.
    const append = vi.spyOn(document.head, 'append').mockImplementation(() => {});
    const loader = createLoader(readSettings(tag()));
    let failed: unknown;
    loader.load('carousel').catch((error) => (failed = error));
    await vi.advanceTimersByTimeAsync(119_999);
    expect(failed).toBeUndefined();
    // Both attempts were made (the retry), each asked in a task of its own.
    expect(append).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(String(failed)).toMatch(/ChunkLoadError: https:\/\/cms\.example\/Content\/scripts\/dist\/carousel\..*\.js/);
  });
});
