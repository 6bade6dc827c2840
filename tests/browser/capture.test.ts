// The capture tool against a "live site" started here (node:http on port 0), then offline
// replay of the captured page by the harness in Chromium with every request to another
// origin aborted.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import puppeteer, { type Browser } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capture, type CaptureSummary } from '../../src/harness/capture/capture';
import { importHar } from '../../src/harness/capture/har';
import type { CaptureManifest } from '../../src/harness/capture/manifest';
import { startServer, type HarnessServer } from '../../src/harness/server';
import { CHROMIUM_ARGS } from './support';

/** A solid-colour PNG of width × height (RGB, no filter). */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

const ITEMS = [{ id: 1, name: 'Pressure probe' }, { id: 2, name: 'Flow meter & "gauge"' }];
const FONT = Buffer.from('wOF2 not really a font, but bytes to copy');

const SITE_CSS = `@import url("print.css") print;
@font-face { font-family: Shop; src: url("../fonts/shop.woff2") format("woff2"); }
.hero { font-family: Shop, sans-serif; background: #eee url(../img/bg.png) no-repeat; min-height: 40px; }
`;
const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Live shop</title>
<link rel="preconnect" href="https://fonts.example.com">
<link rel="stylesheet" href="/css/site.css" integrity="sha256-${createHash('sha256').update(SITE_CSS).digest('base64')}">
<link rel="icon" href="img/favicon.png" type="image/png">
<script src="/js/app.js"></script>
<script defer src="https://cdn.example.com/veneer.js" data-analytics-id="G-LIVE"></script>
<script type="application/ld+json">{"@type":"Organization","name":"Shop"}</script>
</head>
<body onload="init()">
<h1 class="hero">Live shop</h1>
<img class="logo" src="img/logo.png" srcset="img/logo.png 1x, /img/logo@2x.png 2x" width="40" height="20" alt="Shop">
<img class="far" src="img/far.png" loading="lazy" style="margin-top:4000px" alt="">
<img class="gone" src="img/gone.png" alt="">
<p><a href="/about/" onclick="track('about')">About</a> <span style="background:url('img/dot.png')">dot</span></p>
<iframe src="https://maps.example.com/embed?q=1" title="map"></iframe>
<ul id="items"></ul>
<script>
  fetch('/api/items?page=1').then((r) => r.json()).then((items) => {
    document.getElementById('items').innerHTML = items.map((i) => '<li>' + i.name + '</li>').join('');
  });
