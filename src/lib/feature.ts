// The contract between the core (src/injector) and a feature chunk (src/features/<name>).
// The core keeps only which element has which feature; each instance's own bookkeeping
// (its AbortSignal, error isolation, the data-enhanced mark) runs here, inside the chunk,
// so that the code every visitor downloads stays small.
import type { Emitter } from 'mitt';
import type { Kit } from './kit-runtime';
import type { Labels } from './labels';
import { createSettle, type Settle } from './settle';

/** Topics of the contract's event bus, with their payloads. */
export type Topics = {
  '/video/playing': { videoId: string };
  '/video/pauseRotator': { playerId?: string };
  '/window/resize': undefined;
  '/window/scroll': undefined;
  '/status': { message: string; element?: Element };
  '/panel/open': { owner: Element };
  '/analytics/event': { category: string; action: string; label?: string; value?: number };
  /** A permission prompt's state changed (src/lib/consent.ts holds the stored answers). */
  '/permission': { type: 'geolocation' | 'cookie'; state: 'pending' | 'no' | 'yes' | 'blocked' };
  [topic: string]: unknown;
};

export type Bus = Emitter<Topics>;

/** What the core itself reads from the script tag. */
export interface CoreSettings {
  /** The folder chunks load from: the running script's own folder. */
  base: string | URL;
  chunkTimeout: number;
  /** The script tag's data-* attributes, raw: features validate the settings they use. */
  data: Readonly<Record<string, string | undefined>>;
}

/** A [selector, feature] row of the core's table (src/injector/chunks.ts). */
export type Row = [selector: string, feature: string];

/** What the core hands every instance. */
export interface CoreContext {
  bus: Bus;
  settings: CoreSettings;
  /**
   * Enhances what is not yet enhanced under the roots; with hold, it leaves hooks far below
   * the fold (over a screen below it) for later, as the start-up scan does. The page chunk's
   * to call (src/features/page): a feature never needs it.
   */
  scan(roots: Element[], hold?: boolean): void;
  /** The core's table, which the page chunk extends with the rows it hooks (src/injector/load-strategy.json). */
  rows: Row[];
}

export type Teardown = () => void;

/** What a chunk hands the core: `setup` never throws and always returns the teardown. */
export interface Feature {
  setup(element: Element, context: CoreContext): Teardown;
}

/**
 * A feature's own setup returns its teardown once it has started, or nothing when it
 * could not start (it has warned why): the markup is then left as it was, unmarked.
 */
export type Setup<E extends Element> = (element: E, context: Context) => Teardown | void;

/**
 * What a feature's own setup gets. A feature with data-* options reads them in its setup
 * (appear: ./read-options readOptions; lightbox: its own two).
 */
export interface Context extends CoreContext {
  /** Aborted at teardown: pass it to every listener, fetch and timer. */
  signal: AbortSignal;
  /** The page's labels (./labels), for a feature defined with loadLabels. */
  labels?: Labels;
  /** Hands over a widget's initial hiding so that it moves nothing the visitor sees (./settle). */
  settle: Settle;
}

/** The registration channel. A Symbol key, so page markup cannot clobber it. */
export const CORE_KEY = Symbol.for('veneer');

export interface CoreHandle {
  /** A promise of the feature holds its load until the feature is ready (its labels loaded). */
  define(name: string, feature: Feature | Promise<Feature>): void;
  settings: CoreSettings;
  /** Loads a chunk by name: features, and shared runtimes such as `ui` (./ui). */
  load(name: string): Promise<Feature>;
  /** The shared library code (./kit-runtime), set by the page chunk when it runs. */
  kit?: Kit;
}

export const ENHANCED = 'data-enhanced';

/** Adds or removes `name` in the element's data-enhanced list (for CSS and tests). */
function mark(element: Element, name: string, on: boolean) {
  const names = new Set(element.getAttribute(ENHANCED)?.split(' ').filter(Boolean));
  on ? names.add(name) : names.delete(name);
  names.size ? element.setAttribute(ENHANCED, [...names].join(' ')) : element.removeAttribute(ENHANCED);
}

// One reason for every teardown: abort() without one builds a DOMException each time.
let reason: DOMException | undefined;

/**
 * Wraps a feature's setup into what the core calls: an AbortSignal per instance, aborted
 * at teardown; errors in setup or teardown reported and contained, so one feature's
 * failure never stops another (a setup that throws leaves its listeners removed and its
 * element unmarked).
 */
export function instance<E extends Element>(name: string, setup: Setup<E>, labels?: Labels): Feature {
  const settle = createSettle();
  return {
    setup(element, context) {
      const abort = new AbortController();
      const stop = (error?: unknown) => {
        abort.abort((reason ||= new DOMException('', 'AbortError')));
        mark(element, name, false);
        if (error) console.error(`[veneer] ${name}:`, element, error);
      };
      try {
        const own = setup(element as E, {
          ...context,
          signal: abort.signal,
          labels,
          settle,
        });
        if (own) {
          mark(element, name, true);
          return () => {
            try {
              own();
              stop();
            } catch (error) {
              stop(error);
            }
          };
        }
        stop();
      } catch (error) {
        stop(error);
      }
      // Not started: nothing left to tear down.
      return () => {};
    },
  };
}
