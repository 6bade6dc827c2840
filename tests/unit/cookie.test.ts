// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCookie, setCookie } from '../../src/lib/cookie';

/** document.cookie as a plain string the test reads and writes. */
function jar(value = '') {
  const written: string[] = [];
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => value,
    set: (line: string) => void written.push(line),
  });
  return written;
}

afterEach(() => {
  delete (document as { cookie?: string }).cookie;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('setCookie', () => {
  it('writes an encoded name and value for path /, SameSite=Lax, with an expiry `ms` from now', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 15, 9, 0, 0) });
    const written = jar();
    setCookie('popup-a b;c', '1', 31536000000);
    // Attribute names are case-insensitive (RFC 6265); js-cookie writes them as given.
    expect(written.map((line) => line.replace(/samesite/i, 'SameSite'))).toEqual(['popup-a%20b%3Bc=1; path=/; expires=Fri, 15 Jan 2027 09:00:00 GMT; SameSite=Lax']);
  });

  it('adds Secure on https', () => {
    vi.stubGlobal('location', { protocol: 'https:' });
    const written = jar();
    setCookie('x', 'y', 1000);
    expect(written[0]).toMatch(/; SameSite=Lax; Secure$/i);
  });
});

describe('getCookie', () => {
  it.each([
    ['popup-promo=1', 'popup-promo', '1'],
    ['a=1; popup-promo=yes; b=2', 'popup-promo', 'yes'],
    ['popup-a%20b%3Bc=1', 'popup-a b;c', '1'],
    ['x=a=b', 'x', 'a=b'],
    ['popup-promo-other=1', 'popup-promo', undefined],
    ['', 'popup-promo', undefined],
    // A malformed encoding elsewhere does not hide the cookie asked for.
    ['%E0%A4%A=1; popup-promo=1', 'popup-promo', '1'],
  ])('%j: %s → %s', (cookies, name, value) => {
    jar(cookies);
    expect(getCookie(name)).toBe(value);
  });
});