</script>
</body>
</html>
`;

// What a hand-written tokenizer read wrongly: "<!-->" is a whole comment (the script and the
// stylesheet after it are markup), &eacute; is é, a "<!--<script>" in a script's text does not
// end the script at the next </script> (script data double escaped), and u\72l( is url(.
const TRICKY = `<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<title>Tricky</title>
<style>.after { background: u\\72l(img/esc.png) no-repeat; }</style>
<!-->
<script src="/js/app.js"></script>
<link rel="stylesheet" href="/css/tricky.css">
</head>
<body>
<img class="cafe" src="img/caf&eacute;.png" alt="">
<script>var s = '<!--<script>'; </script> window.escapedRan = true; </script>
<p class="after">after</p>
</body>
</html>
`;

const PRINT_CSS = `.logo { border-image: url('/img/border.png') 2; }\n`;

const FILES: Record<string, [string, string | Buffer]> = {
  '/shop/': ['text/html; charset=utf-8', PAGE],
  '/css/site.css': ['text/css', SITE_CSS],
  '/css/print.css': ['text/css', PRINT_CSS],
  '/fonts/shop.woff2': ['font/woff2', FONT],
  '/shop/img/logo.png': ['image/png', png(40, 20, [200, 30, 30])],
  '/img/logo@2x.png': ['image/png', png(80, 40, [200, 30, 30])],
  '/shop/img/far.png': ['image/png', png(3, 3, [0, 0, 200])],
  '/shop/img/favicon.png': ['image/png', png(16, 16, [0, 120, 0])],
  '/shop/img/dot.png': ['image/png', png(2, 2, [9, 9, 9])],
  '/img/bg.png': ['image/png', png(8, 8, [240, 200, 0])],
  '/img/border.png': ['image/png', png(6, 6, [1, 2, 3])],
  '/js/app.js': ['text/javascript', 'window.appRan = true;'],
  '/api/items': ['application/json', JSON.stringify(ITEMS)],
  '/tricky/': ['text/html; charset=utf-8', TRICKY],
  '/css/tricky.css': ['text/css', '.cafe { border: 1px solid; }\n'],
  '/tricky/img/caf%C3%A9.png': ['image/png', png(5, 5, [10, 200, 10])],
  '/tricky/img/esc.png': ['image/png', png(4, 4, [200, 10, 200])],
};

interface LiveSite {
  url: string;
  hits: string[];
  close(): Promise<void>;
}

async function startLiveSite(): Promise<LiveSite> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push(url.pathname + url.search);
    const file = FILES[url.pathname];
    if (!file || (url.pathname === '/api/items' && url.search !== '?page=1')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': file[0], 'Cache-Control': 'no-store' }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let live: LiveSite;
let root: string;
let summary: CaptureSummary;
const lines: string[] = [];
const harLines: string[] = [];
/** The HAR the shop's capture wrote (--save-har). */
let shopHar: string;
/** A page recorded in Chromium's DevTools (Network, "Save all as HAR with content"), behind a login. */
const DEVTOOLS_HAR = path.join(import.meta.dirname, 'fixtures', 'portal-orders.har');
const pageDir = () => path.join(root, 'shop');

beforeAll(async () => {
  live = await startLiveSite();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'veneer-capture-'));
  await fs.cp(path.join(process.cwd(), 'legacy-pages'), root, { recursive: true });
  shopHar = path.join(root, '..', `${path.basename(root)}-shop.har`);
  summary = await capture({ address: `${live.url}/shop/`, name: 'shop', root, offline: true, log: (line) => lines.push(line), timeout: 15_000, saveHar: shopHar });
  await importHar({ har: DEVTOOLS_HAR, name: 'orders', root, offline: true, log: (line) => harLines.push(line) });
  await capture({ address: `${live.url}/tricky/`, name: 'tricky', root, offline: true, log: () => {}, timeout: 15_000 });
});

afterAll(async () => {
  await live?.close();
  // KEEP_CAPTURE=1 keeps the captured folder to look at.
  if (shopHar) await fs.rm(shopHar, { force: true });
  if (root && !process.env.KEEP_CAPTURE) await fs.rm(root, { recursive: true, force: true });
  else if (root) console.log(`kept ${root}\n${lines.join('\n')}`);
});

describe('capture', () => {
  it('refuses bad names and addresses before starting a browser', async () => {
    const bad = async (address: string, name: string) => capture({ address, name, root, offline: true, log: () => {} }).then(() => 'saved', (e: Error) => e.message);
    expect(await bad(`${live.url}/shop/`, '_site')).toMatch(/not a page name/);
    expect(await bad(`${live.url}/shop/`, 'Shop')).toMatch(/not a page name/);
    expect(await bad(`${live.url}/shop/`, '../x')).toMatch(/not a page name/);
    expect(await bad(`${live.url}/shop/`, 'media')).toMatch(/already answers/);
    expect(await bad(`${live.url}/shop/`, 'home')).toMatch(/exists/);
    expect(await bad('ftp://example.com/x', 'ok')).toMatch(/not an http\(s\) address/);
    expect(await bad('file:///etc/passwd', 'ok')).toMatch(/not an http\(s\) address/);
    expect(await bad('/shop/', 'ok')).toMatch(/not an absolute URL/);
  });

  it('writes the page, its files and a manifest of address to file', async () => {
    const manifest = JSON.parse(await fs.readFile(path.join(pageDir(), 'manifest.json'), 'utf8')) as CaptureManifest;
    expect(manifest.address).toBe(`${live.url}/shop/`);
    expect(new Date(manifest.captured).toISOString()).toBe(manifest.captured);
    expect(manifest.files[`${live.url}/shop/`]).toBe('index.html');
    const expected: Record<string, RegExp> = {
      '/css/site.css': /^assets\/site\.[0-9a-f]{10}\.css$/,
      '/css/print.css': /^assets\/print\.[0-9a-f]{10}\.css$/,
      '/fonts/shop.woff2': /^assets\/shop\.[0-9a-f]{10}\.woff2$/,
      '/shop/img/logo.png': /^assets\/logo\.[0-9a-f]{10}\.png$/,
      '/img/logo@2x.png': /^assets\/logo-2x\.[0-9a-f]{10}\.png$/,
      '/shop/img/far.png': /^assets\/far\.[0-9a-f]{10}\.png$/,
      '/shop/img/favicon.png': /^assets\/favicon\.[0-9a-f]{10}\.png$/,
      '/shop/img/dot.png': /^assets\/dot\.[0-9a-f]{10}\.png$/,
      '/img/bg.png': /^assets\/bg\.[0-9a-f]{10}\.png$/,
      '/img/border.png': /^assets\/border\.[0-9a-f]{10}\.png$/,
    };
    for (const [file, pattern] of Object.entries(expected)) expect(manifest.files[live.url + file], file).toMatch(pattern);
    expect(Object.keys(manifest.files)).toHaveLength(Object.keys(expected).length + 1);
    // Each file on disk, byte for byte (the stylesheets rewritten).
    for (const [file, local] of Object.entries(manifest.files)) {
      const saved = await fs.readFile(path.join(pageDir(), local));
      const original = FILES[new URL(file).pathname][1];
      if (!local.endsWith('.css') && local !== 'index.html') expect(saved.equals(Buffer.from(original)), local).toBe(true);
    }
    expect(manifest.missing).toEqual([{ url: `${live.url}/shop/img/gone.png`, reason: 'HTTP 404' }]);
    expect(manifest.skipped.scripts).toEqual([`${live.url}/js/app.js`, 'inline']);
    expect(manifest.skipped.veneerTags).toHaveLength(1);
    expect(manifest.skipped.handlers).toBe(2);
    expect(manifest.skipped.frames).toEqual(['https://maps.example.com/embed?q=1']);
    expect(summary.recorded).toBe(1);
    // The lazy image far below the fold was not loaded by the page: fetched by the tool.
    expect(lines.some((l) => /^fetched \d+\/\d+ .*far\.png .*fetched\)$/.test(l))).toBe(true);
    expect(lines.filter((l) => /^fetched \d+\/\d+ /.test(l))).toHaveLength(10);
    expect(lines).toContainEqual(expect.stringMatching(/^saved .*shop\/: index\.html and 10 files \(2 stylesheets, 7 images, 1 font, 0 others\)/));
    expect(lines).toContain('recorded 1 call');
    expect(lines).toContainEqual(expect.stringMatching(/^skipped 2 scripts \(1 file, 1 inline\), 2 handler attributes, 1 veneer tag, 1 frame/));
    expect(lines).toContain('missing 1 file (listed in manifest.json)');
    // Captured outside legacy-pages/ (--root): npm start would not serve it from there.
    expect(lines).toContain(`serve it: move ${path.join(root, 'shop')} into legacy-pages/, then npm start and /shop/`);
  });

  it('records the page’s ajax call with its response', async () => {
    const manifest = JSON.parse(await fs.readFile(path.join(pageDir(), 'manifest.json'), 'utf8')) as CaptureManifest;
    expect(manifest.recorded).toEqual([
      {
        method: 'GET',
        url: `${live.url}/api/items?page=1`,
        path: '/api/items?page=1',
        status: 200,
        contentType: 'application/json',
        body: 'recorded/01-items.json',
      },
    ]);
    expect(JSON.parse(await fs.readFile(path.join(pageDir(), 'recorded/01-items.json'), 'utf8'))).toEqual(ITEMS);
  });

  it('keeps the server’s HTML with local references and without the site’s scripts', async () => {
    const html = await fs.readFile(path.join(pageDir(), 'index.html'), 'utf8');
    const manifest = JSON.parse(await fs.readFile(path.join(pageDir(), 'manifest.json'), 'utf8')) as CaptureManifest;
    const local = (file: string) => '/shop/' + manifest.files[live.url + file];
    // The HTML as the server sent it, not the DOM after its script ran.
    expect(html).toContain('<ul id="items"></ul>');
    expect(html).not.toContain('Pressure probe');
    expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/i);
    expect(html).toContain('<script type="application/ld+json">{"@type":"Organization","name":"Shop"}</script>');
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toContain('preconnect');
    expect(html).not.toContain('integrity');
    expect(html).toContain(`<link rel="stylesheet" href="${local('/css/site.css')}">`);
    expect(html).toContain(`<link rel="icon" href="${local('/shop/img/favicon.png')}" type="image/png">`);
    expect(html).toContain(`src="${local('/shop/img/logo.png')}" srcset="${local('/shop/img/logo.png')} 1x, ${local('/img/logo@2x.png')} 2x"`);
    expect(html).toContain(`style="background:url(&quot;${local('/shop/img/dot.png')}&quot;)"`);
    expect(html).toContain(`<img class="gone" src="/shop/assets/missing-`);
    expect(html).toContain('<iframe src="about:blank" title="map" data-capture-src="https://maps.example.com/embed?q=1">');
    // Untouched: links, the rest of the markup.
    expect(html).toContain('<a href="/about/">About</a>');
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Live shop</title>\n')).toBe(true);
    // Nothing in the page or its stylesheets points at the live site any more.
    const css = await fs.readFile(path.join(pageDir(), manifest.files[`${live.url}/css/site.css`]), 'utf8');
    const print = await fs.readFile(path.join(pageDir(), manifest.files[`${live.url}/css/print.css`]), 'utf8');
    for (const text of [html.replace(/data-capture-src="[^"]*"/, ''), css, print]) expect(text).not.toMatch(/127\.0\.0\.1|example\.com/);
    const name = (file: string) => path.basename(manifest.files[live.url + file]);
    expect(css).toContain(`@import url("${name('/css/print.css')}") print;`);
    expect(css).toContain(`src: url("${name('/fonts/shop.woff2')}") format("woff2");`);
    expect(css).toContain(`background: #eee url("${name('/img/bg.png')}") no-repeat;`);
    expect(print).toBe(`.logo { border-image: url("${name('/img/border.png')}") 2; }\n`);
    // The site's script never reached the disk.
    const all = await fs.readdir(path.join(pageDir(), 'assets'));
    expect(all.some((f) => f.endsWith('.js'))).toBe(false);
  });
});

