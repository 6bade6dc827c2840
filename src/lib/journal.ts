// Records the first value of every attribute and state class a feature touches, so its
// teardown can put the markup back exactly as it was (and the element can be enhanced again).
import { uniqueId } from './dom';

export interface Journal {
  /**
   * Sets an attribute; `null` removes it. A boolean is written as "true" or "false"
   * (setAttribute's own conversion): aria-expanded and the like without String() in each chunk.
   */
  set(element: Element, name: string, value: string | boolean | null): void;
  /** Adds or removes a class. */
  flag(element: Element, name: string, on: boolean): void;
  /** The element's id, giving it a fresh one (removed at restore) if it has none. */
  id(element: Element, prefix: string): string;
  /** Puts back every recorded attribute and class, newest first. */
  restore(): void;
}

export function createJournal(): Journal {
  let undo: (() => void)[] = [];
  let seen = new WeakMap<Element, Set<string>>();

  function first(element: Element, key: string): boolean {
    let keys = seen.get(element);
    if (!keys) seen.set(element, (keys = new Set()));
    return keys.size !== keys.add(key).size;
  }

  function set(element: Element, name: string, value: string | boolean | null) {
    if (first(element, name)) {
      const old = element.getAttribute(name);
      undo.push(() => (old == null ? element.removeAttribute(name) : element.setAttribute(name, old)));
    }
    value == null ? element.removeAttribute(name) : element.setAttribute(name, value as string);
  }

  return {
    set,
    flag(element, name, on) {
      // '.' cannot start an attribute name, so class keys never collide with attribute keys.
      if (first(element, '.' + name)) {
        const had = element.classList.contains(name);
        undo.push(() => element.classList.toggle(name, had));
      }
      element.classList.toggle(name, on);
    },
    id(element, prefix) {
      if (!element.id) set(element, 'id', uniqueId(prefix));
      return element.id;
    },
    restore() {
      const steps = undo.reverse();
      undo = [];
      seen = new WeakMap();
      steps.forEach((step) => step());
    },
  };
}
