import type { CoreSettings } from '../lib/feature';

const DEFAULT_TIMEOUT = 120000;

// The core reads only what it needs itself; chunks validate the other settings (src/lib/settings).
export function readSettings(script: HTMLScriptElement | null): CoreSettings {
  const data = script?.dataset ?? {};
  const timeout = data.chunkTimeout;
  const valid = /^[1-9]\d{0,8}$/.test(timeout!);
  if (timeout != null && !valid) console.warn(`[veneer] data-chunk-timeout="${timeout}" → ${DEFAULT_TIMEOUT}`);
  return {
    base: new URL('.', script?.src || location.href).href,
    chunkTimeout: valid ? +timeout! : DEFAULT_TIMEOUT,
    data,
  };
}
