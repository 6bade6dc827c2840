// Faults tests can ask of any route, static files included.
//   query form:  ?__fault=500|404|slow|truncate|empty|reset  (+ &__delay=<ms>)
//   path form:   /__fault/<kind>[-<ms>]/<rest of path>  → the fault applied to /<rest of path>;
//                relative URLs resolved from such a page or script inherit the prefix.
// `slow` waits __delay ms (default 30000, max 60000) then answers normally; a __delay on
// another kind waits first, then applies the fault. `truncate` sends half the body and
// destroys the socket; `empty` answers 204; `reset` destroys the socket without answering.
import { HttpError } from './http';

export const FAULT_KINDS = ['500', '404', 'slow', 'truncate', 'empty', 'reset'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
  kind: FaultKind;
  delay: number;
}

export const DEFAULT_SLOW_MS = 30_000;
export const MAX_DELAY_MS = 60_000;

function parseDelay(value: string | null | undefined): number | undefined {
  if (value == null || value === '') return undefined;
  if (!/^\d{1,9}$/.test(value)) throw new HttpError(400, `Invalid fault delay "${value}".`);
  return Math.min(Number(value), MAX_DELAY_MS);
}

function make(kind: string, delay: number | undefined): Fault {
  if (!(FAULT_KINDS as readonly string[]).includes(kind)) {
    throw new HttpError(400, `Unknown fault "${kind}" (known: ${FAULT_KINDS.join(', ')}).`);
  }
  return { kind: kind as FaultKind, delay: delay ?? (kind === 'slow' ? DEFAULT_SLOW_MS : 0) };
}

/** `/__fault/slow-2000/Content/x.js` → { fault, rest: '/Content/x.js', prefix: '/__fault/slow-2000' }. */
export function splitFaultPrefix(rawPath: string): { spec: string; prefix: string; rest: string } | null {
  const m = /^\/__fault\/([^/]+)(\/.*)?$/.exec(rawPath);
  if (!m) return null;
  return { spec: m[1], prefix: `/__fault/${m[1]}`, rest: m[2] ?? '/' };
}

export function parsePrefixFault(spec: string, query: URLSearchParams): Fault {
  const m = /^([a-z0-9]+)(?:-(\d+))?$/.exec(spec);
  if (!m) throw new HttpError(400, `Invalid fault prefix "${spec}".`);
  return make(m[1], parseDelay(m[2]) ?? parseDelay(query.get('__delay')));
}

export function parseQueryFault(query: URLSearchParams): Fault | null {
  const kind = query.get('__fault');
  if (kind == null || kind === '') return null;
  return make(kind, parseDelay(query.get('__delay')));
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts (the client went away). */
export function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
