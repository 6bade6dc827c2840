// The page view's live log: what happens in the (same-origin) iframe, watched from here.
// Every line is plain text; it is rendered as text, never as HTML.
import { useCallback, useEffect, useState } from 'react';

export type Kind = 'page' | 'bus' | 'chunk' | 'analytics' | 'warning' | 'error';

export interface Line {
  id: number;
  time: number;
  kind: Kind;
  text: string;
  /** How many times in a row this same line came (scroll events, say). */
  count: number;
}

export type Add = (kind: Kind, text: string) => void;

const MAX_LINES = 500;
const MAX_TEXT = 400;
/** Feature chunks: `carousel.1a2b3c.js` (scripts/build.mjs names them). */
export const CHUNK = /\.[0-9a-f]{6}\.js$/;

let lastId = 0;

export function useLog(): { lines: Line[]; add: Add; clear(): void } {
  const [lines, setLines] = useState<Line[]>([]);
  const add = useCallback<Add>((kind, text) => {
    const clipped = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
    setLines((prev) => {
      const last = prev[prev.length - 1];
      if (last && last.kind === kind && last.text === clipped)
        return [...prev.slice(0, -1), { ...last, time: Date.now(), count: last.count + 1 }];
      return [...prev.slice(-(MAX_LINES - 1)), { id: ++lastId, time: Date.now(), kind, text: clipped, count: 1 }];
    });
  }, []);
  const clear = useCallback(() => setLines([]), []);
  return { lines, add, clear };
}

function isElement(value: object): value is Element {
  return 'nodeType' in value && (value as Node).nodeType === 1 && 'tagName' in value;
}

function isError(value: object): value is Error {
  return typeof (value as Error).message === 'string' && typeof (value as Error).stack === 'string';
}

function elementLabel(el: Element): string {
  const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/)[0] : '';
  return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls ? `.${cls}` : ''}>`;
}

/** A one-line text for any value: elements as <tag#id.class>, errors by their message. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (value && typeof value === 'object') {
    if (isElement(value)) return elementLabel(value);
    if (isError(value)) return `${value.name}: ${value.message}`;
  }
  try {
    const text = JSON.stringify(value, (_key, v: unknown) =>
      v && typeof v === 'object' ? (isElement(v) ? elementLabel(v) : isError(v) ? `${v.name}: ${v.message}` : v) : v,
    );
    return text ?? String(value);
  } catch {
    return String(value);
  }
}

interface Bus {
  on(type: '*', handler: (type: unknown, data: unknown) => void): void;
  off(type: '*', handler: (type: unknown, data: unknown) => void): void;
}

type FrameWindow = Window & typeof globalThis & { veneer?: Bus };

/**
 * Subscribes to a loaded same-origin frame: veneer's bus (mitt's '*'), chunk loads (resource
 * timing, earlier ones included), errors, unhandled rejections and veneer's console warnings.
 * Returns the unsubscribe. Throws if the frame is not same-origin.
 */
export function watchFrame(win: Window, add: Add): () => void {
  const w = win as FrameWindow;
  const undo: (() => void)[] = [];
  const veneer = w.veneer;
  if (veneer && typeof veneer.on === 'function') {
    const onEvent = (topic: unknown, data: unknown) => add('bus', `${String(topic)} ${describe(data)}`.trim());
    veneer.on('*', onEvent);
    undo.push(() => veneer.off('*', onEvent));
  } else {
    add('page', 'no window.veneer in this page');
  }

  if (typeof w.PerformanceObserver === 'function') {
    const observer = new w.PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const file = new URL(entry.name).pathname.split('/').pop() ?? '';
        if (!CHUNK.test(file)) continue;
        const size = (entry as PerformanceResourceTiming).transferSize;
        add('chunk', `${file.split('.')[0]} (${file}, ${Math.round(entry.duration)} ms${size ? `, ${size} B` : ''})`);
      }
    });
    observer.observe({ type: 'resource', buffered: true });
    undo.push(() => observer.disconnect());
  }

  const onError = (event: ErrorEvent) =>
    add('error', `${event.message || describe(event.error)}${event.filename ? ` (${event.filename}:${event.lineno})` : ''}`);
  const onRejection = (event: PromiseRejectionEvent) => add('error', `unhandled rejection: ${describe(event.reason)}`);
  w.addEventListener('error', onError);
  w.addEventListener('unhandledrejection', onRejection);
  undo.push(() => {
    w.removeEventListener('error', onError);
    w.removeEventListener('unhandledrejection', onRejection);
  });

  for (const level of ['warn', 'error'] as const) {
    const original = w.console[level];
    const wrapper = function (this: Console, ...args: unknown[]) {
      // veneer's own: its warnings start with [veneer]; the core logs a chunk that failed as
      // (name, Error('ChunkLoadError: <url>')), without the prefix, for the core's bytes.
      if ((typeof args[0] === 'string' && args[0].startsWith('[veneer]')) || args.some((arg) => arg instanceof w.Error && arg.message.startsWith('ChunkLoadError')))
        add(level === 'warn' ? 'warning' : 'error', args.map(describe).join(' '));
      return original.apply(this, args);
    };
    w.console[level] = wrapper;
    undo.push(() => {
      if (w.console[level] === wrapper) w.console[level] = original;
    });
  }

  return () => {
    for (const fn of undo) {
      try {
        fn();
      } catch {
        // the frame's window is gone
      }
    }
  };
}

interface AnalyticsHit {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  body: string;
}

function analyticsText(hit: AnalyticsHit): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(hit.query ?? {})) for (const v of [value].flat()) query.append(name, v);
  const event = query.get('en') ?? query.get('t');
  const search = query.toString();
  return `${event ? `${event}: ` : ''}${hit.method} ${hit.path}${search ? `?${search}` : ''}${hit.body ? ` ${hit.body}` : ''}`;
}

/** The analytics calls the server records (GET /__analytics), new ones every second. */
export function useAnalytics(add: Add): void {
  useEffect(() => {
    let seen = -1;
    let busy = false;
    let stopped = false;
    const poll = async () => {
      if (busy || document.hidden) return;
      busy = true;
      try {
        const res = await fetch('/__analytics', { cache: 'no-store' });
        const hits = res.ok ? ((await res.json()) as AnalyticsHit[]) : null;
        if (!hits || stopped) return;
        if (seen < 0) seen = hits.length; // only calls made from now on
        if (hits.length < seen) seen = 0; // the list was cleared
        for (const hit of hits.slice(seen)) add('analytics', analyticsText(hit));
        seen = hits.length;
      } catch {
        // the server is restarting: next second
      } finally {
        busy = false;
      }
    };
    void poll();
    const timer = setInterval(poll, 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [add]);
}
