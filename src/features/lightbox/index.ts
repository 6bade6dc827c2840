// Lightbox (a.js-lightbox, div.js-lightbox-gallery, div.js-video-gallery): Magnific Popup
// 1.2.0's behaviour, defaults and labels, in a real modal <dialog> rendered with React's API
// from the shared ui runtime. One popup per page at a time (module state, shared by every
// instance). States: closed; open: loading (aria-busy, is-busy), ready, error (has-error);
// closing (is-open gone, for the zoom or the removal delay); closed.
import { guardFrames, lockScroll } from '../../lib/dialog';

import { safeFragment } from '../../lib/sanitize';
import { allowedHttpsUrl } from '../../lib/url';

import { loadUI, type UI } from '../../lib/ui';
import { adoptStyles, defineFeature, format, fragmentId, inlineStep, owned, prefersReducedMotion, saveData, warn } from '../../lib/kit';
import { LIGHTBOX } from '../../lib/labels/en';

// The page's labels (one set per page), from the first set-up.
let L: typeof LIGHTBOX;

const GALLERY = '.js-lightbox-gallery';
const VIDEOS = '.js-video-gallery';
// Framed only from these hosts, over https, compared exactly (lib/url: no port, no credentials).
const HOSTS = ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'];
// The legacy's (Magnific Popup's) check of an image's size, which makes it ready before the
// whole file has come: checks 1 to 3 a millisecond apart, then 10 ms to the 40th, 50 ms to the
// 100th, 500 ms to the 200th, the last.
const SIZE_CHECKS = 200;
const sizeCheckDelay = (done: number) => (done < 3 ? 1 : done < 40 ? 10 : done < 100 ? 50 : 500);
// The legacy's load retry, every 100 ms up to 200 times: an image neither loaded nor sized by
// then is an error.
const IMAGE_TIMEOUT_MS = 100 * 200;
// The legacy's zoom, off by default: 300 ms, ease-in-out.
const ZOOM_MS = 300;
// Images preloaded [before, after] the current one, in the direction of travel: the site's
// galleries' setting (the legacy default, [0, 2], would only apply to image galleries of
// other markup, and the contract has none: a video gallery's iframes are never preloaded).
const PRELOAD = [0, 1];
// Save-data mode preloads nothing (set at set-up, from the script tag and the browser).
let thrifty = false;
const HTTP = /^https?:$/;
// A modifier belongs to the browser's and assistive technology's shortcuts.
const modified = (event: MouseEvent | KeyboardEvent) => event.altKey || event.ctrlKey || event.metaKey || event.shiftKey;

interface Options {
  zoom: boolean;
  /** The removal delay (ms): how long the closing state lasts, for the site's CSS. */
  delay: number;
}

interface Item {
  type: string;
  /** The checked address; for inline, the target's id. */
  src: string;
  title: string;
  link: HTMLAnchorElement;
}

interface Popup {
  owner: Element;
  trigger: HTMLElement;
  items: Item[];
  index: number;
  o: Options;
  root: HTMLElement;
  release(): void;
  x: number;
  y: number;
}

