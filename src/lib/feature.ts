// The contract between the core (src/injector) and a feature chunk (src/features/<name>).
// The core only knows `Feature.setup`; everything else here runs inside the chunk.
import type { Emitter } from 'mitt';

/** Topics of the contract's event bus, with their payloads. */
export type Topics = {
  '/video/playing': { videoId: string };
  '/video/pauseRotator': { playerId?: string };
  '/window/resize': undefined;
  '/window/scroll': undefined;
  '/status': { message: string; element?: Element };
  [topic: string]: unknown;
};

export type Bus = Emitter<Topics>;

/** What the core itself reads from the script tag. */
export interface CoreSettings {
  /** The folder chunks load from: the running script's own folder. */
  base: string;
  chunkTimeout: number;
  /** The script tag's data-* attributes, raw: src/lib/settings validates the rest. */
  data: Readonly<Record<string, string | undefined>>;
}

/** What the core hands a feature's setup. */
export interface CoreContext {
  /** Aborted at teardown: pass it to every listener, fetch and timer. */
  signal: AbortSignal;
  bus: Bus;
  settings: CoreSettings;
}

export type Teardown = () => void;

export interface Feature {
  setup(element: Element, context: CoreContext): Teardown | void;
}

export interface Context<O> extends CoreContext {
  options: O;
}

/** The registration channel. A Symbol key, so page markup cannot clobber it. */
export const CORE_KEY = Symbol.for('veneer');

export interface CoreHandle {
  define(name: string, feature: Feature): void;
}

/**
 * Registers a feature with the core that loaded this chunk. A feature with data-* options
 * passes `options`, usually `(element) => readOptions(element, DEFAULTS, name)` from
 * ./options (Bootstrap-style typed defaults); the chunk parses them, so the core stays small,
 * and a chunk without options does not carry the parser.
 */
export function defineFeature<E extends Element, O = Record<string, never>>(
  name: string,
  setup: (element: E, context: Context<O>) => Teardown | void,
  options?: (element: E) => O,
): void {
  const core = (globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY];
  core?.define(name, {
    setup: (element, context) =>
      setup(element as E, { ...context, options: options ? options(element as E) : ({} as O) }),
  });
}
