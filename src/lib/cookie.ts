// First-party cookies, written the way js-cookie writes them (encoded name and value, path /),
// with the attributes bad-inputs asks of every cookie: SameSite=Lax, Secure on https.

/** The cookie's value, or undefined when it is not set. */
export function getCookie(name: string): string | undefined {
  for (const pair of document.cookie.split('; ')) {
    const at = pair.indexOf('=');
    try {
      if (decodeURIComponent(pair.slice(0, at)) == name) return decodeURIComponent(pair.slice(at + 1));
    } catch {}
  }
}

/** Sets the cookie for `ms` milliseconds. */
export function setCookie(name: string, value: string, ms: number): void {
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; expires=${new Date(Date.now() + ms).toUTCString()}; SameSite=Lax${
    location.protocol == 'https:' ? '; Secure' : ''
  }`;
}