const CSS =
  '.veneer-lightbox{all:unset;position:fixed;inset:0;display:grid;place-items:center;padding:3.5rem 3rem;background:#111e;color:#fff;text-align:center;overflow:auto}' +
  '.veneer-lightbox [hidden]{display:none!important}' +
  // Its own text stays light over the site's p{color:#333} or figcaption{color:#666}.
  '.veneer-lightbox>div>p,.veneer-lightbox>div>*>figcaption{color:#fff}' +
  // Room kept for the caption and counter, but never below 60 % of a short viewport (at 400 %
  // zoom, 256 px high, the image was 80 px): the popup scrolls then.
  '.veneer-lightbox img,.veneer-lightbox iframe{display:block;max-width:100%;max-height:max(100vh - 11rem,60vh);margin:auto}' +
  // The popup's own image and video (not what inline or ajax content brings: a form's captcha
  // frame keeps its size): widths !important, as a responsive theme's iframe{width:100%!important}
  // made the video 100% of a box that shrinks to fit it, the iframe's default 300 px, and a
  // max-width:50%!important halved them. A site restyles them with a more specific !important rule.
  '.veneer-lightbox>div>figure>img,.veneer-lightbox>div>iframe{max-width:100%!important}' +
  '.veneer-lightbox>div>iframe{width:56rem!important;aspect-ratio:16/9;border:0}' +
  '.veneer-lightbox__html{max-width:40rem;padding:1.5rem;background:#fff;color:#222;text-align:start}' +
  // Its own buttons only (children of the dialog): the buttons of inline or ajax content (a
  // carousel's, an expand trigger, a form's submit) were all pinned at the same place.
  '.veneer-lightbox>button{all:unset;position:fixed;top:45%;padding:0 .5rem;font-size:2.5rem;cursor:pointer}' +
  '.veneer-lightbox>button:focus-visible{outline:2px solid}button.veneer-lightbox__close{top:.5rem;inset-inline-end:.5rem}' +
  'button.veneer-lightbox__prev{inset-inline-start:.5rem}button.veneer-lightbox__next{inset-inline-end:.5rem}' +
  // Forced colours keep a background's alpha: the ground was a 93 % Canvas, the page's text
  // showing through around the popup and under its caption. Opaque there.
  '@media(forced-colors:active){.veneer-lightbox{background:Canvas}}';

let ui: UI;
let current: Popup | undefined;
let loading = false;

/**
 * Magnific Popup's iframe patterns: a YouTube or Vimeo page refuses to be framed, its player
 * does not, so a watch address opens the player (autoplay, as the visitor clicked).
 */
function embed(url: URL): URL {
  // An embed code written for http or without a scheme (//www.youtube.com/embed/…, as older
  // embed codes were) is framed over https, on an http page too.
  if (HOSTS.includes(url.hostname)) url.protocol = 'https:';
  const host = url.host.replace(/^(www|m)\./, '');
  const id =
    host == 'youtube.com' && url.pathname == '/watch' ? url.searchParams.get('v') : host == 'youtu.be' ? url.pathname.slice(1) : '';
  // A start time in whole seconds (t=90 or t=90s) is kept.
  const start = /^\d+s?$/.test(url.searchParams.get('t') || '') ? '&start=' + parseInt(url.searchParams.get('t')!) : '';
  if (/^[\w-]{11}$/.test(id!)) return new URL(`https://www.youtube.com/embed/${id}?autoplay=1${start}`);
  if (host == 'vimeo.com' && /^\/\d+$/.test(url.pathname)) return new URL(`https://player.vimeo.com/video${url.pathname}?autoplay=1`);
  return url;
}

/** The item a link opens, or nothing when its address may not be shown. */
function itemOf(link: HTMLAnchorElement, video: boolean): Item | undefined {
  const type = video ? 'iframe' : link.dataset.lightboxType || 'image';
  const raw = (video ? link.dataset.embed : link.getAttribute('href')) || '';
  const title = link.title;
  if (type == 'inline') return { type, src: fragmentId(raw), title, link };
  let url: URL;
  try {
    // Against the document's base, as the browser reads the link (a <base href> page's relative links).
    url = new URL(raw || '?', document.baseURI);
    if (type == 'iframe') url = embed(url);
  } catch {
    return;
  }
  // A page of this site may be framed as well as the video hosts' players.
  const same = url.origin == location.origin;
  if (
    raw &&
    HTTP.test(url.protocol) &&
    (type == 'image' || (type == 'ajax' ? same : type == 'iframe' && (same || allowedHttpsUrl(url.href, HOSTS))))
  )
    return { type, src: url.href, title, link };
}

// A thumbnail link (no text) is named by its own aria-label or its image's alt, not its address.
const name = ({ title, link, src }: Item) => title || link.ariaLabel?.trim() || link.textContent!.trim() || link.querySelector('img')?.alt || src;

