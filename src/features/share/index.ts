// Social share links (a.js-share): the network's share address opens in a popup of
// data-width × data-height, cut off from this page (no opener, no referrer); when the
// popup would be blocked the link is followed as it is. On a coarse pointer with the Web
// Share API the device's own share sheet is used instead.
import { adoptStyles, createJournal, defineFeature, warn } from '../../lib/kit';
import { SHARE } from '../../lib/labels/en';

// The seed's popup size, and the bounds a data-* value is clamped to.
const SIZE = { width: 550, height: 450 };
const MIN = 200;
const MAX = 2000;
// Left to the browser as ordinary links: they open a mail or phone app, not a page.
const PLAIN = ['mailto:', 'tel:', 'sms:'];
// A name that says so already, in the languages veneer has labels for ("opens in a new window",
// "öffnet in einem neuen Fenster", "ouvre une nouvelle fenêtre", "se abre en una ventana nueva").
const NEW_WINDOW = /new window|neue[mns]? fenster|nouvelle fen[eê]tre|nueva ventana|ventana nueva/i;

const HIDDEN_TEXT =
  '.veneer-visually-hidden{position:absolute!important;width:1px!important;height:1px!important;margin:-1px!important;' +
  'padding:0!important;border:0!important;overflow:hidden!important;clip-path:inset(50%)!important;white-space:nowrap!important}';

const coarse = () => !!globalThis.matchMedia?.('(pointer: coarse)').matches;

function size(link: HTMLElement, key: keyof typeof SIZE): number {
  const raw = link.dataset[key];
  if (raw == null) return SIZE[key];
  // A CMS may print the unit, as window.open's own features took it ("width=600px"): read without it.
  const value = raw.trim() ? Number(raw.replace(/px\s*$/i, '')) : NaN;
  if (Number.isNaN(value)) {
    warn(`share: data-${key}="${raw}" is not a number; using ${SIZE[key]}`, link);
    return SIZE[key];
  }
  const clamped = Math.round(Math.min(MAX, Math.max(MIN, value)));
  if (clamped !== value) warn(`share: data-${key}="${raw}" is outside ${MIN} to ${MAX}; using ${clamped}`, link);
  return clamped;
}

defineFeature<HTMLAnchorElement>('share', (link, { signal, labels }) => {
  const href = link.getAttribute('href');
  let url: URL | undefined;
  try {
    // Without an href (a <button>, an empty one), new URL() would still give an address:
    // ".../null", or this page.
    if (href?.trim()) url = new URL(href, document.baseURI);
  } catch {
    // Not an address: nothing to share.
  }
  if (!url || PLAIN.includes(url.protocol)) return warn(`share: href=${JSON.stringify(href)} is not a share address; left as it is`, link);
  // javascript:, data: and the like would run or show content in this page's name: blocked.
  const safe = url.protocol === 'https:' || url.protocol === 'http:';
  const j = createJournal();
  if (!safe) {
    warn(`share: href=${JSON.stringify(href)} is not an http(s) address; it opens nothing`, link);
    j.set(link, 'aria-disabled', 'true');
  }
  const width = size(link, 'width');
  const height = size(link, 'height');

  // The accessible name says where the link goes, unless the markup says it already.
  let label: HTMLElement | undefined;
  // An icon link named only by its title: a hidden span would become the whole name.
  const name = link.getAttribute('aria-label') || (!link.textContent!.trim() && link.title) || null;
  if (safe && !NEW_WINDOW.test(name ?? link.textContent!)) {
    if (name) j.set(link, 'aria-label', name + ' ' + labels!.shareNewWindow);
    else {
      adoptStyles('visually-hidden', HIDDEN_TEXT);
      label = document.createElement('span');
      label.className = 'veneer-visually-hidden';
      label.textContent = ' ' + labels!.shareNewWindow;
      link.append(label);
    }
  }

  // noopener,noreferrer: the network's page gets neither this window nor this address, and
  // window.open answers null whether or not the popup opened. A popup is blocked without
  // the visitor's activation (the Web Share fallback after the sheet took it): the caller
  // then follows the address itself.
  const popup = () => {
    if (navigator.userActivation?.isActive === false) return false;
    const left = Math.round(screenX + (outerWidth - width) / 2);
    const top = Math.round(screenY + (outerHeight - height) / 2);
    open(url!.href, '_blank', `popup,width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`);
    return true;
  };

  link.addEventListener(
    'click',
    (event) => {
      if (!safe) return event.preventDefault();
      // A modified click (new tab, new window, download) is the visitor's own choice.
      if (event.defaultPrevented || event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      if (navigator.share && coarse()) {
        event.preventDefault();
        // The page being shared: the share address's first http(s) parameter, else this page.
        const shared = [...url!.searchParams.values()].find((value) => /^https?:\/\//i.test(value)) || location.href;
        navigator
          .share({ url: shared, title: document.title })
          .catch((error: DOMException) => error.name === 'AbortError' || signal.aborted || popup() || location.assign(url!.href));
        return;
      }
      // Blocked: the click goes on, and the link opens as it would without script.
      if (popup()) event.preventDefault();
    },
    { signal },
  );

  return () => {
    label?.remove();
    j.restore();
  };
}, SHARE);