describe('capture reads HTML and CSS as browsers do', () => {
  const read = async () => ({
    html: await fs.readFile(path.join(root, 'tricky', 'index.html'), 'utf8'),
    manifest: JSON.parse(await fs.readFile(path.join(root, 'tricky', 'manifest.json'), 'utf8')) as CaptureManifest,
  });

  it('reads "<!-->" as a whole comment: the script after it is dropped, the stylesheet captured', async () => {
    const { html, manifest } = await read();
    expect(manifest.skipped.scripts).toEqual([`${live.url}/js/app.js`, 'inline']);
    expect(html).not.toContain('/js/app.js');
    expect(manifest.files[`${live.url}/css/tricky.css`]).toMatch(/^assets\/tricky\.[0-9a-f]{10}\.css$/);
    expect(html).toContain(`<link rel="stylesheet" href="/tricky/${manifest.files[`${live.url}/css/tricky.css`]}">`);
  });

  it('decodes every named character reference: caf&eacute;.png is fetched as café.png', async () => {
    const { html, manifest } = await read();
    const local = manifest.files[`${live.url}/tricky/img/caf%C3%A9.png`];
    expect(local).toMatch(/^assets\/caf\.[0-9a-f]{10}\.png$/);
    expect(html).toContain(`<img class="cafe" src="/tricky/${local}" alt="">`);
    expect(manifest.missing).toEqual([]);
  });

  it('ends a script whose text holds "<!--<script>" at its own </script>', async () => {
    const { html } = await read();
    expect(html).not.toContain('escapedRan');
    expect(html).toContain('<body>\n<img class="cafe"');
    expect(html).toContain('alt="">\n<p class="after">after</p>');
  });

  it('finds an escaped u\\72l( in a stylesheet', async () => {
    const { html, manifest } = await read();
    const local = manifest.files[`${live.url}/tricky/img/esc.png`];
    expect(local).toMatch(/^assets\/esc\.[0-9a-f]{10}\.png$/);
    expect(html).toContain(`<style>.after { background: url("/tricky/${local}") no-repeat; }</style>`);
  });
});

