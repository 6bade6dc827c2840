import type { CoreContext, Feature, Teardown } from '../lib/feature';

type Instance = { abort: AbortController; teardown?: Teardown | void };
const PENDING = 0;
type Slot = Instance | typeof PENDING;

const ATTRIBUTE = 'data-enhanced';

/**
 * Keeps every hooked element enhanced exactly once per feature while it is in the page.
 * State lives in a WeakMap keyed by element, so the core itself holds nothing alive.
 */
export function createEnhancer(
  registry: ReadonlyArray<readonly [string, string]>,
  load: (name: string) => Promise<Feature>,
  context: Omit<CoreContext, 'signal'>,
) {
  const slots = new WeakMap<Element, Map<string, Slot>>();
  const pending = new Set<Promise<void>>();
  const anyHook = registry.map(([selector]) => selector).join();

  function mark(element: Element, name: string, on: boolean) {
    const names = new Set((element.getAttribute(ATTRIBUTE) || '').split(' ').filter(Boolean));
    on ? names.add(name) : names.delete(name);
    names.size ? element.setAttribute(ATTRIBUTE, [...names].join(' ')) : element.removeAttribute(ATTRIBUTE);
  }

  function start(element: Element, name: string) {
    let features = slots.get(element);
    if (!features) slots.set(element, (features = new Map()));
    if (features.has(name)) return;
    features.set(name, PENDING);
    const job = load(name)
      .then((feature) => {
        // Removed (or torn down) while its chunk loaded: never set up a detached element.
        if (features.get(name) !== PENDING) return;
        if (!element.isConnected) return void features.delete(name);
        const instance: Instance = { abort: new AbortController() };
        features.set(name, instance);
        try {
          instance.teardown = feature.setup(element, { ...context, signal: instance.abort.signal });
          mark(element, name, true);
        } catch (error) {
          instance.abort.abort();
          features.delete(name);
          console.error(`[veneer] ${name} failed`, element, error);
        }
      })
      .catch((error) => {
        features.delete(name);
        console.error('[veneer]', error);
      })
      .finally(() => pending.delete(job));
    pending.add(job);
  }

  function stop(element: Element) {
    // A pending slot stays: its load re-checks isConnected, so a quick re-insert sets up once.
    slots.get(element)?.forEach((slot, name, features) => {
      if (slot === PENDING) return;
      features.delete(name);
      slot.abort.abort();
      try {
        slot.teardown?.();
      } catch (error) {
        console.error(`[veneer] ${name} teardown failed`, element, error);
      }
      mark(element, name, false);
    });
  }

  function scan(root: Element | Document) {
    const found = [...root.querySelectorAll(anyHook)];
    if (root instanceof Element && root.matches(anyHook)) found.unshift(root);
    for (const element of found)
      for (const [selector, name] of registry) if (element.matches(selector)) start(element, name);
  }

  function release(root: Element) {
    stop(root);
    root.querySelectorAll('[' + ATTRIBUTE + ']').forEach(stop);
  }

  // One pass per batch of records: a node removed and re-added in the same batch is a move.
  function handle(records: MutationRecord[]) {
    const added = new Set<Node>();
    const removed = new Set<Node>();
    for (const record of records) {
      record.removedNodes.forEach((node) => removed.add(node));
      record.addedNodes.forEach((node) => added.add(node));
    }
    removed.forEach((node) => node instanceof Element && !node.isConnected && release(node));
    added.forEach((node) => node instanceof Element && node.isConnected && scan(node));
  }

  return { scan, handle, pending };
}
