// The core: the only code every visitor downloads. No feature code here.
import mitt from 'mitt';
import type { Bus, CoreHandle } from '../lib/feature';
import type { Veneer } from '../package';
import { chunkFile, hooks } from './chunks';
import { createEnhancer } from './enhancer';
import { createLoader } from './loader';
import { readSettings } from './settings';

// Symbol.for('veneer') is CORE_KEY of src/lib/feature; importing it would pull lib code in.
const CORE_KEY = Symbol.for('veneer');
type Global = typeof globalThis & { [CORE_KEY]?: CoreHandle };

// A Symbol guard: the tag included twice runs once, and page markup cannot clobber it.
if (!(globalThis as Global)[CORE_KEY]) {
  const settings = readSettings(document.currentScript as HTMLScriptElement | null);
  const bus: Bus = mitt();
  const loader = createLoader(settings, chunkFile);
  const enhancer = createEnhancer(hooks, loader.load, { bus, settings });
  const observer = new MutationObserver(enhancer.handle);
  (globalThis as Global)[CORE_KEY] = loader;

  // The bus itself, with ready(): on, off, emit (and mitt's `all`). Assignment makes an own
  // property of window, which wins over named elements (<img id="veneer">).
  const api: Veneer = Object.assign(bus, {
    /** Settles when every enhancement pending now (including unseen mutations) has finished. */
    ready(): Promise<void> {
      enhancer.handle(observer.takeRecords());
      return enhancer.settled();
    },
  });
  (window as unknown as { veneer: Veneer }).veneer = api;

  const begin = () => {
    enhancer.scan([document.documentElement]);
    observer.observe(document, { childList: true, subtree: true });
  };
  // DOMContentLoaded bubbles to window. Loaded async, the parser may still be adding children.
  document.readyState == 'loading' ? addEventListener('DOMContentLoaded', begin) : begin();
}