describe('HAR 1.2', () => {
  it('saves the page a DevTools HAR recorded as a live capture saves it: the last page, its files and calls', async () => {
    const manifest = JSON.parse(await fs.readFile(path.join(root, 'orders', 'manifest.json'), 'utf8')) as CaptureManifest;
    const portal = 'https://portal.example.com';
    // page_2 of the file (page_1 is the login on the way), asked for at /orders, redirected to /orders/.
    expect(manifest.address).toBe(`${portal}/orders`);
    expect(manifest.url).toBe(`${portal}/orders/`);
    expect(manifest.files).toEqual({
      [`${portal}/orders/`]: 'index.html',
      [`${portal}/orders`]: 'index.html',
      [`${portal}/css/portal.css`]: expect.stringMatching(/^assets\/portal\.[0-9a-f]{10}\.css$/),
      [`${portal}/img/logo.png`]: expect.stringMatching(/^assets\/logo\.[0-9a-f]{10}\.png$/),
      [`${portal}/img/bg.png`]: expect.stringMatching(/^assets\/bg\.[0-9a-f]{10}\.png$/),
    });
    expect(manifest.missing).toEqual([]);
    expect(manifest.recorded).toEqual([
      { method: 'GET', url: `${portal}/orders/list?page=2`, path: '/orders/list?page=2', status: 200, contentType: 'text/html; charset=utf-8', body: 'recorded/01-list.html' },
    ]);
    expect(manifest.skipped).toMatchObject({ scripts: [`${portal}/js/portal.js`], veneerTags: ['<script defer src="/Content/scripts/dist/veneer.js"></script>'], crossOriginCalls: ['POST https://analytics.example.net/collect'] });
    expect(await fs.readFile(path.join(root, 'orders', 'recorded', '01-list.html'), 'utf8')).toContain('<li>Order 1003</li>');
    const logo = await fs.readFile(path.join(root, 'orders', manifest.files[`${portal}/img/logo.png`]));
    expect(logo.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(harLines[0]).toBe(`read ${DEVTOOLS_HAR}: ${portal}/orders/ (HTTP 200), 8 entries`);
  });

  it('writes the HAR of a capture, which saves the same page again', async () => {
    const har = JSON.parse(await fs.readFile(shopHar, 'utf8'));
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries[0]).toMatchObject({ _resourceType: 'document', request: { method: 'GET', url: `${live.url}/shop/` }, response: { status: 200 } });
    await importHar({ har: shopHar, name: 'shop-again', root, offline: true, log: () => {} });
    const read = async (name: string) => JSON.parse(await fs.readFile(path.join(root, name, 'manifest.json'), 'utf8')) as CaptureManifest;
    const [shop, again] = [await read('shop'), await read('shop-again')];
    // The same files under the same names (content hashes), the same recorded call.
    expect(again.files).toEqual(shop.files);
    expect(again.recorded).toEqual(shop.recorded);
    expect(again.missing.map((m) => m.url)).toEqual(shop.missing.map((m) => m.url));
    expect(await fs.readFile(path.join(root, 'shop-again', 'index.html'), 'utf8')).toBe((await fs.readFile(path.join(root, 'shop', 'index.html'), 'utf8')).replaceAll('/shop/assets/', '/shop-again/assets/'));
    await fs.rm(path.join(root, 'shop-again'), { recursive: true });
  });
});

