// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefersReducedMotion } from '../../src/lib/motion';

afterEach(() => vi.unstubAllGlobals());

describe('prefersReducedMotion', () => {
  it('follows the media query at each call', () => {
    let reduce = true;
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)' }));
    expect(prefersReducedMotion()).toBe(true);
    reduce = false;
    expect(prefersReducedMotion()).toBe(false);
  });

  it('is false without matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(prefersReducedMotion()).toBe(false);
  });
});
