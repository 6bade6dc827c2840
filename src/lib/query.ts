// The address's query string, read and written without touching the other parameters.
import { fragmentId } from './kit';

/** The contract's parameter naming the tab panel shown (tabs write it; expand opens the item holding it). */
export const TAB_PARAM = 'tab';

/** The value of `key` in a query string (`?a=1&tab=x`), or null. */
export function readParam(search: string, key: string): string | null {
  return new URLSearchParams(search).get(key);
}

/**
 * `href` with `key=value` set: the first `key` pair is replaced in place, later duplicates
 * are dropped, every other pair is kept byte for byte (URLSearchParams would re-encode
 * them), and the hash is kept.
 */
export function withParam(href: string, key: string, value: string): string {
  // What comes before the query, the query (without its "?"), and the hash (from its "#").
  const [, path, query, hash] = /^([^?#]*)\??([^#]*)(.*)$/s.exec(href)!;
  // Put in place of the first `key` pair, then emptied: later ones drop out with the empty
  // pairs (`&&`), and it is added at the end when there was none.
  let pair = encodeURIComponent(key) + '=' + encodeURIComponent(value);
  const pairs = query.split('&').map((each) => {
    // The pair's key, percent-decoded when valid, as fragmentId decodes what follows '#' (a
    // query holds no '#').
    if (fragmentId('#' + each.split('=')[0].replace(/\+/g, ' ')) !== key) return each;
    const first = pair;
    pair = '';
    return first;
  });
  return path + '?' + [...pairs, pair].filter(Boolean).join('&') + hash;
}
