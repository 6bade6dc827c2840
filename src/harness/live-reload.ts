// GET /__events: npm start's "a build finished" events, as server-sent events, which the harness
// UI listens to and reloads on. A server started without live reload (the tests', `npm run
// serve`) answers 204: an EventSource given a 204 stops and never reconnects.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const EVENTS_PATH = '/__events';

export interface LiveReload {
  /** Answers a request for EVENTS_PATH. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Tells every open UI page to reload. */
  reload(): void;
}

export function createLiveReload(enabled: boolean): LiveReload {
  const clients = new Set<ServerResponse>();
  return {
    handle(req, res) {
      const method = (req.method ?? 'GET').toUpperCase();
      if (method !== 'GET') {
        res.writeHead(405, { Allow: 'GET', 'Content-Length': '0' }).end();
        return;
      }
      if (!enabled) {
        res.writeHead(204, { 'Cache-Control': 'no-store' }).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
      // The first bytes now: the page's EventSource opens (and a test can wait for it).
      res.write(': live reload\n\n');
      clients.add(res);
      res.on('close', () => clients.delete(res));
    },
    reload() {
      for (const res of clients) res.write('event: reload\ndata: build finished\n\n');
    },
  };
}
