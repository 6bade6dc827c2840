import type { CoreSettings } from '../lib/feature';
import { DEFAULT_CHUNK_TIMEOUT, TIMEOUT_PATTERN } from '../lib/settings';

// The core reads only what it needs itself, silently: the page chunk warns about bad values.
export function readSettings(script: HTMLScriptElement | null): CoreSettings {
  // Page markup can clobber document.currentScript (<img name="currentScript" src>: named
  // elements win on document): then neither its src nor its data-* are ours. The page's folder
  // instead, which holds no chunk: the markup stays as it is.
  script = script?.localName == 'script' ? script : null;
  const data = script?.dataset ?? {};
  return {
    // `location` stringifies to its href (5 B less in the core).
    // A URL: the loader adds a chunk's file name to it as to a string (its href).
    base: new URL('.', script?.src || (location as unknown as string)),
    chunkTimeout: TIMEOUT_PATTERN.test(data.chunkTimeout!) ? +data.chunkTimeout! : DEFAULT_CHUNK_TIMEOUT,
    data,
  };
}
