// Captured pages loaded on a throttled profile (Slow 4G, 4× CPU), with veneer and with the
// legacy stack (?stack=legacy), from a harness that gzips text as a site's server does.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'puppeteer';
import { LEGACY_PATH } from '../../src/harness/legacy';
import { loadingTab, median } from './page';

// DevTools' "Slow 4G" preset (Chromium's network throttling presets): 562.5 ms latency, 1.6 Mbps down, 750 kbps up (×0.9).
export const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1_000_000 * 0.9) / 8, uploadThroughput: (750 * 1_000 * 0.9) / 8 };
export const CPU_SLOWDOWN = 4;
const QUIET_MS = 500; // after the last milestone, for late long tasks and shifts

export type Stack = 'veneer' | 'legacy';

/** A hook of the registry: the feature's name and its selector. */
export type Hook = [name: string, selector: string];

// Installed before the page's own scripts: long tasks, long animation frames (their scripts
// carry the URL that ran), layout shifts, when veneer.ready() resolves after start-up, and
// when each element first carried each feature's name in data-enhanced (a MutationObserver
// on the attribute: the core's mark at the end of a set-up). At DOMContentLoaded, before the
// page's own listeners, the hooks whose element intersects the first viewport are noted: the
// "first screen" (the page's scroll is at the top then; stylesheets have applied).
const observe = (hooks: Hook[]) => `self.__name = (target) => target;
const b = self.__bench = { longtasks: [], frames: [], shifts: [], ready: null };
const watch = (type, take) => { try { new PerformanceObserver((list) => list.getEntries().forEach((e) => take(e))).observe({ type, buffered: true }); } catch {} };
watch('longtask', (e) => b.longtasks.push({ start: e.startTime, duration: e.duration }));
watch('long-animation-frame', (e) => b.frames.push({ start: e.startTime, duration: e.duration, scripts: e.scripts.map((s) => ({ url: s.sourceURL, start: s.startTime, duration: s.duration })) }));
watch('layout-shift', (e) => { if (!e.hadRecentInput) b.shifts.push({ start: e.startTime, value: e.value }); });
const marked = new Map();
new MutationObserver((records) => {
  const now = performance.now();
  for (const { target } of records) {
    let times = marked.get(target);
    if (!times) marked.set(target, (times = {}));
    for (const name of (target.getAttribute('data-enhanced') || '').split(' ')) if (name) times[name] ??= now;
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-enhanced'] });
const hooks = ${JSON.stringify(hooks)};
let firstScreen = [];
addEventListener('DOMContentLoaded', () => {
  for (const [name, selector] of hooks)
    for (const element of document.querySelectorAll(selector)) {
      const r = element.getBoundingClientRect();
      if ((r.width || r.height) && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth) firstScreen.push([name, element]);
    }
});
// The first screen's hooks: how many, the last one's feature and time, and those never marked.
self.__firstScreen = () => {
  const result = { hooks: firstScreen.length, enhanced: 0, last: null, lastName: '', declined: [] };
  for (const [name, element] of firstScreen) {
    const time = marked.get(element)?.[name];
    if (time === undefined) { result.declined.push(name); continue; }
    result.enhanced++;
    if (result.last === null || time > result.last) { result.last = time; result.lastName = name; }
  }
  return result;
};
// Defer scripts have run by DOMContentLoaded: veneer's start-up scan is done.
addEventListener('DOMContentLoaded', () => self.veneer?.ready?.().then(() => { b.ready = performance.now(); }));`;

interface FirstScreen {
  hooks: number;
  enhanced: number;
  last: number | null;
  lastName: string;
  declined: string[];
}

interface Observed {
  longtasks: { start: number; duration: number }[];
  frames: { start: number; duration: number; scripts: { url: string; start: number; duration: number }[] }[];
  shifts: { start: number; value: number }[];
  ready: number | null;
  firstScreen: FirstScreen;
}

