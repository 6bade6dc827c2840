import { describe, expect, it } from 'vitest';
import { readParam, withParam } from '../../src/lib/query';

describe('withParam', () => {
  it.each([
    ['https://x.test/page', 'https://x.test/page?tab=b'],
    ['https://x.test/page#top', 'https://x.test/page?tab=b#top'],
    ['https://x.test/page?a=1&b=%20x+y#h', 'https://x.test/page?a=1&b=%20x+y&tab=b#h'],
    ['https://x.test/page?tab=a&c=3', 'https://x.test/page?tab=b&c=3'],
    ['https://x.test/page?a=1&tab=a&tab=z&c=3', 'https://x.test/page?a=1&tab=b&c=3'],
    ['https://x.test/page?t%61b=a', 'https://x.test/page?tab=b'],
    ['https://x.test/page?tab', 'https://x.test/page?tab=b'],
    ['https://x.test/page?tabs=1&bad=%E0', 'https://x.test/page?tabs=1&bad=%E0&tab=b'],
    ['https://x.test/page?', 'https://x.test/page?tab=b'],
    ['https://x.test/page?a=1#h?tab=x', 'https://x.test/page?a=1&tab=b#h?tab=x'],
  ])('%s', (href, expected) => expect(withParam(href, 'tab', 'b')).toBe(expected));

  it('encodes the value and reads it back', () => {
    for (const value of ['<img src=x onerror=alert(1)>', 'a"b', '1abc', '__proto__', 'a&b=c#d', 'café', '']) {
      const href = withParam('https://x.test/p?keep=1#h', 'tab', value);
      const url = new URL(href);
      expect(url.searchParams.get('tab')).toBe(value);
      expect(url.searchParams.get('keep')).toBe('1');
      expect(url.hash).toBe('#h');
      expect(readParam(url.search, 'tab')).toBe(value);
    }
  });
});

describe('readParam', () => {
  it('reads the first value, or null', () => {
    expect(readParam('?a=1&tab=x&tab=y', 'tab')).toBe('x');
    expect(readParam('', 'tab')).toBeNull();
    expect(readParam('?tab=%3Cimg%3E', 'tab')).toBe('<img>');
  });
});
