// The measurements. Times are taken in the page with performance.now(); parsing is done
// before the clock starts (content is prepared detached), and a forced GC precedes each run.
import type { Session } from '../../tests/browser/support';
import { content, filler, hookList, mixedBlock, stubHook } from './markup';
import { median, openPage, type BenchPage, type BenchWindow } from './page';

export type Hook = (i: number) => string;

/** One timed DOM change: the change itself, and the change until veneer.ready() resolved. */
export interface Sample {
  /** ms spent in append/replaceChildren (the browser's part, with the observer's queueing). */
  dom: number;
  /** ms from the change to ready() returning: its synchronous part (the scan, every start). */
  sync: number;
  /** ms from the change to ready() resolving: the set-ups and marks run in microtasks. */
  total: number;
  setups: number;
  teardowns: number;
  /** [data-enhanced] elements in the target afterwards. */
  enhanced: number;
}

/** Parses `markup` into detached nodes, kept on the page for the next timed step. */
function prepare(bench: BenchPage, markup: string): Promise<void> {
  return bench.page.evaluate((markup) => {
    const holder = document.createElement('div');
    holder.innerHTML = markup;
    (window as unknown as BenchWindow).__prepared = [...holder.childNodes];
  }, markup);
}

/** Prepares the current children of `source` (to move them). */
function prepareChildren(bench: BenchPage, source: string): Promise<void> {
  return bench.page.evaluate((source) => {
    (window as unknown as BenchWindow).__prepared = [...document.querySelector(source)!.children];
  }, source);
}

/** Times `target.append(...prepared)` (or replaceChildren) until veneer.ready() resolves. */
async function timed(bench: BenchPage, target: string, how: 'append' | 'replace'): Promise<Sample> {
  await bench.gc();
  return bench.page.evaluate(
    async (target, how) => {
      const w = window as unknown as BenchWindow;
      const element = document.querySelector(target)!;
      const nodes = w.__prepared!;
      w.__prepared = undefined;
      const setups = w.__setups;
      const teardowns = w.__teardowns;
      const start = performance.now();
      how === 'append' ? element.append(...nodes) : element.replaceChildren(...nodes);
      const changed = performance.now();
      const ready = w.veneer.ready();
      const returned = performance.now();
      await ready;
      const end = performance.now();
      return {
        dom: changed - start,
        sync: returned - start,
        total: end - start,
        setups: w.__setups - setups,
        teardowns: w.__teardowns - teardowns,
        enhanced: element.querySelectorAll('[data-enhanced]').length,
      };
    },
    target,
    how,
  );
}

function clear(bench: BenchPage, target: string): Promise<void> {
  return bench.page.evaluate(async (target) => {
    document.querySelector(target)!.replaceChildren();
    await (window as unknown as BenchWindow).veneer.ready();
  }, target);
}

/** Time to enhance `hooks` hooks inserted among 20 000 other elements, in one append. */
export async function enhance(session: Session, carousel: string, hook: Hook, stub: boolean, runs: number, hooks = 1_000) {
  const bench = await openPage(session, carousel, '<main id="host"></main>', { stub });
  // Warm-up with one hook: the chunk is loaded, and its code and the core's have run once.
  await prepare(bench, hook(0));
  await timed(bench, '#host', 'append');
  await clear(bench, '#host');
  const samples: Sample[] = [];
  for (let run = 0; run < runs; run++) {
    await prepare(bench, content(20_000, hooks, hook));
    samples.push(await timed(bench, '#host', 'append'));
    await clear(bench, '#host');
  }
  await bench.close();
  return { samples, problems: bench.problems };
}

/**
 * `hooks` more hooks among 20 000 more elements, appended after as many already enhanced
 * (a "load more"): the added blocks are not all their parent holds.
 */