/** Ends popup `p` at once: content back in its place, page unlocked, focus and scroll as before. */
function finish(p: Popup) {
  if (current != p) return;
  current = undefined;
  ui.render(null, p.root);
  p.root.remove();
  p.release();
  p.trigger.focus({ preventScroll: true });
  // Where it already is, this does nothing.
  scrollTo({ left: p.x, top: p.y, behavior: 'instant' as ScrollBehavior });
}

function Content({ item, report, hidden }: { item: Item; report(status: string): void; hidden: boolean }) {
  const { html, useRef, useLayoutEffect } = ui;
  const ref = useRef<HTMLImageElement>(null);
  const { type, src, link } = item;
  // A layout effect: it has run, and so its clean-up will, however soon the popup closes (a
  // popup closed before an effect ran would keep its image loading, and the page's block alive).
  useLayoutEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    const box = ref.current!;
    const done = (status: string) => signal.aborted || (abort.abort(), report(status));
    let undo = () => {};
    if (type == 'image') {
      // Ready once the size is known (before the whole image has arrived), as the legacy did.
      let checks = 0;
      const check = () => (box.naturalWidth ? done('ready') : ++checks < SIZE_CHECKS && (timer = setTimeout(check, sizeCheckDelay(checks))));
      let timer = setTimeout(check, sizeCheckDelay(0));
      const late = setTimeout(done, IMAGE_TIMEOUT_MS, 'error');
      signal.addEventListener('abort', () => (clearTimeout(timer), clearTimeout(late)));
      box.addEventListener('load', () => done('ready'), { signal });
      box.addEventListener('error', () => done('error'), { signal });
      // A pending image keeps its element, and with it the closed popup and the page's
      // removed block, alive until its request ends: one that never ends, for good.
      undo = () => box.removeAttribute('src');
    } else if (type == 'ajax')
      fetch(src, { signal })
        .then(async (response) => {
          if (!response.ok || !/html/.test(response.headers.get('content-type')!)) throw 0;
          const fragment = await safeFragment(await response.text());
          signal.aborted || (box.replaceChildren(fragment), done('ready'));
        })
        .catch(() => done('error'));
    else if (type == 'inline') {
      const target = document.getElementById(src);
      // An ancestor of the link, or of the popup, cannot move into the popup.
      if (!target || target.contains(link) || target.contains(box)) done('error');
      else {
        const mark = new Text();
        const hidden = target.hidden;
        target.replaceWith(mark);
        box.append(target);
        target.hidden = false;
        undo = () => {
          target.hidden = hidden;
          mark.parentNode ? mark.replaceWith(target) : target.remove();
        };
        done('ready');
      }
    } else done('ready');
    return () => (abort.abort(), undo());
  }, []);
  return type == 'image'
    ? html`<figure hidden=${hidden}><img ref=${ref} src=${src} alt=${link.querySelector('img')?.alt || ''}/>${item.title && html`<figcaption>${item.title}</figcaption>`}</figure>`
    : type == 'iframe'
      ? html`<iframe ref=${ref} src=${src} title=${name(item)} referrerpolicy="strict-origin-when-cross-origin" allow="autoplay; encrypted-media; picture-in-picture; fullscreen"/>`
      : html`<div ref=${ref} class="veneer-lightbox__html" hidden=${hidden}/>`;
}