describe('offline replay of the captured page', () => {
  let harness: HarnessServer;
  let browser: Browser;
  beforeAll(async () => {
    harness = await startServer({ port: 0, root });
    browser = await puppeteer.launch({ headless: true, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  it('loads everything from the harness and answers the recorded call', async () => {
    await live.close(); // the live site is gone: only the harness answers
    const page = await browser.newPage();
    await page.setCacheEnabled(false);
    await page.setRequestInterception(true);
    const aborted: string[] = [];
    const served: { url: string; status: number }[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(harness.url + '/')) return void request.continue();
      aborted.push(request.url());
      return void request.abort('blockedbyclient');
    });
    page.on('response', (response) => served.push({ url: response.url(), status: response.status() }));
    await page.goto(`${harness.url}/shop/`, { waitUntil: 'load' });
    await page.evaluate(() => (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready());

    const state = await page.evaluate(async () => {
      const logo = document.querySelector<HTMLImageElement>('img.logo')!;
      const hero = getComputedStyle(document.querySelector('.hero')!);
      const response = await fetch('/api/items?page=1');
      return {
        logo: { width: logo.naturalWidth, current: logo.currentSrc },
        background: hero.backgroundImage,
        font: hero.fontFamily,
        sheets: document.styleSheets.length,
        ran: 'appRan' in window,
        items: { status: response.status, type: response.headers.get('content-type'), replay: response.headers.get('x-veneer-replay'), body: await response.json() },
      };
    });
    expect(aborted).toEqual([]);
    expect(state.logo.width).toBeGreaterThan(0);
    expect(state.logo.current).toMatch(new RegExp(`^${harness.url}/shop/assets/logo\\.`));
    expect(state.background).toMatch(new RegExp(`^url\\("${harness.url}/shop/assets/bg\\.[0-9a-f]{10}\\.png"\\)$`));
    expect(state.font).toBe('Shop, sans-serif');
    expect(state.ran).toBe(false);
    expect(state.items).toEqual({ status: 200, type: 'application/json', replay: 'shop: GET /api/items?page=1', body: ITEMS });
    // The stylesheet, its import, the background image and the font came from the harness.
    const ok = (pattern: RegExp) => served.some((r) => pattern.test(r.url) && r.status === 200);
    expect(ok(/\/shop\/assets\/site\.[0-9a-f]+\.css$/)).toBe(true);
    expect(ok(/\/shop\/assets\/bg\.[0-9a-f]+\.png$/)).toBe(true);
    expect(ok(/\/shop\/assets\/shop\.[0-9a-f]+\.woff2$/)).toBe(true);
    expect(ok(/\/Content\/scripts\/dist\/veneer\.js$/)).toBe(true);
    await page.close();
  });

  it('serves a page imported from a DevTools HAR: its styles and images, a feature on it, its recorded call replayed', async () => {
    const page = await browser.newPage();
    await page.setCacheEnabled(false);
    await page.setRequestInterception(true);
    const aborted: string[] = [];
    const replayed: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(harness.url + '/')) return void request.continue();
      aborted.push(request.url());
      return void request.abort('blockedbyclient');
    });
    page.on('response', (response) => {
      if (response.url().includes('/orders/list')) replayed.push(response.headers()['x-veneer-replay']);
    });
    await page.goto(`${harness.url}/orders/`, { waitUntil: 'load' });
    await page.evaluate(() => (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready());
    const before = await page.evaluate(() => ({
      logo: document.querySelector<HTMLImageElement>('img.logo')!.naturalWidth,
      heading: getComputedStyle(document.querySelector('h1')!).color,
      header: getComputedStyle(document.querySelector('.portal-header')!).backgroundImage,
      ran: document.documentElement.classList.contains('portal-js'),
      enhanced: document.querySelector('.js-ajax-list')!.getAttribute('data-enhanced'),
    }));
    expect(before).toEqual({ logo: 48, heading: 'rgb(0, 90, 40)', header: expect.stringMatching(new RegExp(`^url\\("${harness.url}/orders/assets/bg\\.[0-9a-f]{10}\\.png"\\)$`)), ran: false, enhanced: 'ajax-list' });
    // The pager, as the visitor recorded it: page 2 of the list comes from the recording.
    await page.click('.js-ajax-page');
    await page.waitForFunction(() => document.querySelector('.js-ajax-results h2')?.textContent === 'Orders 3 to 4' && !document.querySelector('.js-ajax-results[aria-busy]'), { timeout: 5000 });
    expect(await page.$$eval('.js-ajax-results li', (items) => items.map((li) => li.textContent))).toEqual(['Order 1003', 'Order 1004']);
    expect(await page.evaluate(() => location.pathname + location.search)).toBe('/orders/?page=2');
    expect(replayed).toEqual(['orders: GET /orders/list?page=2']);
    expect(aborted).toEqual([]);
    await page.close();
  });

  it('answers a recorded call by its path alone when one captured page holds it, and only that call', async () => {
    const own = await fetch(`${harness.url}/api/items?page=1`);
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual(ITEMS);
    // Another query, method or a contract path: not recorded.
    expect((await fetch(`${harness.url}/api/items?page=2`)).status).toBe(404);
    expect((await fetch(`${harness.url}/api/items?page=1`, { method: 'POST', body: 'x' })).status).not.toBe(200);
    const news = await fetch(`${harness.url}/news/list?page=1`);
    expect(news.headers.get('x-veneer-replay')).toBeNull();
    // What the browser asks for as a document (or image, stylesheet…) is never a recording.
    const page = await browser.newPage();
    const response = await page.goto(`${harness.url}/api/items?page=1`);
    expect(response?.status()).toBe(404);
    await page.close();
  });
});
