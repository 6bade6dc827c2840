// The address's query string, read and written without touching the other parameters.

/** The value of `key` in a query string (`?a=1&tab=x`), or null. */
export function readParam(search: string, key: string): string | null {
  return new URLSearchParams(search).get(key);
}

function decodeKey(pair: string): string {
  const key = pair.split('=')[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

/**
 * `href` with `key=value` set: the first `key` pair is replaced in place, later duplicates
 * are dropped, every other pair is kept byte for byte (URLSearchParams would re-encode
 * them), and the hash is kept.
 */
export function withParam(href: string, key: string, value: string): string {
  // What comes before the query, the query (without its "?"), and the hash (from its "#").
  const [, path, query, hash] = /^([^?#]*)\??([^#]*)(.*)$/s.exec(href)!;
  const pairs = query.split('&').filter(Boolean);
  const pair = encodeURIComponent(key) + '=' + encodeURIComponent(value);
  const out: string[] = [];
  let placed = false;
  for (const each of pairs) {
    if (decodeKey(each) !== key) out.push(each);
    else if (!placed) placed = !!out.push(pair);
  }
  if (!placed) out.push(pair);
  return path + '?' + out.join('&') + hash;
}