export interface LoadRun {
  stack: Stack;
  /** ms from navigation start: veneer.ready() resolved (veneer) or the load event (legacy: its scripts ran). */
  usable: number;
  domContentLoaded: number;
  load: number;
  /**
   * ms from navigation start until the first screen is usable. veneer: the last time a hook
   * element intersecting the first viewport got its feature's name in data-enhanced (hooks
   * whose set-up declined, never marked, left out; html's page feature is not a hook of the
   * first screen). Legacy: DOMContentLoaded, when its blocking scripts have all run (the stack
   * has no site code of its own: a site's ready handlers would only add to it).
   */
  firstScreen: number;
  /** veneer: first-screen hooks (element × feature), those enhanced, the last one's feature, those never enhanced. */
  firstScreenHooks: number;
  firstScreenEnhanced: number;
  firstScreenLast: string;
  firstScreenDeclined: string[];
  /** Script requests the page made (each chunk, each legacy file, third-party stand-ins). */
  scriptRequests: number;
  /**
   * Total blocking time of every long task, and the share of it the stack's own scripts caused:
   * each long task's time over 50 ms, times the part of the task its scripts ran (the scripts of
   * the long animation frames, which name their URL, overlapping the task).
   */
  tbt: number;
  ownTbt: number;
  /** Long tasks in which the stack's scripts ran. */
  ownLongTasks: number;
  /** Time the stack's scripts ran inside long tasks, and those scripts (file: ms). */
  ownScriptMs: number;
  ownInLongTasks?: Record<string, number>;
  cls: number;
  /** JavaScript transferred (encoded bytes, headers included) and the script files. */
  jsTransferred: number;
  scripts: string[];
  /** The stack ran: veneer enhanced the page, or jQuery and the three plugins are defined; and page errors. */
  ran: boolean;
  errors: string[];
}

const ownScript = (stack: Stack) => (url: string) =>
  stack === 'veneer' ? /\/Content\/scripts\/dist\//.test(url) : new URL(url, 'http://x').pathname.startsWith(LEGACY_PATH);

async function loadOnce(browser: Browser, url: string, stack: Stack, hooks: Hook[]): Promise<LoadRun> {
  const { page, cdp } = await loadingTab(browser);
  try {
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const scriptIds = new Map<string, string>();
    let jsTransferred = 0;
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scriptIds.set(event.requestId, event.response.url);
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (scriptIds.has(event.requestId)) jsTransferred += event.encodedDataLength;
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String((error as Error).message ?? error)));
    await page.evaluateOnNewDocument(observe(stack === 'veneer' ? hooks.filter(([name]) => name !== 'page') : []));
    await page.goto(url + (stack === 'legacy' ? '?stack=legacy' : ''), { waitUntil: 'load', timeout: 120_000 });
    const observed = await page.evaluate(async (veneer, quiet) => {
      const b = (self as unknown as { __bench: Observed }).__bench;
      if (veneer) await (self as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      await new Promise((resolve) => setTimeout(resolve, quiet));
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const $ = (self as unknown as { jQuery?: { fn: Record<string, unknown> } }).jQuery;
      const ran = veneer
        ? document.querySelector('[data-enhanced]') !== null
        : typeof $?.fn.slick === 'function' && typeof $?.fn.magnificPopup === 'function' && typeof (self as unknown as { Pikaday?: unknown }).Pikaday === 'function';
      const firstScreen = (self as unknown as { __firstScreen(): FirstScreen }).__firstScreen();
      return { ...b, firstScreen, ran, domContentLoaded: navigation.domContentLoadedEventStart, load: navigation.loadEventStart };
    }, stack === 'veneer', QUIET_MS);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const own = ownScript(stack);
    const ownScripts = observed.frames.flatMap((frame) => frame.scripts.filter((script) => own(script.url)));
    let ownTbt = 0;
    let ownLongTasks = 0;
    let ownScriptMs = 0;
    const ownInLongTasks: Record<string, number> = {};
    for (const task of observed.longtasks) {
      const end = task.start + task.duration;
      const ours = ownScripts.reduce((sum, s) => sum + Math.max(0, Math.min(end, s.start + s.duration) - Math.max(task.start, s.start)), 0);
      if (ours <= 0) continue;
      for (const script of ownScripts) {
        const overlap = Math.min(end, script.start + script.duration) - Math.max(task.start, script.start);
        const file = new URL(script.url).pathname.split('/').pop()!;
        if (overlap > 0) ownInLongTasks[file] = Math.round((ownInLongTasks[file] ?? 0) + overlap);
      }
      ownLongTasks++;
      ownScriptMs += Math.min(ours, task.duration);
      ownTbt += Math.max(0, task.duration - 50) * Math.min(1, ours / task.duration);
    }
    const usable = stack === 'veneer' ? (observed.ready ?? NaN) : observed.load;
    const first = observed.firstScreen;
    return {
      stack,
      usable,
      domContentLoaded: observed.domContentLoaded,
      load: observed.load,
      firstScreen: stack === 'veneer' ? (first.last ?? NaN) : observed.domContentLoaded,
      firstScreenHooks: first.hooks,
      firstScreenEnhanced: first.enhanced,
      firstScreenLast: first.lastName,
      firstScreenDeclined: first.declined,
      scriptRequests: scriptIds.size,
      tbt: observed.longtasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      ownTbt,
      ownLongTasks,
      ownScriptMs,
      ownInLongTasks,
      cls: observed.shifts.reduce((sum, shift) => sum + shift.value, 0),
      jsTransferred,
      scripts: [...scriptIds.values()].map((u) => new URL(u).pathname),
      ran: observed.ran,
      errors,
    };
  } finally {
    await page.close();
  }
}

