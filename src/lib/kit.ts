// What feature chunks import instead of the modules of ./kit-runtime: each function forwards
// to the one copy in the page chunk, by its short key there (./kit-runtime says why). A
// feature's setup runs only once the page chunk has loaded (defineFeature waits for it), so
// the forwarders are only ever called after that. Nothing may call them while a chunk's
// module code runs.
import { CORE_KEY, type CoreHandle, type Setup } from './feature';
import type { Kit } from './kit-runtime';
import type { Labels } from './labels';

export type { Bus, Context, Setup, Teardown, Topics } from './feature';
export { MODAL, PANEL_OPEN } from './disclosure';
export type { Journal } from './journal';
export type { Labels } from './labels';

/** The core that loaded this chunk (a feature chunk's own code may ask it to load another). */
export const core = () => (globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY];

const forward = <K extends keyof Kit>(key: K) =>
  ((...args: unknown[]) => (core()!.kit![key] as (...args: unknown[]) => unknown)(...args)) as Kit[K];

/**
 * Registers a feature with the core that loaded this chunk, once the page chunk (the kit)
 * is there. A feature that shows or announces text passes its English labels (its group of
 * ./labels/en.ts): its chunk then counts as loaded once the page's labels are, and every setup
 * gets them in context.labels (./labels.ts loadLabels). A feature with data-* options reads
 * them in its setup (./read-options readOptions: Bootstrap-style typed defaults, not in the
 * kit; it ships in the chunks that use it): no options argument, which the chunks that show
 * text but take no options wrote out as undefined.
 */
export function defineFeature<E extends Element>(
  name: string,
  // Passed on as they come: no undefined written out in each chunk for the ones it leaves out.
  ...feature: [setup: Setup<E>, english?: Partial<Labels>]
): void {
  const handle = core();
  handle?.define(
    name,
    handle.load('page').then(() => handle.kit!.fe(name, ...feature)),
  );
}

export const adoptHiddenRules = /*#__PURE__*/ forward('ahr');
export const adoptStyles = /*#__PURE__*/ forward('as');
export const commonAncestor = /*#__PURE__*/ forward('ca');
export const createJournal = /*#__PURE__*/ forward('cj');
export const findTarget = /*#__PURE__*/ forward('ft');
export const format = /*#__PURE__*/ forward('fo');
export const fragmentId = /*#__PURE__*/ forward('fi');
export const goTo = /*#__PURE__*/ forward('gt');
export const hasAccessibleName = /*#__PURE__*/ forward('han');
export const hiddenRules = /*#__PURE__*/ forward('hr');
export const inertOthers = /*#__PURE__*/ forward('io');
export const inlineStep = /*#__PURE__*/ forward('is');
export const isHook = /*#__PURE__*/ forward('ih');
export const owned = /*#__PURE__*/ forward('ow');
export const parseNumber = /*#__PURE__*/ forward('pn');
export const prefersReducedMotion = /*#__PURE__*/ forward('prm');
export const rendered = /*#__PURE__*/ forward('re');
export const saveData = /*#__PURE__*/ forward('sd');
export const scrollToY = /*#__PURE__*/ forward('sty');
export const targetY = /*#__PURE__*/ forward('ty');
export const uniqueId = /*#__PURE__*/ forward('ui');
export const warn = /*#__PURE__*/ forward('wa');
