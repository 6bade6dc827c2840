// The page environments old CMS sites really have, around veneer's one script tag: quirks and
// limited-quirks modes, an AMD loader and CommonJS-looking globals, Prototype-era built-ins
// and polyfills, jQuery 3 with Magnific Popup still bound, globals and document properties
// clobbered by names, and a <base href>. Chromium against the production build, on copies of
// the captured pages and on small fixtures. Old CMS pages carry no Content-Security-Policy:
// these are served without one (jQuery's own innerHTML would break under Trusted Types), so
// each test answers its page itself (`respond`), and fails on any page error it does not expect.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/harness/server';
import { capturedPage } from './helpers';
import { useSession, type OpenOptions, type Session } from './support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TAG = '<script defer src="/Content/scripts/dist/veneer.js"></script>';

/** `html` served at `path` with no CSP, as an old CMS serves it. */
const serve = (session: Session, at: string, html: string, options: OpenOptions = {}) =>
  session.open(at, { ...options, respond: (url) => (new URL(url).pathname === new URL(at, 'http://x').pathname ? { body: html } : undefined) });

/** A captured page with `head` first in its <head> (before veneer's tag) and `body` first in its <body>. */
const page = (name: string, head = '', body = '') =>
  capturedPage(name).replace('<head>', '<head>' + head).replace(/<body([^>]*)>/, (tag) => tag + body);

const marks = (p: Page) => p.$$eval('[data-enhanced]', (all) => all.map((el) => el.getAttribute('data-enhanced')).join('|'));

// ---- the environments' scripts, as the old sites carry them (written here: none is installed) ----

/**
 * RequireJS's global contract: `define` with `define.amd`, `require`. An anonymous define()
 * from a script RequireJS did not load is RequireJS's "Mismatched anonymous define()" error.
 */
const AMD = `<script>(function(){var calls=[];window.__amdCalls=calls;
window.define=function(name,deps,factory){calls.push(typeof name=='string'?name:'(anonymous)');
if(typeof name!='string')setTimeout(function(){throw new Error('Mismatched anonymous define() module: '+String(factory||deps||name).slice(0,80))})};
window.define.amd={jQuery:true};window.require=window.requirejs=function(){};})();</script>`;
const COMMONJS = '<script>window.module={exports:{}};window.exports=window.module.exports;</script>';

/** Prototype.js / MooTools style: enumerable methods on the built-ins, bind replaced. */
const PROTOTYPE = `<script>
Array.prototype.each=function(f){for(var i=0;i<this.length;i++)f(this[i],i)};Array.prototype.include=function(x){return this.indexOf(x)>-1};
Array.prototype.first=function(){return this[0]};Object.prototype.extend=function(o){for(var k in o)this[k]=o[k];return this};
String.prototype.trim=function(){return this.replace(/^\\s+|\\s+$/g,'')};
Function.prototype.bind=function(ctx){var f=this,a=Array.prototype.slice.call(arguments,1);return function(){return f.apply(ctx,a.concat(Array.prototype.slice.call(arguments)))}};
</script>`;

