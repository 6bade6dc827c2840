// Offline stand-ins for the third-party services veneer talks to, so browser tests never
// leave the machine:
//   /__stubs/youtube/iframe_api      JS stand-in of the YouTube IFrame Player API
//   /__stubs/youtube/embed/<id>      the page its players frame
//   /__stubs/analytics/collect       records hits (GET /__analytics lists, DELETE clears)
//   /__stubs/map/embed?lat=&lng=&zoom=
//   /__stubs/hubspot/embed.js        JS stand-in of HubSpot's form embed (v2)
//   /__stubs/marketo/forms2.js       JS stand-in of Marketo's Forms 2.0 API (?delay=<ms>)
// A page served with ?__stubs=hubspot,marketo gets the form stand-ins' script tags at the
// end of its body (captured pages keep the site's own third-party scripts out).
import type { IncomingMessage } from 'node:http';
import { Recorder, empty, entriesToObject, esc, html, page, readBody, type Reply } from './http';

export interface AnalyticsHit {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  contentType: string;
  body: string;
  time: string;
}

/**
 * Like the real script, it defines window.YT asynchronously and then calls
 * window.onYouTubeIframeAPIReady (each time the script runs, as the real one does).
 * new YT.Player(elementOrId, { width, height, videoId, playerVars, events }) replaces the
 * element with an iframe on /__stubs/youtube/embed/<videoId>. Every player is kept in
 * window.__ytStub.players and every call in window.__ytStub.calls for tests.
 */
