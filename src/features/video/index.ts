// Video players (a.js-video): the link becomes a YouTube player in place, through YouTube's
// IFrame Player API (loaded once per page, whoever asks and however fast), so that starting
// one player pauses the others. The link's own href stays the fallback.
import { adoptHiddenRules, createJournal, defineFeature, hasAccessibleName, parseNumber, prefersReducedMotion, saveData, uniqueId, warn } from '../../lib/kit';
import { VIDEO } from '../../lib/labels/en';

const API = 'https://www.youtube.com/iframe_api';
// The privacy-enhanced host: no cookies until the visitor plays.
const EMBED = 'https://www.youtube-nocookie.com/embed/';
const ID = /^[A-Za-z0-9_-]{11}$/;
// YouTube's script may never call back (a page script replaced our callback, a blocked host).
const API_TIMEOUT = 15000;
const PLAYING = 1;

interface Player {
  pauseVideo(): void;
  destroy(): void;
}
type YT = { Player: new (iframe: HTMLIFrameElement, options: object) => Player };
type Window = typeof globalThis & { YT?: Partial<YT>; onYouTubeIframeAPIReady?: unknown };
type Policy = { createScriptURL(url: string): string };

let api: Promise<YT> | undefined;

/** YouTube's API: one script and one promise for the whole page, however many players ask. */
function loadApi(): Promise<YT> {
  return (api ||= new Promise<YT>((resolve, reject) => {
    const w = window as Window;
    // window.YT can exist before YT.Player does (the script still loading): only Player counts.
    if (w.YT?.Player) return resolve(w.YT as YT);
    const before = w.onYouTubeIframeAPIReady;
    // The API calls this global once: the page's own handler, if any, is called too.
    w.onYouTubeIframeAPIReady = () => {
      if (typeof before == 'function') before();
      w.YT?.Player ? resolve(w.YT as YT) : reject(Error('no YT.Player'));
    };
    // Page-wide, shared by every instance: no one instance's signal ends it.
    setTimeout(() => reject(Error('timed out')), API_TIMEOUT);
    const script = document.createElement('script');
    script.onerror = () => reject(Error('not loaded'));
    // Under Trusted Types: a policy that can only ever give YouTube's fixed address. A page
    // whose CSP allows neither it nor the host refuses here (the link then works as a link).
    const policy = (w as { trustedTypes?: { createPolicy(n: string, p: Policy): Policy } }).trustedTypes?.createPolicy(
      'veneer-youtube',
      { createScriptURL: () => API },
    );
    script.src = policy ? policy.createScriptURL(API) : API;
    document.head.append(script);
  }));
}

/**
 * A positive whole number of pixels, or the default. A CMS may print the unit (`560px`, as
 * the iframe's own width attribute and YouTube's player both took it): read without it. A
 * percentage up to 100 (`100%`, a responsive frame) is kept as it is, as they kept it.
 */
const size = (raw: string | undefined, fallback: number): number | string =>
  /^\s*(100|\d\d?)%\s*$/.test(raw!) ? raw!.trim() : parseNumber(raw?.replace(/px\s*$/i, ''), { min: 1, max: 10000, integer: true }) ?? fallback;

// Which instance is publishing /video/playing now: every other one pauses.
let starting: object | undefined;
// The last one clicked: of players clicked while the script loads, only it autoplays.
let latest: object | undefined;