/** es6-promise's shape: then/catch/finally on the prototype, asap on a MutationObserver; no allSettled. */
const PROMISE = `<script>(function(){var queue=[],node=document.createTextNode(''),n=0;
new MutationObserver(function(){var q=queue;queue=[];for(var i=0;i<q.length;i++)q[i]()}).observe(node,{characterData:true});
function asap(f){queue.push(f);node.data=String(++n%2)}
function P(ex){this._s=0;this._c=[];var self=this,done=false;try{ex(function(x){if(!done){done=true;res(self,x)}},function(e){if(!done){done=true;fin(self,2,e)}})}catch(e){if(!done){done=true;fin(self,2,e)}}}
function fin(p,s,v){if(p._s)return;p._s=s;p._v=v;var c=p._c;p._c=null;for(var i=0;i<c.length;i++)asap(c[i])}
function res(p,x){if(x&&(typeof x=='object'||typeof x=='function')){var t;try{t=x.then}catch(e){return fin(p,2,e)}
if(typeof t=='function'){var d=false;try{t.call(x,function(y){if(!d){d=true;res(p,y)}},function(e){if(!d){d=true;fin(p,2,e)}})}catch(e){if(!d){d=true;fin(p,2,e)}}return}}fin(p,1,x)}
P.prototype.then=function(a,b){var self=this,out=new P(function(){});function run(){var h=self._s==1?a:b;
if(typeof h!='function')return self._s==1?res(out,self._v):fin(out,2,self._v);var r;try{r=h(self._v)}catch(e){return fin(out,2,e)}res(out,r)}
if(self._s)asap(run);else self._c.push(run);return out};
P.prototype['catch']=function(b){return this.then(null,b)};
P.prototype['finally']=function(f){return this.then(function(v){return P.resolve(f()).then(function(){return v})},function(e){return P.resolve(f()).then(function(){throw e})})};
P.resolve=function(v){return v instanceof P?v:new P(function(r){r(v)})};P.reject=function(e){return new P(function(r,j){j(e)})};
P.all=function(a){return new P(function(r,j){var out=[],left=a.length;if(!left)r(out);a.forEach(function(p,i){P.resolve(p).then(function(x){out[i]=x;if(!--left)r(out)},j)})})};
P.race=function(a){return new P(function(r,j){a.forEach(function(p){P.resolve(p).then(r,j)})})};
window.Promise=P;window.__polyfilledPromise=P;})();</script>`;

/** whatwg-fetch 2's shape: XMLHttpRequest underneath, no abort signal, no streams, the page's Promise. */
const FETCH = `<script>(function(){function H(raw){var m={};raw.trim().split(/\\r?\\n/).forEach(function(l){var i=l.indexOf(':');if(i>0)m[l.slice(0,i).trim().toLowerCase()]=l.slice(i+1).trim()});
this.get=function(k){k=k.toLowerCase();return k in m?m[k]:null}}
window.fetch=function(input,init){init=init||{};window.__fetched=(window.__fetched||0)+1;return new Promise(function(resolve,reject){var x=new XMLHttpRequest();
x.open(init.method||'GET',String(input&&input.url||input),true);var h=init.headers||{};Object.keys(h).forEach(function(k){x.setRequestHeader(k,h[k])});
x.responseType='blob';x.onload=function(){var b=x.response;resolve({ok:x.status>=200&&x.status<300,status:x.status,url:x.responseURL,headers:new H(x.getAllResponseHeaders()),
text:function(){return Promise.resolve(b.text())},blob:function(){return Promise.resolve(b)}})};
x.onerror=function(){reject(new TypeError('Network request failed'))};x.send(init.body==null?null:init.body)})};})();</script>`;

/** jQuery 3 and Magnific Popup as the legacy site loads them (the harness serves the packages' dist files). */
const JQUERY = '<script src="/__legacy/jquery.min.js"></script><script src="/__legacy/jquery.magnific-popup.min.js"></script>';
/** The site's own code, bound at jQuery's ready: a delegated handler on every link that cancels it, and Magnific on the lightbox links. */
const SITE_JQUERY = (magnific: boolean) =>
  `<script>jQuery(function($){window.__site=[];$(document).on('click','a',function(e){window.__site.push($(this).attr('href'));e.preventDefault()});` +
  (magnific ? `$('.js-lightbox').magnificPopup({type:'image'});$('.js-lightbox-gallery').magnificPopup({delegate:'a',type:'image',gallery:{enabled:true}});` : '') +
  '})</script>';