export const YOUTUBE_IFRAME_API_JS = `/* veneer harness: offline stand-in of the YouTube IFrame Player API */
(function () {
  'use strict';
  var PlayerState = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 };
  var stub = window.__ytStub || (window.__ytStub = { players: [], calls: [], loads: 0 });
  stub.loads++;

  function Player(target, options) {
    options = options || {};
    var element = typeof target === 'string' ? document.getElementById(target) : target;
    if (!element) throw new Error('YT.Player: no element ' + target);
    var vars = options.playerVars || {};
    var params = [];
    for (var key in vars) if (Object.prototype.hasOwnProperty.call(vars, key)) {
      params.push(encodeURIComponent(key) + '=' + encodeURIComponent(String(vars[key])));
    }
    var videoId = String(options.videoId || '');
    var iframe;
    if (element.tagName === 'IFRAME') {
      iframe = element;
    } else {
      iframe = document.createElement('iframe');
      if (element.id) iframe.id = element.id;
      iframe.setAttribute('frameborder', '0');
      iframe.setAttribute('allow', 'autoplay; encrypted-media; picture-in-picture');
      iframe.setAttribute('allowfullscreen', '');
      iframe.title = options.title || 'YouTube video player';
      iframe.src = '/__stubs/youtube/embed/' + encodeURIComponent(videoId) + (params.length ? '?' + params.join('&') : '');
      element.parentNode && element.parentNode.replaceChild(iframe, element);
    }
    iframe.width = String(options.width == null ? 640 : options.width);
    iframe.height = String(options.height == null ? 390 : options.height);
    this._iframe = iframe;
    this._events = options.events || {};
    this._state = PlayerState.UNSTARTED;
    this._videoId = videoId;
    this._time = 0;
    this._muted = false;
    this._volume = 100;
    this._destroyed = false;
    stub.players.push(this);
    var self = this;
    setTimeout(function () {
      if (self._destroyed) return;
      // As YouTube's player: the playback methods exist only once it is ready.
      for (var name in playback) self[name] = playback[name];
      self._fire('onReady');
      if (String(vars.autoplay) === '1') self.playVideo();
    }, 0);
  }

  var playback = {};
  Player.prototype._fire = function (name, data) {
    var handler = this._events[name];
    if (typeof handler === 'function') handler({ target: this, data: data });
  };
  Player.prototype._record = function (method) {
    stub.calls.push({ method: method, videoId: this._videoId, playerId: this._iframe && this._iframe.id });
  };
  Player.prototype._setState = function (state) {
    if (this._destroyed || this._state === state) return;
    this._state = state;
    this._fire('onStateChange', state);
  };
  playback.playVideo = function () { this._record('playVideo'); this._setState(PlayerState.PLAYING); };
  playback.pauseVideo = function () { this._record('pauseVideo'); this._setState(PlayerState.PAUSED); };
  playback.stopVideo = function () { this._record('stopVideo'); this._time = 0; this._setState(PlayerState.CUED); };
  playback.getPlayerState = function () { return this._state; };
  playback.getCurrentTime = function () { return this._time; };
  playback.getDuration = function () { return 120; };
  playback.seekTo = function (seconds) { this._record('seekTo'); this._time = Number(seconds) || 0; };
  playback.mute = function () { this._muted = true; };
  playback.unMute = function () { this._muted = false; };
  playback.isMuted = function () { return this._muted; };
  playback.setVolume = function (v) { this._volume = Number(v); };
  playback.getVolume = function () { return this._volume; };
  Player.prototype.setSize = function (w, h) { this._iframe.width = String(w); this._iframe.height = String(h); return this; };
  Player.prototype.getIframe = function () { return this._iframe; };
  Player.prototype.getVideoUrl = function () { return 'https://www.youtube.com/watch?v=' + encodeURIComponent(this._videoId); };
  Player.prototype.getVideoData = function () { return { video_id: this._videoId, title: '', author: '' }; };
  playback.loadVideoById = function (id) {
    this._record('loadVideoById');
    this._videoId = String(typeof id === 'object' && id ? id.videoId : id);
    this._setState(PlayerState.PLAYING);
  };
  playback.cueVideoById = function (id) {
    this._record('cueVideoById');
    this._videoId = String(typeof id === 'object' && id ? id.videoId : id);
    this._setState(PlayerState.CUED);
  };
  Player.prototype.addEventListener = function (name, fn) { this._events[name] = fn; };
  Player.prototype.removeEventListener = function (name) { delete this._events[name]; };
  Player.prototype.destroy = function () {
    this._record('destroy');
    this._destroyed = true;
    if (this._iframe && this._iframe.parentNode) this._iframe.parentNode.removeChild(this._iframe);
    var i = stub.players.indexOf(this);
    if (i >= 0) stub.players.splice(i, 1);
  };

  setTimeout(function () {
    if (!window.YT || !window.YT.Player) {
      window.YT = { Player: Player, PlayerState: PlayerState, loaded: 1 };
    }
    if (typeof window.onYouTubeIframeAPIReady === 'function') window.onYouTubeIframeAPIReady();
  }, 0);
})();
`;

export function youtubeApi(): Reply {
  return { status: 200, headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }, body: YOUTUBE_IFRAME_API_JS };
}

export function youtubeEmbed(videoId: string, query: URLSearchParams): Reply {
  const params = [...query.entries()].map(([k, v]) => `<li><code>${esc(k)}=${esc(v)}</code></li>`).join('');
  return html(
    200,
    page(`Video ${videoId}`, `<main class="yt-stub" data-video-id="${esc(videoId)}">\n<p>Stand-in video <strong>${esc(videoId)}</strong></p>\n<ul>${params}</ul>\n</main>`),
  );
}

export function mapEmbed(query: URLSearchParams): Reply {
  const lat = query.get('lat') ?? '';
  const lng = query.get('lng') ?? '';
  const zoom = query.get('zoom') ?? '';
  return html(
    200,
    page('Map', `<main class="map-stub" data-lat="${esc(lat)}" data-lng="${esc(lng)}" data-zoom="${esc(zoom)}">\n<p>Stand-in map at ${esc(lat)}, ${esc(lng)} (zoom ${esc(zoom)})</p>\n</main>`),
  );
}