export interface PageLoad {
  page: string;
  runs: LoadRun[];
  veneer: Summary;
  legacy: Summary;
  /** veneer ÷ legacy of the medians. */
  ratios: { usable: number; usableVsLegacyDcl: number; firstScreen: number; jsTransferred: number; scriptRequests: number };
}

type Summary = Omit<LoadRun, 'stack' | 'scripts' | 'ran' | 'errors' | 'ownInLongTasks' | 'firstScreenLast' | 'firstScreenDeclined'> & {
  scripts: string[];
  /** The first screen's last feature in each run, and the features that declined in any run. */
  firstScreenLast: string[];
  firstScreenDeclined: string[];
};

function summarise(runs: LoadRun[]): Summary {
  const m = (of: (run: LoadRun) => number) => median(runs.map(of));
  return {
    usable: m((r) => r.usable),
    domContentLoaded: m((r) => r.domContentLoaded),
    load: m((r) => r.load),
    firstScreen: m((r) => r.firstScreen),
    firstScreenHooks: m((r) => r.firstScreenHooks),
    firstScreenEnhanced: m((r) => r.firstScreenEnhanced),
    firstScreenLast: runs.map((r) => r.firstScreenLast),
    firstScreenDeclined: [...new Set(runs.flatMap((r) => r.firstScreenDeclined))],
    scriptRequests: m((r) => r.scriptRequests),
    tbt: m((r) => r.tbt),
    ownTbt: m((r) => r.ownTbt),
    ownLongTasks: m((r) => r.ownLongTasks),
    ownScriptMs: m((r) => r.ownScriptMs),
    cls: m((r) => r.cls),
    jsTransferred: m((r) => r.jsTransferred),
    scripts: runs[0]?.scripts ?? [],
  };
}

/** `runs` loads of each page with each stack, alternating (so that both share the noise). */
export async function pageLoads(
  browser: Browser,
  base: string,
  pages: string[],
  runs: number,
  hooks: Hook[],
  progress: (text: string) => void,
): Promise<PageLoad[]> {
  const results: PageLoad[] = [];
  for (const name of pages) {
    const all: LoadRun[] = [];
    for (let run = 0; run < runs; run++) {
      for (const stack of run % 2 ? (['legacy', 'veneer'] as const) : (['veneer', 'legacy'] as const)) {
        all.push(await loadOnce(browser, `${base}/${name}/`, stack, hooks));
        progress('.');
      }
    }
    const veneer = summarise(all.filter((r) => r.stack === 'veneer'));
    const legacy = summarise(all.filter((r) => r.stack === 'legacy'));
    results.push({
      page: name,
      runs: all,
      veneer,
      legacy,
      ratios: {
        usable: veneer.usable / legacy.usable,
        usableVsLegacyDcl: veneer.usable / legacy.domContentLoaded,
        firstScreen: veneer.firstScreen / legacy.firstScreen,
        jsTransferred: veneer.jsTransferred / legacy.jsTransferred,
        scriptRequests: veneer.scriptRequests / legacy.scriptRequests,
      },
    });
  }
  return results;
}

/** gzip -9 of a file's bytes. */
export const gzipBytes = (code: Uint8Array) => gzipSync(code, { level: 9 }).length;

/** The cores the issue compares against, minified (Stimulus ships none: terser minifies its ES module), gzip -9. */
export async function frameworkCores(nodeModules: string) {
  const { minify } = await import('terser');
  const file = (p: string) => readFile(path.join(nodeModules, p));
  const version = async (name: string) => JSON.parse(await readFile(path.join(nodeModules, name, 'package.json'), 'utf8')).version as string;
  const stimulus = (await minify((await file('@hotwired/stimulus/dist/stimulus.js')).toString('utf8'), { module: true })).code ?? '';
  return [
    { name: `Stimulus ${await version('@hotwired/stimulus')}`, file: '@hotwired/stimulus/dist/stimulus.js (terser)', gzip: gzipBytes(Buffer.from(stimulus)) },
    { name: `Alpine ${await version('alpinejs')}`, file: 'alpinejs/dist/cdn.min.js', gzip: gzipBytes(await file('alpinejs/dist/cdn.min.js')) },
    { name: `htmx ${await version('htmx.org')}`, file: 'htmx.org/dist/htmx.min.js', gzip: gzipBytes(await file('htmx.org/dist/htmx.min.js')) },
  ];
}
