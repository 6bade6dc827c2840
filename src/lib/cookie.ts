// First-party cookies, one way for every feature: js-cookie (encoded name and value, path /),
// with the attributes bad-inputs asks of every cookie: SameSite=Lax, Secure on https.
import Cookies from 'js-cookie';

/** The cookie's value, or undefined when it is not set. */
export const getCookie = (name: string): string | undefined => Cookies.get(name);

/** Sets the cookie for `ms` milliseconds. */
export function setCookie(name: string, value: string, ms: number): void {
  Cookies.set(name, value, { expires: ms / 86_400_000, path: '/', sameSite: 'Lax', secure: location.protocol == 'https:' });
}
