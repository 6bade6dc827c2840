// What feature chunks import instead of the modules of ./kit-runtime: each function forwards
// to the one copy in the page chunk. A feature's setup runs only once the page chunk has
// loaded (defineFeature waits for it), so the forwarders are only ever called after that.
// Nothing may call them while a chunk's module code runs.
import { CORE_KEY, type CoreHandle, type Setup } from './feature';
import type { Kit } from './kit-runtime';
import type { Labels } from './labels';

export type { Bus, Context, Setup, Teardown, Topics } from './feature';
export { MODAL, PANEL_OPEN } from './disclosure';
export type { Journal } from './journal';
export type { PanelSpec } from './panel';
export type { Labels } from './labels';

const core = () => (globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY];

function forward<K extends keyof Kit>(key: K): Kit[K] {
  return ((...args: unknown[]) => (core()!.kit![key] as (...args: unknown[]) => unknown)(...args)) as Kit[K];
}

/**
 * Registers a feature with the core that loaded this chunk, once the page chunk (the kit)
 * is there. A feature with data-* options passes `options`, usually
 * `(element) => readOptions(element, DEFAULTS, name)` (Bootstrap-style typed defaults, from
 * ./read-options: not in the kit, it ships in the chunks that use it).
 * A feature that shows or announces text passes `loadLabels`: its chunk then counts as
 * loaded once the page's labels are, and every setup gets them in context.labels.
 */
export function defineFeature<E extends Element, O = Record<string, never>>(
  name: string,
  setup: Setup<E, O>,
  options?: (element: E) => O,
  labels?: () => Promise<Labels>,
): void {
  const handle = core();
  handle?.define(
    name,
    handle.load('page').then(() => handle.kit!.feature(name, setup, options, labels)),
  );
}

export const adoptHiddenRules = /*#__PURE__*/ forward('adoptHiddenRules');
export const adoptStyles = /*#__PURE__*/ forward('adoptStyles');
export const commonAncestor = /*#__PURE__*/ forward('commonAncestor');
export const createJournal = /*#__PURE__*/ forward('createJournal');
export const findableHidden = /*#__PURE__*/ forward('findableHidden');
export const findTarget = /*#__PURE__*/ forward('findTarget');
export const format = /*#__PURE__*/ forward('format');
export const fragmentId = /*#__PURE__*/ forward('fragmentId');
export const goTo = /*#__PURE__*/ forward('goTo');
export const hasAccessibleName = /*#__PURE__*/ forward('hasAccessibleName');
export const hiddenRules = /*#__PURE__*/ forward('hiddenRules');
export const inertOthers = /*#__PURE__*/ forward('inertOthers');
export const inlineStep = /*#__PURE__*/ forward('inlineStep');
export const loadLabels = /*#__PURE__*/ forward('loadLabels');
export const isHook = /*#__PURE__*/ forward('isHook');
export const owned = /*#__PURE__*/ forward('owned');
export const parseNumber = /*#__PURE__*/ forward('parseNumber');
export const prefersReducedMotion = /*#__PURE__*/ forward('prefersReducedMotion');
export const rendered = /*#__PURE__*/ forward('rendered');
export const saveData = /*#__PURE__*/ forward('saveData');
export const scrollToY = /*#__PURE__*/ forward('scrollToY');
export const targetY = /*#__PURE__*/ forward('targetY');
export const uniqueId = /*#__PURE__*/ forward('uniqueId');
export const warn = /*#__PURE__*/ forward('warn');
