// The script tag's settings (data-* on veneer's own <script>), one table for every setting.
// The core reads data-chunk-timeout itself with TIMEOUT_PATTERN and falls back silently: its
// warning, and every other setting's check, runs in the page chunk, to keep the core small.
import { warn } from './log';
import { attributeName } from './options';

export const DEFAULT_CHUNK_TIMEOUT = 120000;
/** Whole milliseconds, 1 to 999 999 999. */
export const TIMEOUT_PATTERN = /^[1-9]\d{0,8}$/;

// The data-* attribute of each setting is its key's (./options attributeName): chunkTimeout,
// data-chunk-timeout. A pair, not an object: the page chunk carries the table.
type Setting = [
  valid: (value: string) => boolean,
  /** What veneer uses when the value is not valid, as the warning names it. */
  fallback: string,
];

// Exported one by one as well, so a chunk that checks one setting does not carry the table.
// GA4 measurement ids (G-XXXXXXX); anything else sends nothing.
export const validAnalyticsId = (value: string) => /^G-[A-Z0-9]{4,20}$/.test(value.trim());

// A first-party collect address (a server-side tagging proxy, the harness's stand-in), without
// credentials, which sendBeacon() refuses: one that begins with the page's origin and "/"
// (credentials would come before the host).
export function validAnalyticsEndpoint(value: string): boolean {
  try {
    return new URL(value, location.href).href.startsWith(location.origin + '/');
  } catch {
    return false;
  }
}

export const SETTINGS: Record<string, Setting> = {
  chunkTimeout: [(value) => TIMEOUT_PATTERN.test(value), `${DEFAULT_CHUNK_TIMEOUT}`],
  analyticsId: [validAnalyticsId, 'no analytics'],
  analyticsEndpoint: [validAnalyticsEndpoint, 'the GA4 endpoint'],
  // auto: follow the browser (./save-data); true or false: the operator decides.
  saveData: [(value) => value === 'auto' || value === 'true' || value === 'false', 'auto'],
  debug: [(value) => value === '' || value === 'true' || value === 'false', 'false'],
};

/**
 * Warns once for each setting present with a value that is not valid. Label overrides
 * (data-label-<key>) are checked where they are read, in ./labels.
 */
export function checkSettings(data: Readonly<Record<string, string | undefined>>) {
  for (const [key, [valid, fallback]] of Object.entries(SETTINGS)) {
    const value = data[key];
    if (value != null && !valid(value)) warn(`${attributeName(key)}="${value}" is not valid: using ${fallback}`);
  }
}
