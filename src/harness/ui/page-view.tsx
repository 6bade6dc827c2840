// `/view/<page>`: the page enhanced, as the CMS sends it, or both side by side, and a live
// log of what happens in the enhanced one.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'wouter-preact';
import { pageHooks, useJson, useTitle, type PageEntry } from './data';
import { useAnalytics, useLog, watchFrame, type Line } from './log';

type Mode = 'enhanced' | 'off' | 'both';
const MODES: [Mode, string][] = [
  ['enhanced', 'Enhanced'],
  ['off', 'As the CMS sends it'],
  ['both', 'Side by side'],
];

function clock(time: number): string {
  const d = new Date(time);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

function Log({ lines, onClear }: { lines: Line[]; onClear(): void }) {
  const box = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  useLayoutEffect(() => {
    if (stick.current && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lines]);
  const onScroll = () => {
    const el = box.current!;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
  };
  return (
    <section className="log-panel" aria-labelledby="log-title">
      <div className="log-head">
        <h2 id="log-title">Log</h2>
        <button type="button" onClick={onClear}>
          Clear the log
        </button>
      </div>
      <div ref={box} id="log" className="log" role="log" aria-live="polite" aria-labelledby="log-title" tabIndex={0} onScroll={onScroll}>
        {lines.length === 0 && <p className="muted">Nothing yet: bus events, chunk loads, analytics calls and errors show here.</p>}
        {lines.map((line) => (
          <p key={line.id} className={`line line--${line.kind}`}>
            <time dateTime={new Date(line.time).toISOString()}>{clock(line.time)}</time> <span className="kind">{line.kind}</span>{' '}
            <span className="text">{line.text}</span>
            {line.count > 1 && <span className="count"> ×{line.count}</span>}
          </p>
        ))}
      </div>
    </section>
  );
}

export function PageView({ page }: { page: string }) {
  const pages = useJson<PageEntry[]>('/__pages.json');
  const entry = pages.state === 'ok' ? pages.data.find((p) => p.name === page) : undefined;
  useTitle(entry?.title ?? page);
  const [mode, setMode] = useState<Mode>('enhanced');
  const { lines, add, clear } = useLog();
  useAnalytics(add);

  const unwatch = useRef<(() => void) | undefined>(undefined);
  const stopWatching = useCallback(() => {
    unwatch.current?.();
    unwatch.current = undefined;
  }, []);
  useEffect(() => stopWatching, [stopWatching]);
  useEffect(() => {
    if (mode === 'off') stopWatching();
  }, [mode, stopWatching]);

  // Every load of the enhanced frame (the first, a reload, a link followed inside it).
  const onLoad = (event: Event) => {
    stopWatching();
    const win = (event.currentTarget as HTMLIFrameElement).contentWindow;
    if (!win) return;
    try {
      add('page', `loaded ${win.location.pathname}${win.location.search}`);
      unwatch.current = watchFrame(win, add);
    } catch {
      add('page', 'a page of another origin: not watched');
    }
  };

  const src = `/${encodeURIComponent(page)}/`;
  const hooks = entry && pageHooks(entry);
  return (
    <>
      <p className="crumbs">
        <Link href="/">Pages</Link> / <code>{page}</code>
      </p>
      <h1 tabIndex={-1}>{entry?.title ?? page}</h1>
      {pages.state === 'loading' && <p>Loading…</p>}
      {pages.state === 'error' && <p role="alert">Could not read /__pages.json: {pages.message}</p>}
      {pages.state === 'ok' && !entry && (
        <p role="alert">
          No captured page is named <code>{page}</code>. <Link href="/">See the pages</Link>.
        </p>
      )}
      {hooks && <p>Features: {hooks.used.length ? hooks.used.join(', ') : 'none'}.</p>}
      {entry && (
        <>
          <fieldset className="modes">
            <legend>Show the page</legend>
            {MODES.map(([value, label]) => (
              <label key={value}>
                <input type="radio" name="mode" value={value} checked={mode === value} onChange={() => setMode(value)} /> {label}
              </label>
            ))}
          </fieldset>
          <a className="jump" href="#log">
            Skip past the page to the log
          </a>
          <div className={`frames frames--${mode}`}>
            {mode !== 'off' && (
              <figure>
                <figcaption>
                  Enhanced: <a href={src}>{src}</a>
                </figcaption>
                <iframe className="frame-enhanced" src={src} title={`${page}, enhanced by veneer`} onLoad={onLoad} />
              </figure>
            )}
            {mode !== 'enhanced' && (
              <figure>
                <figcaption>
                  As the CMS sends it: <a href={`${src}?veneer=off`}>{`${src}?veneer=off`}</a>
                </figcaption>
                <iframe className="frame-off" src={`${src}?veneer=off`} title={`${page}, as the CMS sends it`} />
              </figure>
            )}
          </div>
          <Log lines={lines} onClear={clear} />
        </>
      )}
    </>
  );
}
