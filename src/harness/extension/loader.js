// The extension's only content script. It runs in the ISOLATED world at document_end and
// adds <script src="chrome-extension://<id>/veneer.js"> to the page: veneer then runs in the
// page's own (MAIN) world as an ordinary script element, so document.currentScript is that
// element and the chunks load from the extension's folder beside it (web_accessible_resources).
// A page that already carries a veneer tag is left alone. The script tag's settings
// (data-analytics-id, data-save-data, data-label-*, …) come from settings.json, written into
// SETTINGS by scripts/build-extension.mjs.
const SETTINGS = {};
(() => {
  const own = [...document.scripts].some((s) => /(^|\/)veneer\.js$/i.test((s.getAttribute('src') || '').split(/[?#]/)[0]));
  if (own) return;
  const script = document.createElement('script');
  script.src = chrome.runtime.getURL('veneer.js');
  script.defer = true;
  for (const [name, value] of Object.entries(SETTINGS)) script.setAttribute(name, value);
  (document.head || document.documentElement).append(script);
})();
