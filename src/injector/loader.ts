import type { CoreSettings, Feature } from '../lib/feature';

// Replaced after the build by scripts/build.mjs with { feature: "file.<hash>.js" }.
const CHUNK_FILES = '__VENEER_CHUNK_FILES__' as unknown as Record<string, string>;

type TrustedTypesWindow = {
  trustedTypes?: { createPolicy(name: string, rules: { createScriptURL(url: string): string }): { createScriptURL(url: string): unknown } };
};

/**
 * Loads each feature's chunk once, however many elements ask, by a script tag from the
 * running script's own folder. A chunk that fails or times out is retried once.
 */
export function createLoader(settings: CoreSettings) {
  const loads = new Map<string, Promise<Feature>>();
  const waiting = new Map<string, (feature: Feature) => void>();
  const urls = new Set(Object.values(CHUNK_FILES).map((file) => settings.base + file));
  let policy: { createScriptURL(url: string): unknown } | undefined;
  try {
    // Only the chunk URLs this build produced can become script URLs.
    policy = (window as TrustedTypesWindow).trustedTypes?.createPolicy('veneer', {
      createScriptURL(url) {
        if (urls.has(url)) return url;
        throw new TypeError(url);
      },
    });
  } catch (error) {
    console.warn('[veneer] no Trusted Types policy', error);
  }

  function attempt(name: string): Promise<Feature> {
    return new Promise((resolve, reject) => {
      const url = settings.base + CHUNK_FILES[name];
      const script = document.createElement('script');
      const fail = () => {
        clearTimeout(timer);
        script.remove();
        if (waiting.get(name) === done) waiting.delete(name);
        reject(Object.assign(new Error(url), { name: 'ChunkLoadError' }));
      };
      const done = (feature: Feature) => {
        clearTimeout(timer);
        waiting.delete(name);
        resolve(feature);
      };
      const timer = setTimeout(fail, settings.chunkTimeout);
      waiting.set(name, done);
      script.onerror = fail;
      // A chunk that ran without defining its feature (a syntax error) counts as failed.
      script.onload = () => waiting.get(name) === done && fail();
      script.src = (policy ? policy.createScriptURL(url) : url) as string;
      document.head.append(script);
    });
  }

  return {
    load(name: string): Promise<Feature> {
      let load = loads.get(name);
      if (!load) {
        // Retried at most once; a failed load stays failed for this page view.
        load = attempt(name).catch(() => attempt(name));
        loads.set(name, load);
      }
      return load;
    },
    define(name: string, feature: Feature) {
      waiting.get(name)?.(feature);
    },
  };
}
