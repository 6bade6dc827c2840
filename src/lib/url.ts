// URL policy, one place for every feature: parsed with new URL() and checked by scheme and
// by exact origin or host, never by string prefix (` javascript:`, `java\tscript:`,
// `//evil`, `/\evil` and `x@evil` fool prefix checks).

/** `value` resolved against the page, if it is an http(s) address of the page's own origin. */
export function sameOriginUrl(value: string | null | undefined, base = location.href): URL | null {
  if (value == null) return null;
  try {
    const url = new URL(value, base);
    return (url.protocol == 'https:' || url.protocol == 'http:') && url.origin == new URL(base).origin ? url : null;
  } catch {
    return null;
  }
}

/** `value` if it is an absolute https address on one of `hosts` exactly (no subdomains, no credentials). */
export function allowedHttpsUrl(value: string | null | undefined, hosts: readonly string[]): URL | null {
  if (value == null) return null;
  try {
    const url = new URL(value);
    return url.protocol == 'https:' && hosts.includes(url.hostname) && !url.username && !url.password && !url.port ? url : null;
  } catch {
    return null;
  }
}

/** `value` if it is an absolute http(s) address (any host): for links the visitor follows anyway. */
export function webUrl(value: string | null | undefined, base = location.href): URL | null {
  if (value == null) return null;
  try {
    const url = new URL(value, base);
    return url.protocol == 'https:' || url.protocol == 'http:' ? url : null;
  } catch {
    return null;
  }
}