describe('page environments', () => {
  const session = useSession();

  describe('quirks and limited-quirks modes', () => {
    const DOCTYPES = [
      ['no doctype (quirks)', '', 'BackCompat'],
      ['HTML 4.01 Transitional without a system identifier (quirks)', '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">', 'BackCompat'],
      ['XHTML 1.0 Transitional with its system identifier (limited quirks)', '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">', 'CSS1Compat'],
    ] as const;

    it.each(DOCTYPES)('%s: the home page: header, anchor offset, modal lock, back to top, appear, scroll depth as in standards mode', async (_, doctype, mode) => {
      await fetch(session.url + '/__analytics', { method: 'DELETE' });
      const test = await serve(session, '/home/', capturedPage('home').replace('<!DOCTYPE html>', doctype));
      const p = test.page;
      expect(await p.evaluate(() => document.compatMode)).toBe(mode);
      expect((await marks(p)).split('|')).toHaveLength(33);
      // The header's state, waited for: its check runs 250 ms after a scroll, later on a loaded machine.
      const header = (sticky: boolean, hidden: boolean) =>
        p.waitForFunction(
          (s, h) => {
            const list = document.querySelector('.js-header')!.classList;
            return list.contains('is-sticky') == s && list.contains('is-hidden') == h;
          },
          { timeout: 5000 },
          sticky,
          hidden,
        );
      const to = async (y: number) => (await p.evaluate((top) => scrollTo({ top, behavior: 'instant' }), y), sleep(350));
      await to(1200);
      await header(true, true);
      await to(1000);
      await header(true, false);
      // Anchor: the target lands just below the shown header (scroll-padding or the header's height).
      await to(0);
      await header(false, false);
      await p.$eval('a[href="#faq"]', (a) => (a as HTMLElement).click());
      // The smooth scroll (at most 600 ms) and its landing checks run out; the place is then waited for.
      await sleep(800);
      await p.waitForFunction(() => location.hash == '#faq' && Math.round(document.getElementById('faq')!.getBoundingClientRect().top) == 88, { timeout: 5000 });
      // Modal: the page keeps its place while locked and after.
      await to(1500);
      await p.$eval('[data-modal-open="newsletter-modal"]', (b) => (b as HTMLElement).click());
      await p.waitForFunction(() => document.getElementById('newsletter-modal')!.classList.contains('is-open'));
      expect(await p.evaluate(() => scrollY)).toBe(1500);
      await p.mouse.wheel({ deltaY: 400 });
      await sleep(200);
      expect(await p.evaluate(() => scrollY)).toBe(1500);
      await p.keyboard.press('Escape');
      await sleep(300);
      expect(await p.evaluate(() => scrollY)).toBe(1500);
      // Back to top: shown down the page, back at 0 after a click.
      await p.evaluate(() => scrollTo({ top: document.scrollingElement!.scrollHeight, behavior: 'instant' }));
      // A while at the bottom (scroll depth's and appear's checks), then their results waited for.
      await sleep(400);
      await p.waitForFunction(() => document.querySelector('.js-back-to-top')!.classList.contains('is-visible'), { timeout: 5000 });
      await p.waitForFunction(() => [...document.querySelectorAll('.js-appear')].every((el) => el.classList.contains('is-visible')), { timeout: 5000 });
      await p.$eval('.js-back-to-top', (a) => (a as HTMLElement).click());
      await p.waitForFunction(() => scrollY == 0, { timeout: 3000 });
      // The hits as the analytics server has them by now (a beacon may still be on its way).
      const depths = async () => {
        const hits = (await (await fetch(session.url + '/__analytics')).json()) as { query: Record<string, string> }[];
        return hits.filter((hit) => hit.query.en == 'scroll').map((hit) => hit.query['ep.event_label']);
      };
      for (let i = 0; i < 50 && (await depths()).length < 2; i++) await sleep(100);
      expect(await depths()).toEqual(['50%', '100%']);
      test.assertClean();
      await p.close();
    });

    it('quirks mode: a tooltip stays 18 px inside the viewport (the root there is as tall as the page, not the viewport)', async () => {
      const tip = 'A long explanation. '.repeat(30);
      const html = `<html lang="en"><head><meta charset="utf-8"><title>quirks</title>${TAG}</head><body style="margin:0"><div style="height:3000px"></div>` +
        `<div style="position:fixed;bottom:4px;left:0;right:0;height:40px"><button class="js-tooltip" data-tooltip="${tip}" style="margin-left:330px">?</button></div></body></html>`;
      const viewport = { width: 400, height: 300 };
      const test = await serve(session, '/__fixture/quirks-tooltip', html, { viewport });
      expect(await test.page.evaluate(() => document.compatMode)).toBe('BackCompat');
      await test.page.hover('.js-tooltip');
      const box = await test.page.$eval('.js-tooltip', (button) => {
        const r = document.getElementById(button.getAttribute('aria-describedby')!.split(' ').pop()!)!.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      });
      expect(box.top).toBeGreaterThanOrEqual(17.5);
      expect(box.bottom).toBeLessThanOrEqual(viewport.height - 17.5);
      expect(box.left).toBeGreaterThanOrEqual(17.5);
      expect(box.right).toBeLessThanOrEqual(viewport.width - 17.5);
      test.assertClean();
      await test.page.close();
    });
  });

  describe('module loaders on the page', () => {
    it('no chunk or runtime of the build is a UMD bundle: none looks for define, module or exports', () => {
      const dist = path.join(REPO_ROOT, 'dist');
      const files = readdirSync(dist).filter((file) => file.endsWith('.js'));
      expect(files.length).toBeGreaterThan(20);
      const umd = files.filter((file) => /\bdefine\.amd\b|typeof define\b|typeof (module|exports)\b|\bmodule\.exports\b/.test(readFileSync(path.join(dist, file), 'utf8')));
      expect(umd).toEqual([]);
    });

    it.each(['resources', 'event', 'contact'])('RequireJS (define.amd) and window.module / window.exports on %s: nothing registers with the loader, every hook is enhanced', async (name) => {
      const baseline = await serve(session, `/${name}/`, page(name));
      const expected = await marks(baseline.page);
      await baseline.page.close();
      const test = await serve(session, `/${name}/`, page(name, AMD + COMMONJS));
      expect(await marks(test.page)).toBe(expected);
      // The lightbox's and the date picker's UI runtime, the sanitizer's input: loaded and run.
      if (name == 'resources') {
        await test.page.$eval('a[data-lightbox-type="ajax"]', (a) => (a as HTMLElement).click());
        await test.page.waitForFunction(() => /specification sheet/.test(document.querySelector('.veneer-lightbox__html')?.textContent ?? ''), { timeout: 5000 });
      }
      if (name == 'event') {
        await test.page.$eval('.veneer-datepicker-button', (b) => (b as HTMLElement).click());
        await test.page.waitForSelector('.veneer-datepicker [aria-selected], .veneer-datepicker td', { timeout: 5000 });
      }
      await sleep(100);
      expect(await test.page.evaluate(() => (window as unknown as { __amdCalls: string[] }).__amdCalls)).toEqual([]);
      expect(await test.page.evaluate(() => JSON.stringify((window as unknown as { module: unknown }).module))).toBe('{"exports":{}}');
      test.assertClean();
      await test.page.close();
    });
  });

  it('Prototype-era built-ins, es6-promise and whatwg-fetch polyfills: the list filters, the ajax lightbox and form validation work', async () => {
    const head = PROTOTYPE + PROMISE + FETCH;
    const news = await serve(session, '/news/', page('news', head));
    expect((await marks(news.page)).split('|')).toHaveLength(21);
    await news.page.select('#news-category', 'products');
    await news.page.waitForFunction(() => location.search == '?category=products&q=' && /results?$/.test(document.querySelector('.js-ajax-list [role=status]')?.textContent ?? ''), { timeout: 5000 });
    expect(await news.page.evaluate(() => [(window as unknown as { __fetched: number }).__fetched, Promise === (window as unknown as { __polyfilledPromise: unknown }).__polyfilledPromise])).toEqual([1, true]);
    news.assertClean();
    await news.page.close();

    const resources = await serve(session, '/resources/', page('resources', head));
    await resources.page.$eval('a[data-lightbox-type="ajax"]', (a) => (a as HTMLElement).click());
    await resources.page.waitForFunction(() => /specification sheet/.test(document.querySelector('.veneer-lightbox__html')?.textContent ?? ''), { timeout: 5000 });
    resources.assertClean();
    await resources.page.close();

    const event = await serve(session, '/event/', page('event', head));
    await event.page.$eval('form.js-validate', (form) => (form as HTMLFormElement).requestSubmit());
    await event.page.waitForFunction(() => document.querySelectorAll('form.js-validate [aria-invalid="true"]').length > 0);
    expect(await event.page.evaluate(() => location.pathname)).toBe('/event/');
    event.assertClean();
    await event.page.close();
  });

  describe('jQuery 3 and its plugins still on the page', () => {
    const opened = (p: Page) =>
      p.evaluate(() => ({ magnific: document.querySelectorAll('.mfp-wrap').length, veneer: document.querySelectorAll('.veneer-lightbox.is-open').length }));

    it.each([
      ['resources', 'a.js-lightbox[href$=".svg"]'],
      ['gallery', '.js-lightbox-gallery a'],
    ])('Magnific Popup bound to the same links (%s): one popup opens, Magnific\'s; veneer\'s stays closed', async (name, link) => {
      const test = await serve(session, `/${name}/`, page(name, JQUERY).replace('</body>', SITE_JQUERY(true) + '</body>'));
      await test.page.$eval(link, (a) => a.scrollIntoView({ block: 'center' }));
      await test.page.click(link);
      await sleep(600);
      expect(await opened(test.page)).toEqual({ magnific: 1, veneer: 0 });
      await test.page.keyboard.press('Escape');
      await sleep(600);
      expect(await opened(test.page)).toEqual({ magnific: 0, veneer: 0 });
      expect(await test.page.evaluate(() => document.documentElement.className)).toBe('');
      test.assertClean();
      await test.page.close();
    });

    it('without Magnific, a site handler cancelling every link click on the document: veneer\'s lightbox, anchors and modal triggers still work', async () => {
      const html = page('resources', JQUERY).replace('</body>', SITE_JQUERY(false) + '</body>');
      const test = await serve(session, '/resources/', html);
      await test.page.$eval('a.js-lightbox[href$=".svg"]', (a) => a.scrollIntoView({ block: 'center' }));
      await test.page.click('a.js-lightbox[href$=".svg"]');
      await sleep(600);
      expect(await opened(test.page)).toEqual({ magnific: 0, veneer: 1 });
      await test.page.keyboard.press('Escape');
      await sleep(600);
      expect(await opened(test.page)).toEqual({ magnific: 0, veneer: 0 });
      await test.page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
      await test.page.$eval('a.skip-link', (a) => (a as HTMLElement).click());
      await test.page.waitForFunction(() => location.hash == '#main' && document.activeElement?.id == 'main', { timeout: 3000 });
      // The site's handler ran too (it cannot tell veneer already handled the click).
      expect(await test.page.evaluate(() => (window as unknown as { __site: string[] }).__site)).toEqual(['/media/images/ns-400-large.svg', '#main']);
      test.assertClean();
      await test.page.close();
    });
  });

  it('names veneer could collide with: window.veneer, mitt, parcelRequire, #top, window.name, <form name="body">, <img name="forms">', async () => {
    const head = `<script>var veneer={site:true};window.mitt=function(){throw new Error('the site\\'s mitt')};window.parcelRequire=window.parcelRequire94c2=function(){throw new Error('the site\\'s parcelRequire')};window.name='{"site":1}';</script>`;
    const body =
      '<div id="veneer" hidden></div><a id="top" name="top"></a><form name="body" hidden></form><img name="forms" hidden alt=""><form name="head" hidden></form><iframe name="parent" hidden></iframe>';
    const baseline = await serve(session, '/home/', page('home'));
    const expected = await marks(baseline.page);
    await baseline.page.close();
    const test = await serve(session, '/home/', page('home', head, body));
    expect(await marks(test.page)).toBe(expected);
    expect(await test.page.evaluate(() => [typeof (window as unknown as { veneer: { on: unknown } }).veneer.on, document.body.localName, window.name])).toEqual(['function', 'form', '{"site":1}']);
    // Back to top, to the page's own #top: the page goes up, focus to it.
    await test.page.evaluate(() => scrollTo({ top: 3000, behavior: 'instant' }));
    await sleep(300);
    await test.page.$eval('.js-back-to-top', (a) => (a as HTMLElement).click());
    await test.page.waitForFunction(() => scrollY == 0 && location.hash == '#top', { timeout: 3000 });
    // The modal appends nothing to the clobbered document.body and locks the real page.
    await test.page.$eval('[data-modal-open="newsletter-modal"]', (b) => (b as HTMLElement).click());
    await test.page.waitForFunction(() => document.getElementById('newsletter-modal')!.classList.contains('is-open'));
    await test.page.keyboard.press('Escape');
    test.assertClean();
    await test.page.close();
  });

  describe('a <base href> in the head', () => {
    it('the lightbox, the list and the select-link read relative addresses against the base, as the browser does for the links themselves', async () => {
      const html =
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><base href="/media/"><title>base</title>${TAG}</head><body>` +
        '<p><a class="js-lightbox" id="image" href="images/gallery-1.svg" title="One">image</a> ' +
        '<a class="js-lightbox" id="ajax" data-lightbox-type="ajax" href="../fragments/spec-sheet.html" title="Sheet">sheet</a> ' +
        '<a class="js-lightbox" id="inline" data-lightbox-type="inline" href="#note" title="Note">note</a></p><div id="note" hidden>The note</div>' +
        '<div class="js-ajax-list" data-base-url="../news/"><form class="js-ajax-filter" action="../news/"><select name="category"><option value="">All</option><option value="products">Products</option></select></form>' +
        '<div class="js-ajax-results"><ul><li>old</li></ul></div></div>' +
        '<select class="js-select-link"><option value="">Choose</option><option value="../contact/">Contact</option></select></body></html>';
      const test = await serve(session, '/deep/page/', html);
      const p = test.page;
      await p.click('#image');
      await p.waitForFunction(() => (document.querySelector('.veneer-lightbox img') as HTMLImageElement | null)?.naturalWidth! > 0, { timeout: 5000 });
      expect(await p.$eval('.veneer-lightbox img', (img) => (img as HTMLImageElement).src)).toBe(session.url + '/media/images/gallery-1.svg');
      await p.keyboard.press('Escape');
      await p.waitForFunction(() => !document.querySelector('.veneer-lightbox.is-open'));
      await p.click('#ajax');
      await p.waitForFunction(() => /specification sheet/.test(document.querySelector('.veneer-lightbox__html')?.textContent ?? ''), { timeout: 5000 });
      await p.keyboard.press('Escape');
      await p.waitForFunction(() => !document.querySelector('.veneer-lightbox.is-open'));
      await p.click('#inline');
      await p.waitForFunction(() => document.querySelector('.veneer-lightbox')?.textContent?.includes('The note'), { timeout: 5000 });
      await p.keyboard.press('Escape');
      await p.waitForFunction(() => !document.querySelector('.veneer-lightbox.is-open'));
      await p.select('.js-ajax-filter select', 'products');
      await p.waitForFunction(() => location.search == '?category=products', { timeout: 5000 });
      expect(test.requests.filter((url) => url.includes('category=products'))).toEqual([session.url + '/news/?category=products']);
      expect(await p.$eval('.js-ajax-results', (el) => el.textContent)).not.toContain('old');
      await p.focus('.js-select-link');
      await p.select('.js-select-link', '../contact/');
      await Promise.all([p.waitForNavigation(), p.click('.veneer-select-link-go')]);
      expect(p.url()).toBe(session.url + '/contact/');
      test.assertClean();
      await p.close();
    });

    it('a base on another origin (a CDN, an old http address): a select-link option written as a full address of this site is still followed', async () => {
      // The tag by its full address: a relative src would be read against the base too.
      const html =
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><base href="https://cdn.example/assets/"><title>base</title>` +
        `<script defer src="${session.url}/Content/scripts/dist/veneer.js"></script></head><body>` +
        `<select class="js-select-link"><option value="">Choose</option><option value="../contact/">Relative</option><option value="${session.url}/contact/">Contact</option></select></body></html>`;
      const test = await serve(session, '/deep/page/', html);
      const p = test.page;
      // The Go button goes in at the latest when the visitor reaches the select.
      await p.waitForSelector('.js-select-link[data-enhanced]');
      await p.focus('.js-select-link');
      // A relative value is the base's page, on the CDN: not this site's, not followed.
      await p.select('.js-select-link', '../contact/');
      await p.click('.veneer-select-link-go');
      await sleep(300);
      expect(p.url()).toBe(session.url + '/deep/page/');
      expect(test.warnings.join('\n')).toContain('"../contact/" is not an address of this site');
      await p.select('.js-select-link', `${session.url}/contact/`);
      await Promise.all([p.waitForNavigation(), p.click('.veneer-select-link-go')]);
      expect(p.url()).toBe(session.url + '/contact/');
      test.assertClean();
      await p.close();
    });
  });
});