function Lightbox({ p }: { p: Popup }) {
  const { html, useState, useRef, useLayoutEffect, useEffect } = ui;
  const { items, o } = p;
  const count = items.length;
  const [index, setIndex] = useState(p.index);
  const [status, setStatus] = useState('loading');
  const [closing, setClosing] = useState(false);
  const box = useRef<HTMLDialogElement>(null);
  // down: the press began on the background (a press on the content that ends there, as in
  // selecting the caption's text, clicks the dialog too).
  const state = useRef({ back: false, zoom: o.zoom, down: false }).current;
  const item = items[index];
  const zoom = (out?: boolean) =>
    box.current!.querySelector('img')?.animate({ scale: [0.5, 1], opacity: [0, 1] }, { duration: ZOOM_MS, easing: 'ease-in-out', direction: out ? 'reverse' : undefined, fill: 'both' });

  const controls = () => [...box.current!.querySelectorAll<HTMLElement>('a[href],button,input,select,textarea,iframe,audio[controls],video[controls],[tabindex]')].filter((element) => element.tabIndex >= 0);

  // Focus moves to the close button (autofocus).
  useLayoutEffect(() => box.current!.showModal(), []);

  useEffect(() => {
    const abort = new AbortController();
    guardFrames(box.current!, controls, abort.signal);
    return () => abort.abort();
  }, []);

  useLayoutEffect(() => {
    if (status == 'ready' && state.zoom && !prefersReducedMotion()) (state.zoom = false), zoom();
  }, [status]);

  useEffect(() => {
    const [before, after] = thrifty ? [0, 0] : state.back ? [...PRELOAD].reverse() : PRELOAD;
    for (let step = -before; step <= after; step++) {
      const { type, src } = items[(index + step + count * 9) % count];
      // Already loaded ones come from the browser's cache.
      if (type == 'image' && src != item.src) new Image().src = src;
    }
  }, [index]);

  const go = (to: number) => {
    const next = (to + count) % count;
    if (closing || next == index) return;
    state.back = to < index;
    state.zoom = false;
    // Focus in the content that goes (a control of inline or ajax content, arrow keys pressed
    // on it) would fall to the body: it goes to the close button, as at opening.
    const dialog = box.current!;
    dialog.firstElementChild!.contains(document.activeElement) && (dialog.lastElementChild as HTMLElement).focus();
    setIndex(next);
    setStatus('loading');
  };

  const close = () => {
    if (closing) return;
    setClosing(true);
    const reduced = prefersReducedMotion();
    const zoomed = o.zoom && !reduced && status == 'ready' && zoom(true);
    const delay = reduced ? 0 : Math.max(o.delay, zoomed ? ZOOM_MS : 0);
    delay ? setTimeout(() => finish(p), delay) : finish(p);
  };

  const key = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    const { key } = event;
    if (key == 'Tab') {
      // Tab cycles inside: from the last control to the first, Shift+Tab the other way.
      const all = controls();
      const first = all[0];
      const last = all[all.length - 1];
      if (event.shiftKey ? target == first || target == box.current : target == last) event.preventDefault(), (event.shiftKey ? last : first).focus();
      return;
    }
    const step = inlineStep(box.current!);
    const to = ({ Home: 0, End: count - 1, ArrowLeft: index - step, ArrowRight: index + step } as Record<string, number>)[key];
    // Not while typing, nor with a modifier.
    if (to == null || count < 2 || modified(event) || target.isContentEditable || /^(input|textarea|select)$/.test(target.localName))
      return;
    event.preventDefault();
    go(to);
  };

  const message =
    status == 'loading'
      ? L.lightboxLoading
      : status == 'error'
        ? format(({ image: L.lightboxImageError, ajax: L.lightboxAjaxError } as Record<string, string>)[item.type] || L.lightboxNotFound, { url: item.src })
        : '';
  // Right to left the arrow keys are swapped (key, above): the arrows name the key that does it.
  const rtl = inlineStep(p.root) < 0;
  const button = (type: string, label: string, glyph: string, click: () => void) =>
    html`<button type="button" class=${'veneer-lightbox__' + type} title=${label} aria-label=${label} autofocus=${type == 'close'} onClick=${click}>${glyph}</button>`;

  // The counter takes its direction from its own text (dir="auto"): "1 of 3" stays in that
  // order on a right-to-left page, and a right-to-left label reads right to left.
  return html`<dialog ref=${box} aria-modal="true" aria-label=${name(item)} aria-busy=${status == 'loading'}
class=${'veneer-lightbox' + (closing ? '' : ' is-open') + (status == 'loading' ? ' is-busy' : status == 'error' ? ' has-error' : '')}
onCancel=${(event: Event) => (event.preventDefault(), close())} onKeyDown=${key}
onPointerDown=${(event: Event) => (state.down = event.target == box.current)} onClick=${(event: Event) => state.down && event.target == box.current && close()}>
<div><p class="veneer-lightbox__status" role="status">${message}</p>
<${Content} key=${index} item=${item} report=${setStatus} hidden=${status != 'ready'}/>
<p aria-live="polite" dir="auto" hidden=${count < 2}>${format(L.lightboxCounter, { curr: index + 1, total: count })}</p></div>
${count > 1 && [button('prev', rtl ? L.lightboxPreviousRtl : L.lightboxPrevious, '\u2039', () => go(index - 1)), button('next', rtl ? L.lightboxNextRtl : L.lightboxNext, '\u203a', () => go(index + 1))]}
${button('close', L.lightboxClose, '\u00d7', close)}</dialog>`;
}