export async function analyticsCollect(
  req: IncomingMessage,
  method: string,
  requestPath: string,
  query: URLSearchParams,
  hits: Recorder<AnalyticsHit>,
): Promise<Reply> {
  const body = method === 'POST' ? (await readBody(req, 1024 * 1024)).toString('utf8') : '';
  hits.add({
    method,
    path: requestPath,
    query: entriesToObject(query.entries()),
    contentType: String(req.headers['content-type'] ?? ''),
    body,
    time: new Date().toISOString(),
  });
  return empty(204, { 'Cache-Control': 'no-store' });
}

/**
 * HubSpot's v2 embed, offline: window.hbspt.forms.create({ formId, target }) renders a small
 * form into `target` (a selector), or wires the form already on the page
 * (form#hsForm_<formId>). Loaded, it wires every form#hsForm_… of the page by itself (a page
 * under a strict CSP cannot run the inline create() call). A submit is cancelled and posted
 * with fetch to /forms/hubspot; then, like the real embed, it replaces the form with its
 * thank-you text and posts the window messages {type: 'hsFormCallback', eventName, id} for
 * onFormSubmit and onFormSubmitted (onFormReady when wired). DOM built without innerHTML
 * (Trusted Types).
 */
export const HUBSPOT_EMBED_JS = `/* veneer harness: offline stand-in of HubSpot's form embed (v2) */
(function () {
  'use strict';
  var stub = window.__hsStub || (window.__hsStub = { loads: 0, posts: 0 });
  stub.loads++;
  function say(eventName, id, data) {
    window.postMessage({ type: 'hsFormCallback', eventName: eventName, id: id, data: data || {} }, '*');
  }
  function wire(form, id) {
    if (form.__hsStub) return;
    form.__hsStub = true;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var body = new FormData(form);
      var values = [];
      body.forEach(function (value, name) { if (typeof value === 'string') values.push({ name: name, value: value }); });
      say('onFormSubmit', id, values);
      fetch('/forms/hubspot', { method: 'POST', body: body }).then(function (response) {
        if (!response.ok) return;
        stub.posts++;
        var thanks = document.createElement('div');
        thanks.className = 'submitted-message';
        thanks.textContent = 'Thanks for submitting the form.';
        form.replaceWith(thanks);
        say('onFormSubmitted', id, { submissionValues: values });
      });
    });
    say('onFormReady', id);
  }
  function create(options) {
    var id = String(options.formId);
    var form = document.getElementById('hsForm_' + id);
    if (!form) {
      var target = document.querySelector(options.target);
      if (!target) throw new Error('hbspt.forms.create: no target ' + options.target);
      var wrap = document.createElement('div');
      wrap.className = 'hbspt-form';
      wrap.id = 'hbspt-form-' + id;
      form = document.createElement('form');
      form.id = 'hsForm_' + id;
      form.className = 'hs-form';
      var label = document.createElement('label');
      label.textContent = 'Email';
      var input = document.createElement('input');
      input.type = 'email';
      input.name = 'email';
      input.className = 'hs-input';
      label.append(input);
      var button = document.createElement('input');
      button.type = 'submit';
      button.className = 'hs-button';
      button.value = 'Submit';
      form.append(label, button);
      wrap.append(form);
      target.append(wrap);
    }
    wire(form, id);
  }
  window.hbspt = { forms: { create: create } };
  document.querySelectorAll('form[id^="hsForm_"]').forEach(function (form) { create({ formId: form.id.slice(7) }); });
})();
`;

/**
 * Marketo's Forms 2.0 API, offline: MktoForms2.loadForm(base, munchkinId, formId, callback)
 * takes over form#mktoForm_<formId> (adding an email field and a button when it is empty);
 * whenReady(callback) is called for every form, loaded before or after; form.onSuccess(cb),
 * getId(), getFormElem() (an array-like, as jQuery's). Loaded, it loads every
 * form#mktoForm_… of the page by itself. `?delay=<ms>` on the script's URL defines
 * MktoForms2 that much later (a slow provider). A submit is cancelled and posted with fetch
 * to /forms/marketo; then each onSuccess callback gets (values, followUpUrl); unless one
 * returns false, the default follow-up runs: here the form is replaced by "Thank you!"
 * (the real one navigates to the follow-up page).
 */
