// Property-based tests (fast-check, 10 000 runs each) of the pure functions that take outside
// input: attribute and number parsing, the query string, the URL policy. The calendar writer
// and file names have theirs in ical.test.ts and filename.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBoolean, parseNumber } from '../../src/lib/options';
import { readParam, withParam } from '../../src/lib/query';
import { allowedHttpsUrl, sameOriginUrl, webUrl } from '../../src/lib/url';

const RUNS = { numRuns: 10_000 };
const PAGE = 'https://www.example.com/news/?page=2#top';
const HOSTS = ['www.youtube.com', 'www.youtube-nocookie.com'];

// Strings built from the characters that break parsers and URL checks.
const hostile = fc.string({
  unit: fc.constantFrom(...'javascript:/\\@.#?%&=+ \t\n\r\u0000-_0123456789eExX'.split(''), 'www.example.com', 'evil.example', 'https:', 'data:'),
  maxLength: 40,
});

describe('parseNumber', () => {
  it('returns a finite number inside its bounds, or undefined, for any input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), hostile, fc.double().map(String)), fc.integer({ min: -100, max: 100 }), (raw, min) => {
        const value = parseNumber(raw, { min, max: min + 1000, integer: true });
        return value === undefined || (Number.isSafeInteger(value) && value >= min && value <= min + 1000);
      }),
      RUNS,
    );
  });

  it('reads back every decimal integer it is given', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (n) => parseNumber(` ${n} `) === n),
      RUNS,
    );
  });

  it('refuses hex, exponents and junk', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.constantFrom('0x', '1e', 'e', 'px', 'NaN', 'Infinity'), (n, junk) =>
        parseNumber(`${n}${junk}`) === undefined && parseNumber(`${junk}${n}`) === undefined,
      ),
      RUNS,
    );
  });
});

describe('parseBoolean', () => {
  it('is true, false or undefined, and true/false only for their words', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), hostile), (raw) => {
        const value = parseBoolean(raw);
        const word = raw.trim().toLowerCase();
        return value === (word === '' || word === 'true' ? true : word === 'false' ? false : undefined);
      }),
      RUNS,
    );
  });
});

describe('query string', () => {
  it('withParam sets the value readParam reads back, and keeps the hash and the path', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), hostile), fc.string({ minLength: 1 }), fc.oneof(fc.string(), hostile), (extra, key, value) => {
        const href = '/list/?a=1&' + encodeURIComponent(extra) + '#frag';
        const out = withParam(href, key, value);
        const url = new URL(out, 'https://x.example');
        return readParam(url.search, key) === value && out.startsWith('/list/?') && out.endsWith('#frag');
      }),
      RUNS,
    );
  });

  it('withParam keeps every other pair byte for byte', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,5}=[A-Za-z0-9%]{0,6}$/), { maxLength: 6 }), (pairs) => {
        const kept = pairs.filter((pair) => !pair.startsWith('tab='));
        const out = withParam('/p?' + pairs.join('&'), 'tab', 'x');
        return kept.every((pair) => out.split('?')[1].split('&').includes(pair));
      }),
      RUNS,
    );
  });
});

describe('URL policy', () => {
  it('sameOriginUrl returns only http(s) addresses of the page origin', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), hostile, fc.webUrl()), (value) => {
        const url = sameOriginUrl(value, PAGE);
        return url === null || (url.origin === 'https://www.example.com' && url.protocol === 'https:');
      }),
      RUNS,
    );
  });

  it('allowedHttpsUrl returns only https addresses on an allowed host exactly', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), hostile, fc.webUrl({ withQueryParameters: true })), (value) => {
        const url = allowedHttpsUrl(value, HOSTS);
        return url === null || (url.protocol === 'https:' && HOSTS.includes(url.hostname) && !url.username && !url.port);
      }),
      RUNS,
    );
  });

  it('webUrl returns only http(s) addresses', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), hostile), (value) => {
        const url = webUrl(value, PAGE);
        return url === null || url.protocol === 'https:' || url.protocol === 'http:';
      }),
      RUNS,
    );
  });

  it('refuses the known prefix-check bypasses', () => {
    for (const value of [' javascript:alert(1)', 'java\tscript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.example/x', '/\\evil.example/x', 'https://www.example.com@evil.example/', 'https://www.example.com.evil.example/'])
      expect(sameOriginUrl(value, PAGE), value).toBeNull();
    for (const value of ['https://www.youtube.com.evil.example/embed/x', 'http://www.youtube.com/embed/x', 'https://user@www.youtube.com/embed/x', 'https://www.youtube.com:8443/embed/x', 'javascript:alert(1)'])
      expect(allowedHttpsUrl(value, HOSTS), value).toBeNull();
    expect(allowedHttpsUrl('https://www.youtube.com/embed/abcdefghijk', HOSTS)?.pathname).toBe('/embed/abcdefghijk');
    expect(sameOriginUrl('/news/?page=3', PAGE)?.href).toBe('https://www.example.com/news/?page=3');
  });
});