async function open(owner: Element, items: Item[], index: number, o: Options, signal: AbortSignal) {
  const link = items[index].link;
  // One popup at a time: another click (a script behind the modal, a quick second click) is ignored.
  if (loading || current) return;
  loading = true;
  try {
    ui ||= await loadUI();
  } catch (error) {
    // Without the runtime the link does what it did without script.
    warn('lightbox: no ui runtime', error);
    return HTTP.test(link.protocol) && location.assign(link.href);
  } finally {
    loading = false;
  }
  if (signal.aborted) return;
  adoptStyles('lightbox', CSS);
  const p = (current = { owner, trigger: link, items, index, o, root: document.body.appendChild(document.createElement('div')), x: scrollX, y: scrollY, release: lockScroll() });
  ui.render(ui.html`<${Lightbox} p=${p}/>`, p.root);
}

defineFeature<HTMLElement>(
  'lightbox',
  (element, { signal, settings, labels }) => {
    const { lightboxZoom: zoom, lightboxRemovalDelay: delay } = element.dataset;
    const options: Options = { zoom: zoom == '' || zoom == 'true', delay: Math.max(0, +delay! || 0) };
    thrifty = saveData(settings);
    L = labels!;
    const gallery = element.matches(GALLERY) ? GALLERY : element.matches(VIDEOS) ? VIDEOS : '';
    // A link of a gallery is one of the gallery's items: the gallery handles its clicks.
    if (!gallery && element.parentElement?.closest(GALLERY)) return;
    const video = gallery == VIDEOS;
    element.addEventListener(
      'click',
      (event) => {
        // Another script took the click (Magnific Popup, still bound during a migration, opened
        // its own popup): one popup, not two.
        if (event.defaultPrevented) return;
        // A video thumbnail is named by its data-embed: a button works as well as a link.
        const link = (event.target as Element).closest(video ? '.js-video-thumb' : 'a') as HTMLAnchorElement;
        const all = gallery ? owned<HTMLAnchorElement>(element, video ? '.js-video-thumb' : 'a', gallery) : [element as HTMLAnchorElement];
        const entries = all.map((each) => itemOf(each, video));
        if (!all.includes(link)) return;
        const item = entries[all.indexOf(link)];
        if (!item) warn('lightbox: refused ' + (video ? link.dataset.embed : link.getAttribute('href')), link);
        // A modified click opens the link elsewhere, and a link inside the open popup is
        // followed, as without script; a script or data address never is.
        if (!item || event.button || modified(event) || current?.root.contains(link))
          return HTTP.test(link.protocol) || event.preventDefault();
        event.preventDefault();
        const items = entries.filter((each) => each) as Item[];
        open(element, items, items.indexOf(item), options, signal);
      },
      { signal },
    );
    return () => current?.owner == element && finish(current);
  },
  LIGHTBOX,
);
