// What the UI reads from the harness server, and a hook to read it.
import { useEffect, useState } from 'react';

/** GET /__pages.json: one row per captured page (src/harness/page-features.ts). */
export interface PageEntry {
  name: string;
  path: string;
  title: string;
  features: Record<string, boolean>;
  hooks: string[];
  /** The hooks no feature's code names. */
  other: string[];
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

/** The features a page uses, and its js- hooks no feature handles (the server's `other`). */
export function pageHooks(entry: PageEntry): { used: string[]; other: string[] } {
  const used = Object.keys(entry.features).filter((name) => entry.features[name]);
  return { used, other: entry.other ?? [] };
}