export async function appendMore(session: Session, carousel: string, hook: Hook, stub: boolean, runs: number, hooks = 1_000) {
  const bench = await openPage(session, carousel, `<main id="host">${content(20_000, hooks, hook)}</main>`, { stub });
  const samples: Sample[] = [];
  for (let run = 0; run < runs; run++) {
    await prepare(bench, content(20_000, hooks, (i) => hook(i + (run + 1) * hooks)));
    samples.push(await timed(bench, '#host', 'append'));
    await bench.page.evaluate(async (keep) => {
      const host = document.querySelector('#host')!;
      while (host.children.length > keep) host.lastElementChild!.remove();
      await (window as unknown as BenchWindow).veneer.ready();
    }, hooks);
  }
  await bench.close();
  return { samples, problems: bench.problems };
}

/** Re-enhancement after a list of `count` enhanced hooks is replaced by `count` new ones. */
export async function replace(session: Session, carousel: string, hook: Hook, stub: boolean, runs: number, count = 1_000) {
  const bench = await openPage(session, carousel, filler(20_000) + '<div id="list"></div>', { stub });
  await prepare(bench, hookList(count, hook));
  await timed(bench, '#list', 'replace');
  const samples: Sample[] = [];
  for (let run = 1; run <= runs; run++) {
    await prepare(bench, hookList(count, hook, run * count));
    samples.push(await timed(bench, '#list', 'replace'));
  }
  await bench.close();
  return { samples, problems: bench.problems };
}

/** 1 000 enhanced elements moved to another parent in one task, back and forth. */
export async function move(session: Session, carousel: string, runs: number) {
  const bench = await openPage(session, carousel, `<div id="a">${hookList(1_000, stubHook)}</div><div id="b"></div>` + filler(20_000));
  const samples: Sample[] = [];
  for (let run = 0; run < runs; run++) {
    const [from, to] = run % 2 ? ['#b', '#a'] : ['#a', '#b'];
    await prepareChildren(bench, from);
    samples.push(await timed(bench, to, 'append'));
  }
  await bench.close();
  return { samples, problems: bench.problems };
}

/** The initial page load: 1 000 hooks among 20 000 other elements in the served HTML. */
export async function pageLoad(session: Session, carousel: string, runs: number) {
  const body = content(20_000, 1_000, stubHook);
  const samples = [];
  for (let run = 0; run < runs; run++) {
    const bench = await openPage(session, carousel, body, { ready: false });
    await bench.page.waitForFunction(() => (window as unknown as BenchWindow).__setups >= 1_000);
    samples.push(
      await bench.page.evaluate(() => {
        const w = window as unknown as BenchWindow;
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const core = resources.find((entry) => new URL(entry.name).pathname.endsWith('/veneer.js'))!;
        const chunk = resources.find((entry) => /\/carousel\.[0-9a-f]{6}\.js$/.test(new URL(entry.name).pathname))!;
        // A defer script runs once both the parser is done and it has arrived.
        const start = Math.max(navigation.domInteractive, core.responseEnd);
        return {
          /** veneer.js runs (compile, scan of the whole page, 1 000 starts), up to DOMContentLoaded. */
          scan: navigation.domContentLoadedEventStart - start,
          /** The chunk's request, which the core starts during the scan. */
          chunkRequest: chunk.responseEnd - chunk.startTime,
          /** From the chunk's arrival to the first set-up: the browser's own work (first layout, the chunk's compile). */
          browser: w.__firstSetup - chunk.responseEnd,
          /** The first to the last of the 1 000 set-ups (with the marks), all in microtasks. */
          setup: w.__lastSetup - w.__firstSetup,
          total: w.__lastSetup - start,
          isolated: crossOriginIsolated,
        };
      }),
    );
    await bench.close();
  }
  return { samples };
}

/** Listeners, nodes and heap kept after a block of 20 real hooks is replaced `count` times. */
export async function retained(session: Session, carousel: string, count: number) {
  const bench = await openPage(session, carousel, '<div id="host"></div>', { stub: false });
  const replaceMany = (times: number) =>
    bench.page.evaluate(
      async (markup, times) => {
        const host = document.getElementById('host')!;
        for (let i = 0; i < times; i++) {
          host.innerHTML = markup;
          await (window as unknown as BenchWindow).veneer.ready();
        }
        return host.querySelectorAll('[data-enhanced]').length;
      },
      mixedBlock,
      times,
    );
  // Warm-up: chunks loaded, style sheets adopted, ids counters started.
  await replaceMany(10);
  await bench.gc();
  const before = { ...(await bench.domCounters()), heap: await bench.heapUsed() };
  const enhanced = await replaceMany(count);
  await bench.gc();
  const after = { ...(await bench.domCounters()), heap: await bench.heapUsed() };
  await bench.close();
  return {
    before,
    after,
    enhanced,
    listeners: after.jsEventListeners - before.jsEventListeners,
    nodes: after.nodes - before.nodes,
    documents: after.documents - before.documents,
    heap: after.heap - before.heap,
    problems: bench.problems,
  };
}

