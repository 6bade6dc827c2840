// Analytics (hook: veneer's own script tag, when it carries data-analytics-id): the page
// view, clicks on [data-track-category][data-track-action], scroll depth (half way, and
// within 100 px of the end, once each per page view), file downloads by extension, and
// every '/analytics/event' on the bus, sent as GA4 hits (the UA-style category / action /
// label / value through one adapter) with navigator.sendBeacon, so that a hit fired by a
// click that leaves the page is still delivered. With a cookie prompt on the page, nothing
// is sent and no cookie is written until the visitor says yes.
import { getCookie, setCookie } from '../../lib/cookie';

import { storedPermission } from '../../lib/consent';

import { validAnalyticsEndpoint, validAnalyticsId } from '../../lib/settings';
import { defineFeature, type Topics, warn } from '../../lib/kit';

type Hit = Topics['/analytics/event'];

const GA4 = 'https://www.google-analytics.com/g/collect';
const COOKIE = 'veneer_cid';
const COOKIE_MS = 31_536_000_000; // one year
const DOWNLOAD = /\.(zip|pdf|docx?|xlsx?|pptx?|txt)$/i;
const SCROLL_CHECK_MS = 250; // the seed's scroll check interval
const END_PX = 100;
// Hits kept while consent is pending, sent if the visitor says yes.
const QUEUE_MAX = 50;
// GA4 drops longer parameter values.
const MAX_VALUE = 100;

// One reporter per page, whatever the number of tags.
let running = false;

defineFeature<HTMLScriptElement>('analytics', (script, { bus, settings, signal }) => {
  // Only the tag the core runs from (the first, when the tag is included twice), or, when that
  // one carries no id, another copy of veneer's tag (the same file) that does: a bare
  // copy that happened to run first (an async one, cached) does not lose the page's analytics.
  // A copy is the same file as the running tag's (its query aside: ?v=2), not merely one from
  // the same folder, where the legacy site's own scripts sit too.
  const data = script.dataset;
  const file = (tag?: HTMLScriptElement) => tag?.src.replace(/[?#].*/, '');
  const copy = settings.data.analyticsId == null && !!script.src && file(script) == file([...document.scripts].find((tag) => tag.dataset == settings.data));
  if ((data != settings.data && !copy) || running) return warn('analytics: not the script tag veneer runs from; ignored', script);
  // CMS templates often pad attribute values.
  const id = data.analyticsId!.trim();
  if (!validAnalyticsId(id)) return warn(`analytics: data-analytics-id "${id}" is not a GA4 id (G-…); nothing is sent`);
  running = true;
  const own = data.analyticsEndpoint!;
  const endpoint = own && validAnalyticsEndpoint(own) ? new URL(own, location.href) : GA4;

  // Any tag, the type trimmed and any case, as the permission feature reads it.
  const asked = [...document.querySelectorAll<HTMLElement>('.js-permission')].some((prompt) => prompt.dataset.permission?.trim().toLowerCase() == 'cookie');
  const answer = storedPermission('cookie');
  // Without a prompt the site asks for no consent; a "no" given on another page still holds.
  let consent = answer == 'yes' || (!asked && answer != 'no');
  let queue: URLSearchParams[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let half = false;
  let end = false;

  // Read (or written) once: each cookie access is a synchronous call to the browser process.
  let cid: string | undefined;
  const clientId = () => {
    cid ||= getCookie(COOKIE);
    if (!/^\d{1,10}\.\d{1,10}$/.test(cid!)) {
      cid = crypto.getRandomValues(new Uint32Array(1))[0] + '.' + Math.floor(Date.now() / 1000);
      setCookie(COOKIE, cid, COOKIE_MS);
    }
    return cid!;
  };

  const beacon = (hit: URLSearchParams) => {
    hit.set('cid', clientId());
    // Added to the endpoint's own query: after a #fragment they would never reach the server.
    const url = new URL(endpoint);
    hit.forEach((value, name) => url.searchParams.append(name, value));
    navigator.sendBeacon(url);
  };

  const send = (name: string, params: Record<string, string> = {}) => {
    const hit = new URLSearchParams({ v: '2', tid: id, en: name, dl: location.origin + location.pathname + location.search, dt: document.title, ...params });
    consent ? beacon(hit) : queue.length < QUEUE_MAX && queue.push(hit);
  };

  // UA-style fields to GA4 (gtag's own mapping): the action names the event.
  const event = ({ category, action, label, value }: Hit) => {
    const params: Record<string, string> = { 'ep.event_category': ('' + category).slice(0, MAX_VALUE) };
    if (label) params['ep.event_label'] = ('' + label).slice(0, MAX_VALUE);
    if (Number.isFinite(value)) params['epn.value'] = '' + value;
    send(('' + action).replace(/\W+/g, '_').replace(/^(?![a-z])/i, 'event_').slice(0, 40), params);
  };

  const onPermission = ({ type, state }: Topics['/permission']) => {
    if (type != 'cookie') return;
    consent = state == 'yes';
    if (consent) queue.forEach(beacon);
    // Still undecided: what waits keeps waiting.
    if (state != 'pending') queue = [];
  };

  const check = () => {
    timer = undefined;
    const seen = scrollY + innerHeight;
    const height = document.documentElement.scrollHeight;
    const depth = (value: number) => event({ category: 'scroll', action: 'scroll', label: value + '%', value });
    if (!half && seen >= height / 2) (half = true), depth(50);
    if (!end && seen >= height - END_PX) (end = true), depth(100);
  };

  addEventListener('scroll', () => half && end || (timer ||= setTimeout(check, SCROLL_CHECK_MS)), { passive: true, signal });

  // Capture: a click another script stops on its way up is still counted.
  document.addEventListener(
    'click',
    (click) => {
      const target = click.target as Element;
      const tracked = target.closest?.('[data-track-category][data-track-action]');
      // An image map's area is a link too (a brochure's pages as areas of one picture).
      const link = target.closest?.<HTMLAnchorElement>('a[href],area[href]');
      if (tracked) {
        const value = tracked.getAttribute('data-track-value');
        event({
          category: tracked.getAttribute('data-track-category')!,
          action: tracked.getAttribute('data-track-action')!,
          label: tracked.getAttribute('data-track-label') || undefined,
          value: value ? +value : undefined,
        });
      }
      if (link && /^https?:$/.test(link.protocol) && DOWNLOAD.test(link.pathname))
        event({ category: 'download', action: 'file_download', label: link.pathname });
    },
    { capture: true, signal },
  );

  bus.on('/analytics/event', event);
  bus.on('/permission', onPermission);
  // In a task of its own: the cookie and the beacon took 30–60 ms of the start-up task at 4× CPU.
  const pageView = setTimeout(() => send('page_view', document.referrer ? { dr: document.referrer } : {}));

  return () => {
    running = false;
    clearTimeout(pageView);
    clearTimeout(timer);
    bus.off('/analytics/event', event);
    bus.off('/permission', onPermission);
  };
});
