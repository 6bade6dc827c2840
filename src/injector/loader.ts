import type { CoreSettings, Feature } from '../lib/feature';
import { chunkFile } from './chunks';

type Policy = { createScriptURL(url: string): string };
declare const trustedTypes: { createPolicy(name: string, rules: Policy): Policy };

/**
 * Loads each feature's chunk once, however many elements ask, by a script tag from the
 * running script's own folder. A chunk that fails or times out is retried once.
 */
export function createLoader(settings: CoreSettings) {
  const loads = new Map<string, Promise<Feature>>();
  const waiting = new Map<string, (feature: Feature | Promise<Feature>) => void>();
  let policy: Policy | undefined;
  try {
    // The policy object never leaves this closure, and its only caller passes chunk URLs
    // built from the build's own table, so it needs no check of its own.
    policy = trustedTypes.createPolicy('veneer', { createScriptURL: (url) => url });
  } catch {
    // No Trusted Types in this browser (the name throws; script.src then takes the string), or
    // the policy not allowed by the page's CSP: loading then fails with a ChunkLoadError.
  }

  const attempt = (name: string) =>
    new Promise<Feature>((resolve, reject) => {
      const url = settings.base + chunkFile(name);
      const script = document.createElement('script');
      // A syntax error in the chunk is reported on window, where no catch sees it: quietened,
      // it is this load's failure (loaded without define()), not an uncaught error.
      const quiet = (event: ErrorEvent) => event.filename == url && event.preventDefault();
      // Also called after define() (onload; the timer, left running): a settled promise ignores it.
      const fail = () => {
        removeEventListener('error', quiet);
        reject(Error('ChunkLoadError: ' + url));
      };
      addEventListener('error', quiet);
      // define() resolves; a promise (a feature that waits for its labels) is adopted.
      waiting.set(name, resolve);
      // Half each: a stalled chunk fails once the whole time-out has passed (the seed's 120 s),
      // and a late answer to the first request still settles the second attempt.
      setTimeout(fail, settings.chunkTimeout / 2);
      script.onload = script.onerror = fail;
      script.src = policy?.createScriptURL(url) ?? url;
      // A script the page inserts is a low-priority request, queued behind the first screen's
      // images on HTTP/1.1's six connections; the chunks are what makes that screen usable.
      script.fetchPriority = 'high';
      // Each request starts in a task of its own: a script insertion costs the main thread
      // about a millisecond, and a page asks for a dozen chunks at once.
      setTimeout(() => document.head.append(script));
    });

  return {
    settings,
    load(name: string): Promise<Feature> {
      let load = loads.get(name);
      // Retried at most once; a failed load stays failed for this page view.
      if (!load) loads.set(name, (load = attempt(name).catch(() => attempt(name))));
      return load;
    },
    define(name: string, feature: Feature | Promise<Feature>) {
      waiting.get(name)?.(feature);
    },
  };
}
