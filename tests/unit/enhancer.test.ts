// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi, beforeEach } from 'vitest';
import mitt from 'mitt';
import { createEnhancer } from '../../src/injector/enhancer';
import { instance, type CoreContext, type Feature, type Bus } from '../../src/lib/feature';
import type { Labels } from '../../src/lib/labels';

type Calls = { setup: Element[]; teardown: Element[] };
/** What the core hands an instance, for instances set up here by hand. */
const coreContext = (): CoreContext => ({ bus: mitt(), settings: { base: '/', chunkTimeout: 1, data: {} }, scan() {}, rows: [] });
const observers: MutationObserver[] = [];

function harness(options: { delay?: () => Promise<void>; failing?: string[] } = {}) {
  const calls: Record<string, Calls> = {};
  const loads: string[] = [];
  // Features are wrapped as every chunk wraps them (src/lib/feature.ts).
  const feature = (name: string): Feature => {
    calls[name] = { setup: [], teardown: [] };
    return instance<Element>(name, (element, context) => {
      if (options.failing?.includes(name)) {
        element.addEventListener('click', () => element.setAttribute('data-leaked', name), { signal: context.signal });
        throw new Error(`${name} broke`);
      }
      calls[name].setup.push(element);
      element.addEventListener('click', () => element.setAttribute('data-clicked', name), { signal: context.signal });
      return () => calls[name].teardown.push(element);
    });
  };
  const features: Record<string, Feature> = { one: feature('one'), two: feature('two') };
  const load = async (name: string) => {
    loads.push(name);
    await (options.delay?.() ?? Promise.resolve());
    return features[name];
  };
  const bus: Bus = mitt();
  const enhancer = createEnhancer(
    [
      ['.js-one', 'one'],
      ['.js-two', 'two'],
    ],
    load,
    bus,
    { base: '/', chunkTimeout: 1000, data: {} },
  );
  const observer = new MutationObserver(enhancer.handle);
  observers.push(observer);
  const flush = async () => {
    enhancer.handle(observer.takeRecords());
    await enhancer.settled();
  };
  return { calls, loads, enhancer, observer, flush };
}


/** A hooked element inserted, then removed while its chunk is still loading (held until release()). */
function insertThenRemoveWhileLoading() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const h = harness({ delay: () => gate });
  h.observer.observe(document, { childList: true, subtree: true });
  const element = document.createElement('div');
  element.className = 'js-one';
  document.body.append(element);
  h.enhancer.handle(h.observer.takeRecords());
  element.remove();
  h.enhancer.handle(h.observer.takeRecords());
  return { h, element, release };
}

