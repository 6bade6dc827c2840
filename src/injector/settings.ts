import type { CoreSettings } from '../lib/feature';
import { DEFAULT_CHUNK_TIMEOUT, TIMEOUT_PATTERN } from '../lib/settings';

// The core reads only what it needs itself, silently: the page chunk warns about bad values.
// document.currentScript is this tag, unless page markup names an element currentScript
// (<img name="currentScript" src="//elsewhere/x.png">: named elements win on document), whose
// folder the chunks would load from: only a <script> is taken.
export function readSettings(script: HTMLScriptElement | null): CoreSettings {
  if (script?.localName != 'script') script = null;
  const data = script?.dataset ?? {};
  return {
    // Bytes of the core: `location` stringifies to its href, and the loader adds a chunk's
    // file name to this URL as to a string (its href).
    base: new URL('.', script?.src || (location as unknown as string)),
    chunkTimeout: TIMEOUT_PATTERN.test(data.chunkTimeout!) ? +data.chunkTimeout! : DEFAULT_CHUNK_TIMEOUT,
    data,
  };
}