export const MARKETO_FORMS2_JS = `/* veneer harness: offline stand-in of Marketo's Forms 2.0 API */
(function () {
  'use strict';
  var stub = window.__mktoStub || (window.__mktoStub = { loads: 0, posts: 0, followUps: 0 });
  stub.loads++;
  var forms = [];
  var ready = [];
  var delay = Number(new URL(document.currentScript.src).searchParams.get('delay')) || 0;
  function loadForm(base, munchkinId, formId, callback) {
    var element = document.getElementById('mktoForm_' + formId);
    if (!element || element.__mktoStub) return;
    element.__mktoStub = true;
    if (!element.elements.length) {
      var input = document.createElement('input');
      input.type = 'email';
      input.name = 'Email';
      input.setAttribute('aria-label', 'Email');
      var button = document.createElement('button');
      button.type = 'submit';
      button.className = 'mktoButton';
      button.textContent = 'Submit';
      element.append(input, button);
    }
    var success = [];
    var form = {
      getId: function () { return Number(formId); },
      getFormElem: function () { return { 0: element, length: 1 }; },
      onSuccess: function (cb) { success.push(cb); return form; },
      vals: function () { var out = {}; new FormData(element).forEach(function (v, k) { out[k] = v; }); return out; },
    };
    element.addEventListener('submit', function (event) {
      event.preventDefault();
      var values = form.vals();
      fetch('/forms/marketo', { method: 'POST', body: new FormData(element) }).then(function (response) {
        if (!response.ok) return;
        stub.posts++;
        var follow = true;
        success.forEach(function (cb) { if (cb(values, location.href) === false) follow = false; });
        if (!follow) return;
        stub.followUps++;
        var thanks = document.createElement('p');
        thanks.textContent = 'Thank you!';
        element.replaceChildren(thanks);
      });
    });
    forms.push(form);
    setTimeout(function () {
      if (callback) callback(form);
      ready.forEach(function (cb) { cb(form); });
    }, 0);
  }
  function start() {
    window.MktoForms2 = {
      loadForm: loadForm,
      whenReady: function (cb) { ready.push(cb); forms.forEach(function (form) { cb(form); }); },
      allForms: function () { return forms.slice(); },
      getForm: function (id) { return forms.filter(function (form) { return form.getId() === Number(id); })[0] || null; },
    };
    document.querySelectorAll('form[id^="mktoForm_"]').forEach(function (form) { loadForm('', '', form.id.slice(9)); });
  }
  if (delay) setTimeout(start, delay);
  else start();
})();
`;

const js = (body: string): Reply => ({ status: 200, headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }, body });
export const hubspotEmbed = () => js(HUBSPOT_EMBED_JS);
export const marketoForms2 = () => js(MARKETO_FORMS2_JS);

const FORM_STUBS: Record<string, string> = { hubspot: '/__stubs/hubspot/embed.js', marketo: '/__stubs/marketo/forms2.js' };

/** `?__stubs=hubspot,marketo`: the stand-ins' script tags, before </body>. Unknown names are ignored. */
export function addFormStubs(htmlText: string, list: string | null): string {
  const tags = (list ?? '')
    .split(',')
    .filter((name) => Object.hasOwn(FORM_STUBS, name))
    .map((name) => `<script src="${FORM_STUBS[name]}"></script>\n`)
    .join('');
  if (!tags) return htmlText;
  const at = htmlText.search(/<\/body\s*>/i);
  return at < 0 ? htmlText + tags : htmlText.slice(0, at) + tags + htmlText.slice(at);
}
