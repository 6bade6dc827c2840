// The legacy stack the captured site ships (jQuery 3, Magnific Popup, Pikaday, slick), from
// the registry (dev dependencies), served at /__legacy/<file> so the bench can load a captured
// page with it instead of veneer (`?stack=legacy`). Each file at the size a site ships it: the
// packages' minified dist files; Pikaday publishes no minified file, so terser minifies it once.
// Their CSS is left out: it is not JavaScript, and it would only slow the legacy page down.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Served name → the installed file, in the order a site loads them (jQuery first). */
export const LEGACY_FILES: Record<string, string> = {
  'jquery.min.js': 'jquery/dist/jquery.min.js',
  'jquery.magnific-popup.min.js': 'magnific-popup/dist/jquery.magnific-popup.min.js',
  'pikaday.min.js': 'pikaday/pikaday.js',
  'slick.min.js': 'slick-carousel/slick/slick.min.js',
};

export const LEGACY_PATH = '/__legacy/';

const cache = new Map<string, Promise<Buffer>>();

async function load(name: string): Promise<Buffer> {
  const code = await readFile(require.resolve(LEGACY_FILES[name]));
  if (LEGACY_FILES[name].endsWith('.min.js')) return code;
  const { minify } = await import('terser');
  return Buffer.from((await minify(code.toString('utf8'), { compress: true, mangle: true })).code ?? '');
}

/** The file as a site would ship it; undefined for a name that is not one of the stack's. */
export function legacyFile(name: string): Promise<Buffer> | undefined {
  if (!Object.hasOwn(LEGACY_FILES, name)) return undefined;
  let file = cache.get(name);
  if (!file) cache.set(name, (file = load(name)));
  return file;
}

/** The stack's script tags, classic and blocking, as the legacy site includes them. */
export const legacyTags = (): string =>
  Object.keys(LEGACY_FILES)
    .map((name) => `<script src="${LEGACY_PATH}${name}"></script>`)
    .join('\n');