defineFeature<HTMLAnchorElement>('video', (link, { bus, signal, settings, labels }) => {
  const data = link.dataset;
  // CMS templates often pad attribute values.
  const videoId = (data.videoId || '').trim();
  if (!ID.test(videoId)) return warn(`video: data-video-id="${videoId.slice(0, 40)}" is not a YouTube video id; left as a link`, link);

  const j = createJournal();
  const self = {};
  adoptHiddenRules('video', '.js-video');
  let player: Player | undefined;
  let iframe: HTMLIFrameElement | undefined;
  let loading = false;
  // Set when the player failed: the next click is the link's own (it navigates).
  let fallback = false;

  // Every start, a click or the player's own play button: the others pause, and so do rotators.
  const publish = (playerId: string) => {
    starting = self;
    bus.emit('/video/playing', { videoId });
    starting = undefined;
    bus.emit('/video/pauseRotator', { playerId });
  };
  // A player has pauseVideo only once it is ready: called earlier it would throw in the emitter.
  const onPlaying = () => starting !== self && typeof player?.pauseVideo == 'function' && player.pauseVideo();
  bus.on('/video/playing', onPlaying);

  const start = (clicked: boolean) => {
    if (loading || player) return;
    loading = true;
    const playerId = uniqueId('veneer-video');
    if (clicked) (latest = self), publish(playerId);
    loadApi().then(
      (YT) => {
        if (signal.aborted) return;
        // The seed: autoplay only with data-autoplay="true". Of players clicked while the script
        // loads, only the last; on load (data-play-on-load) muted, and not at all for visitors
        // who prefer reduced motion.
        const auto = data.autoplay === 'true' && (clicked ? latest === self : !prefersReducedMotion());
        // The click has published already: its own autoplay start is not a second start.
        let announced = clicked && auto;
        const query = new URLSearchParams({ enablejsapi: '1', rel: '0', playsinline: '1', autoplay: auto ? '1' : '0', origin: location.origin });
        if (!clicked && auto) query.set('mute', '1');
        iframe = document.createElement('iframe');
        iframe.id = playerId;
        iframe.title = data.description || link.querySelector('img')?.alt || link.textContent!.trim() || labels!.videoPlayer;
        const width = size(data.width, 640);
        const height = size(data.height, 360);
        iframe.width = '' + width;
        iframe.height = '' + height;
        // Fullscreen through the allow list alone: with allowfullscreen as well, Chromium warns
        // that allow takes precedence (as for the lightbox's frames).
        iframe.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
        iframe.referrerPolicy = 'strict-origin-when-cross-origin';
        iframe.src = EMBED + videoId + '?' + query;
        link.before(iframe);
        j.set(link, 'hidden', '');
        player = new YT.Player(iframe, {
          width,
          height,
          events: {
            // YouTube's autoplay goes through unstarted and buffering first: only playing counts.
            onStateChange: ({ data }: { data: number }) => data === PLAYING && (announced ? (announced = false) : publish(playerId)),
          },
        });
        if (clicked) iframe.focus();
        // The checklist: a player whose modal closes or whose slide is hidden pauses (no box
        // left: its size drops to 0, in view or not). One merely scrolled out of view plays on.
        const shown = new ResizeObserver(() => iframe!.getClientRects().length || onPlaying());
        shown.observe(iframe);
        // The link moved in one task (the core does nothing): the player goes along (a moved
        // frame reloads), rather than stay behind, or go with the old parent, the link hidden.
        let parent: Node | null;
        const follow = () => (parent = link.parentNode) && moves.observe(parent, { childList: true });
        const moves = new MutationObserver(() => link.parentNode != parent && (link.before(iframe!), follow()));
        follow();
        signal.addEventListener('abort', () => (shown.disconnect(), moves.disconnect()));
      },
      (error: Error) => {
        loading = false;
        if (signal.aborted) return;
        warn(`video: YouTube's player script did not load (${error.message}); following the link. A Content-Security-Policy must allow script-src ${API} and trusted-types veneer-youtube`, link);
        if (clicked) (fallback = true), link.click();
      },
    );
  };

  // Enhanced, the link plays in place: a button (Enter and Space), with the markup's own name.
  j.set(link, 'role', 'button');
  if (!hasAccessibleName(link)) j.set(link, 'aria-label', data.description || labels!.videoPlayer);
  // A link without href (the no-script fallback missing) is out of the tab order and deaf to
  // Enter: a button, then, for the keyboard too.
  const bare = !link.hasAttribute('href');
  if (bare && !link.hasAttribute('tabindex')) j.set(link, 'tabindex', '0');
  link.addEventListener('keydown', (event) => (event.key == ' ' || (bare && event.key == 'Enter')) && (event.preventDefault(), start(true)), { signal });
  // The link's own behaviour for new-tab and new-window clicks, and after a failure.
  link.addEventListener(
    'click',
    (event) => fallback || event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || (event.preventDefault(), start(true)),
    { signal },
  );
  // Save-data mode: the player and YouTube's script load only when the visitor asks. The
  // contract gives data-play-on-load no value (only data-autoplay's is "true"): a flag, so a
  // bare attribute and "true" in any case are on, "false" (or any other word) is off.
  if (/^(true)?$/i.test(data.playOnLoad?.trim() ?? '-') && !saveData(settings)) start(false);

  return () => {
    bus.off('/video/playing', onPlaying);
    player?.destroy();
    iframe?.remove();
    j.restore();
  };
}, VIDEO);