describe('enhancer', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });
  afterEach(() => observers.splice(0).forEach((observer) => observer.disconnect()));

  it('enhances each hooked element once per feature and marks it', async () => {
    document.body.innerHTML = '<div class="js-one"></div><div class="js-one js-two"></div><p>other</p>';
    const h = harness();
    h.enhancer.scan([document.documentElement]);
    h.enhancer.scan([document.documentElement]);
    await h.flush();
    expect(h.calls.one.setup).toHaveLength(2);
    expect(h.calls.two.setup).toHaveLength(1);
    expect(document.querySelectorAll('[data-enhanced]')).toHaveLength(2);
    expect(document.querySelector('.js-two')!.getAttribute('data-enhanced')).toBe('one two');
  });

  it('enhances added content and tears down removed content, listeners included', async () => {
    const h = harness();
    h.observer.observe(document, { childList: true, subtree: true });
    const block = document.createElement('section');
    block.innerHTML = '<div class="js-one"></div>';
    document.body.append(block);
    await h.flush();
    const element = block.firstElementChild!;
    expect(h.calls.one.setup).toEqual([element]);
    block.remove();
    await h.flush();
    expect(h.calls.one.teardown).toEqual([element]);
    expect(element.hasAttribute('data-enhanced')).toBe(false);
    element.dispatchEvent(new Event('click'));
    expect(element.hasAttribute('data-clicked')).toBe(false);
  });

  it('neither tears down nor sets up again an element moved within the page', async () => {
    document.body.innerHTML = '<div id="a"><div class="js-one"></div></div><div id="b"></div>';
    const h = harness();
    h.enhancer.scan([document.documentElement]);
    h.observer.observe(document, { childList: true, subtree: true });
    await h.flush();
    document.getElementById('b')!.append(document.querySelector('.js-one')!);
    await h.flush();
    expect(h.calls.one.setup).toHaveLength(1);
    expect(h.calls.one.teardown).toHaveLength(0);
  });

  it('never sets up an element removed while its chunk loads, and once if it comes back', async () => {
    const { h, element, release } = insertThenRemoveWhileLoading();
    release();
    await h.flush();
    expect(h.calls.one.setup).toHaveLength(0);
    document.body.append(element);
    document.body.append(element);
    await h.flush();
    expect(h.calls.one.setup).toEqual([element]);
  });

  it('sets up once when an element is removed and re-added during its own async start', async () => {
    const { h, element, release } = insertThenRemoveWhileLoading();
    document.body.append(element);
    h.enhancer.handle(h.observer.takeRecords());
    release();
    await h.flush();
    expect(h.calls.one.setup).toEqual([element]);
  });

  it('asks the loader once per feature for a whole batch', async () => {
    document.body.innerHTML = '<div class="js-one"></div>'.repeat(5);
    const h = harness();
    h.enhancer.scan([document.documentElement]);
    await h.flush();
    expect(h.loads).toEqual(['one']);
  });

  it('keeps one failing feature from stopping another, and leaves its markup', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    document.body.innerHTML = '<div class="js-one js-two"></div>';
    const h = harness({ failing: ['one'] });
    h.enhancer.scan([document.documentElement]);
    await h.flush();
    expect(h.calls.two.setup).toHaveLength(1);
    const element = document.querySelector('div')!;
    expect(element.getAttribute('data-enhanced')).toBe('two');
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0][0])).toContain('[veneer] one');
    // The listener the failed setup added was removed with its signal.
    element.dispatchEvent(new Event('click'));
    expect(element.hasAttribute('data-leaked')).toBe(false);
  });

  it('tears down everything inside a removed subtree, once', async () => {
    document.body.innerHTML = '<main><div class="js-one"><div class="js-two"></div></div></main>';
    const h = harness();
    h.enhancer.scan([document.documentElement]);
    h.observer.observe(document, { childList: true, subtree: true });
    await h.flush();
    const main = document.querySelector('main')!;
    main.remove();
    await h.flush();
    expect(h.calls.one.teardown).toHaveLength(1);
    expect(h.calls.two.teardown).toHaveLength(1);
    document.body.append(main);
    await h.flush();
    expect(h.calls.one.setup).toHaveLength(2);
    expect(h.calls.two.setup).toHaveLength(2);
  });
});

describe('instance (the wrapper every chunk puts around its setup)', () => {
  it('contains a teardown that throws and still aborts the signal and unmarks', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = document.createElement('div');
    let signal!: AbortSignal;
    const feature = instance<Element>('bad', (_element, context) => {
      signal = context.signal;
      return () => {
        throw new Error('teardown broke');
      };
    });
    const teardown = feature.setup(element, coreContext());
    expect(element.getAttribute('data-enhanced')).toBe('bad');
    expect(() => teardown()).not.toThrow();
    expect(signal.aborted).toBe(true);
    expect((signal.reason as DOMException).name).toBe('AbortError');
    expect(element.hasAttribute('data-enhanced')).toBe(false);
    expect(error).toHaveBeenCalledOnce();
  });

  it('leaves an element unmarked, its listeners removed, when setup returns nothing', () => {
    const element = document.createElement('div');
    let signal!: AbortSignal;
    instance<Element>('refused', (_element, context) => {
      signal = context.signal;
    }).setup(element, coreContext());
    expect(element.hasAttribute('data-enhanced')).toBe(false);
    expect(signal.aborted).toBe(true);
  });

  it('hands the labels it was given to every setup, and marks each feature on the element', () => {
    const element = document.createElement('div');
    const seen: unknown[] = [];
    const labels = { close: 'Close' } as unknown as Labels;
    instance<HTMLElement>('labelled', (_element, context) => (seen.push(context.labels), () => {}), labels).setup(element, coreContext());
    instance<HTMLElement>('plain', (_element, context) => (seen.push(context.labels), () => {})).setup(element, coreContext());
    expect(seen).toEqual([labels, undefined]);
    expect(element.getAttribute('data-enhanced')).toBe('labelled plain');
  });
});
