// The package's ES module entry (`import { whenVeneer } from 'veneer'`), for a site's own
// TypeScript: the type of window.veneer, its topics and their payloads, and a promise of it.
// It does not load veneer: the page's one script tag does.
import type { Topics } from '../lib/feature';

export type VeneerTopics = Topics;

/** window.veneer: the contract's event bus (mitt) and ready(). */
export interface Veneer {
  on<K extends keyof VeneerTopics>(topic: K, handler: (payload: VeneerTopics[K]) => void): void;
  /** Every topic: the handler gets the topic and its payload. */
  on(topic: '*', handler: (topic: keyof VeneerTopics, payload: unknown) => void): void;
  off<K extends keyof VeneerTopics>(topic: K, handler?: (payload: VeneerTopics[K]) => void): void;
  emit<K extends keyof VeneerTopics>(topic: K, payload: VeneerTopics[K]): void;
  /**
   * Settles when every enhancement pending now has finished, with those it started (the hooks
   * far below the fold that the page chunk releases at start). In save-data mode, hooks still
   * held far below the fold are not pending: they wait for the visitor.
   */
  ready(): Promise<void>;
}

declare global {
  interface Window {
    veneer?: Veneer;
  }
}

/**
 * window.veneer once veneer.js has run. veneer.js is a defer script, so by DOMContentLoaded it
 * has run if the page carries it: the promise rejects then if it did not.
 */
export function whenVeneer(): Promise<Veneer> {
  return new Promise((resolve, reject) => {
    const settle = () =>
      window.veneer ? resolve(window.veneer) : reject(new Error('[veneer] veneer.js is not on this page'));
    document.readyState == 'loading' ? document.addEventListener('DOMContentLoaded', settle, { once: true }) : settle();
  });
}
