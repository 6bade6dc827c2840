// What the UI reads from the harness server, and a hook to read it.
import { useEffect, useState } from 'react';

/** GET /__pages.json: one row per captured page (src/harness/page-features.ts). */
export interface PageEntry {
  name: string;
  path: string;
  title: string;
  features: Record<string, boolean>;
  hooks: string[];
}

export type Loaded<T> = { state: 'loading' } | { state: 'ok'; data: T } | { state: 'error'; status: number; message: string };

/** Fetches JSON from `url` (again when it changes); a 404 is an error with status 404. */
export function useJson<T>(url: string): Loaded<T> {
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setResult({ state: 'loading' });
    fetch(url, { signal: controller.signal, cache: 'no-store', headers: { Accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) return setResult({ state: 'error', status: res.status, message: `${res.status} ${res.statusText}` });
        const data = (await res.json()) as T;
        setResult({ state: 'ok', data });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setResult({ state: 'error', status: 0, message: String(error) });
      });
    return () => controller.abort();
  }, [url]);
  return result;
}

/** The document title of a view. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · veneer harness`;
  }, [title]);
}

/**
 * The features a page uses, and its other js- hooks: those whose first word is no feature's
 * name (or its singular: js-tab, js-tab-panel belong to tabs), a guess, for the catalogue.
 */
export function pageHooks(entry: PageEntry): { used: string[]; other: string[] } {
  const names = Object.keys(entry.features);
  const used = names.filter((name) => entry.features[name]);
  const other = entry.hooks.filter((hook) => {
    const stem = hook.slice(3).split('-')[0];
    return !names.some((name) => name === stem || name === `${stem}s`);
  });
  return { used, other };
}
