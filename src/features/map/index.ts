// Map (div.js-map): an OpenStreetMap embed (no key, no cookies) framed over the static
// fallback, only once the map comes near the viewport or the visitor asks for it with the
// button; never before. The fallback stays until the map has loaded, and for good if it fails.
import { storedPermission } from '../../lib/consent';
import { numbered } from '../../lib/numbered';
import { adoptStyles, createJournal, defineFeature, parseNumber, saveData, type Topics, warn } from '../../lib/kit';
import { MAP } from '../../lib/labels/en';

const EMBED = 'https://www.openstreetmap.org/export/embed.html';
const ZOOM = 15;
const MAX_ZOOM = 19;
const TIMEOUT = 15000;
// Zero-specificity rules, so the site's own CSS wins; the frame and the button lie over the
// fallback's box, so nothing moves when they come or go. The button is 24 px high at least: a
// touch target (WCAG 2.5.8) over the fallback link, 21.7 px in a 13 px text without it.
const CSS =
  ':where(.js-map){position:relative}' +
  ':where(.js-map>.veneer-map){position:absolute;inset:0;width:100%;height:100%;border:0}' +
  '.js-map>.veneer-map:not(.is-visible){visibility:hidden}' +
  ':where(.veneer-map-load){position:absolute;z-index:1;top:.5rem;right:.5rem;font:inherit;font-size:.875em;padding:.25em .75em;min-height:24px;cursor:pointer}' +
  // Forced colours drop a box-shadow focus ring (the site's): an outline then.
  '@media(forced-colors:active){.veneer-map-load:focus-visible{outline:2px solid}}';

/** The bounding box (west,south,east,north) a `zoom` view of `width`×`height` px shows around the point. */
export function bbox(lat: number, lng: number, zoom: number, width: number, height: number): string {
  // 256 px tiles: 360° across 2^zoom tiles; north-south shrinks with cos(latitude).
  const dx = (360 / 2 ** zoom) * (width / 256) / 2;
  const dy = dx * (height / width) * Math.cos((lat * Math.PI) / 180);
  const clamp = (value: number, max: number) => Math.max(-max, Math.min(max, value)).toFixed(5);
  return [clamp(lng - dx, 180), clamp(lat - dy, 90), clamp(lng + dx, 180), clamp(lat + dy, 90)].join();
}

defineFeature<HTMLElement>('map', (element, { bus, signal, settings, labels }) => {
  const data = element.dataset;
  const lat = parseNumber(data.lat, { min: -90, max: 90 });
  const lng = parseNumber(data.lng, { min: -180, max: 180 });
  if (lat == null || lng == null)
    return warn(`map: data-lat="${data.lat}" data-lng="${data.lng}" is not a place (latitude -90 to 90, longitude -180 to 180); the static map stays`, element);
  // Any number is a zoom: clamped to what the map shows; anything else is the default.
  const number = parseNumber(data.zoom);
  const zoom = number == null ? ZOOM : Math.round(Math.max(0, Math.min(MAX_ZOOM, number)));
  if (data.zoom != null && number !== zoom) warn(`map: data-zoom="${data.zoom}" is not a zoom from 0 to ${MAX_ZOOM}; using ${zoom}`, element);

  const j = createJournal();
  adoptStyles('map', CSS);
  const fallback = [...element.children];
  let iframe: HTMLIFrameElement | undefined;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'veneer-map-load';
  button.textContent = labels!.mapLoad;

  const load = () => {
    if (iframe) return;
    observer.disconnect();
    const { width, height } = element.getBoundingClientRect();
    const url = new URL(EMBED);
    url.search = new URLSearchParams({
      bbox: bbox(lat, lng, zoom, width || 800, height || 450),
      layer: 'mapnik',
      marker: `${lat},${lng}`,
    }) as unknown as string;
    iframe = document.createElement('iframe');
    iframe.className = 'veneer-map';
    // As text: setAttribute never parses markup. Frames' titles differ (axe frame-title-unique):
    // a second "Map" is "Map (2)", as a second scrolling table's name.
    iframe.title = numbered(data.title || labels!.mapTitle, (title) => [...document.querySelectorAll('iframe')].some((frame) => frame.title == title));
    iframe.referrerPolicy = 'strict-origin-when-cross-origin';
    j.set(element, 'aria-busy', 'true');
    j.flag(element, 'is-busy', true);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      j.set(element, 'aria-busy', null);
      j.flag(element, 'is-busy', false);
      j.flag(element, 'has-error', !ok);
      if (ok) {
        iframe!.classList.add('is-visible');
        j.flag(element, 'is-visible', true);
        // Under the map now: out of the tab order and the accessibility tree.
        fallback.forEach((child) => j.set(child, 'inert', ''));
        if (button.contains(document.activeElement)) iframe!.focus();
        button.remove();
      } else {
        warn('map: the map did not load; the static map stays', element);
        iframe!.remove();
        // The button stays and asks again.
        iframe = undefined;
      }
    };
    // A frame's own failures are not reported to the page: only the time-out tells.
    const timer = setTimeout(done, TIMEOUT, false);
    iframe.addEventListener('load', () => done(true), { signal, once: true });
    iframe.addEventListener('error', () => done(false), { signal, once: true });
    iframe.src = url.href;
    element.append(iframe);
    signal.addEventListener('abort', () => clearTimeout(timer));
  };

  // Near the viewport (the frame then has its 200 px head start); not when the visitor has
  // said no to third-party cookies: then only the button loads it.
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), { rootMargin: '200px' });
  // Save-data mode, or a visitor who said no to cookies: the map loads only on request.
  if (storedPermission('cookie') !== 'no' && !saveData(settings)) observer.observe(element);
  // A no given on this page view holds from then on, as a stored one does.
  const onPermission = ({ type, state }: Topics['/permission']) => type == 'cookie' && state == 'no' && observer.disconnect();
  bus.on('/permission', onPermission);
  button.addEventListener('click', load, { signal });
  element.append(button);

  return () => {
    bus.off('/permission', onPermission);
    observer.disconnect();
    iframe?.remove();
    button.remove();
    j.restore();
  };
}, MAP);