/**
 * One hook inserted into a page of `other` elements holding 100 enhanced hooks, until ready().
 * A sample is the mean of `repeat` such insertions, each timed alone (removal untimed): one
 * takes a few µs, about the timer's 5 µs step, and the timer's jitter averages out.
 */
export async function singleInsertion(session: Session, carousel: string, other: number, samples: number, repeat = 20) {
  const bench = await openPage(session, carousel, content(other, 100, stubHook) + '<div id="slot"></div>');
  await bench.gc();
  const warmup = 5;
  const times = await bench.page.evaluate(
    async (samples, repeat, warmup) => {
      const w = window as unknown as BenchWindow;
      const slot = document.getElementById('slot')!;
      const times: number[] = [];
      for (let sample = 0; sample < warmup + samples; sample++) {
        let sum = 0;
        for (let i = 0; i < repeat; i++) {
          const hook = document.createElement('div');
          hook.className = 'js-carousel';
          hook.textContent = 'Inserted';
          const start = performance.now();
          slot.append(hook);
          await w.veneer.ready();
          sum += performance.now() - start;
          hook.remove();
          await w.veneer.ready();
        }
        if (sample >= warmup) times.push(sum / repeat);
      }
      return times;
    },
    samples,
    repeat,
    warmup,
  );
  const setups = await bench.page.evaluate(() => (window as unknown as BenchWindow).__setups);
  await bench.close();
  const expected = 100 + (warmup + samples) * repeat;
  return { times, median: median(times), setupsOk: setups === expected };
}

/**
 * Attribute churn unrelated to hooks: `writes` CSSOM style writes (one per element) on a page of
 * 20 000 elements and 1 000 enhanced hooks, with veneer and on the same page without it, runs
 * alternating. A sample is the writes plus the microtask checkpoint after them, where a
 * MutationObserver's records are delivered (its microtask was queued by the first write); not
 * the next rendering, whose style recalculation is the same with or without veneer.
 */
export async function churn(session: Session, carousel: string, runs: number, writes = 20_000) {
  const body = content(20_000, 1_000, stubHook);
  const pages = { veneer: await openPage(session, carousel, body), plain: await openPage(session, carousel, body, { veneer: false }) };
  const samples = { veneer: [] as number[], plain: [] as number[] };
  for (let run = 0; run < runs + 1; run++) {
    for (const kind of run % 2 ? (['plain', 'veneer'] as const) : (['veneer', 'plain'] as const)) {
      const bench = pages[kind];
      await bench.page.bringToFront();
      await bench.gc();
      const time = await bench.page.evaluate(async (writes, run) => {
        const others = [...document.querySelectorAll('body *:not(.js-carousel)')] as HTMLElement[];
        const nextTask = () =>
          new Promise<void>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve();
            channel.port2.postMessage(0);
          });
        await nextTask();
        const start = performance.now();
        for (let i = 0; i < writes; i++) others[i % others.length].style.setProperty('--churn', String(run * writes + i));
        await new Promise<void>((resolve) => queueMicrotask(resolve));
        return performance.now() - start;
      }, writes, run);
      if (run > 0) samples[kind].push(time); // the first run warms both pages up
    }
  }
  const enhanced = await pages.veneer.page.evaluate(() => (window as unknown as BenchWindow).__setups);
  const problems = [...pages.veneer.problems, ...pages.plain.problems];
  await pages.veneer.close();
  await pages.plain.close();
  return { samples, veneer: median(samples.veneer), plain: median(samples.plain), enhanced, problems };
}
