// @vitest-environment node
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import { mkdtemp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { REGISTRY_FILE } from '../../src/harness/page-features';
import { STRICT_CSP, startServer, type HarnessServer, type LogEntry } from '../../src/harness/server';

const SECRET = 'TOP-SECRET-harness-test';
const PDF = Buffer.from('%PDF-1.4\n% fixture pdf\n%%EOF\n');
const TXT = Buffer.from('plain text fixture\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const BIG_CSS = `body { color: #222; }\n${'.x { margin: 0; }\n'.repeat(6000)}`;
const CORE_JS = '/* core */ console.log("veneer core");\n';
const CHUNK_JS = '/* chunk */ console.log("carousel");\n';

let tmp: string;
let root: string;
let dist: string;
let harness: HarnessServer;
const logs: LogEntry[] = [];

async function put(file: string, content: string | Buffer) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

/** A request sent byte-for-byte as written (fetch would normalise '..' and friends). */
function raw(
  urlPath: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; port?: number } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: options.port ?? harness.port, path: urlPath, method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const get = (p: string, init?: RequestInit) => fetch(harness.url + p, init);

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'veneer-harness-'));
  root = path.join(tmp, 'pages');
  dist = path.join(tmp, 'dist');
  await put(path.join(tmp, 'secret.txt'), SECRET);
  await put(
    path.join(root, 'home', 'index.html'),
    '<!doctype html>\n<html><head><title>Home &amp; away</title>\n<link rel="stylesheet" href="/Content/css/site.css">\n</head><body><h1>Home</h1></body></html>\n',
  );
  await put(path.join(root, 'home', 'extra.html'), '<!doctype html><html><head><title>Extra</title></head><body>extra</body></html>');
  await put(
    path.join(root, 'tagged', 'index.html'),
    '<!doctype html>\n<html><head><title>Tagged</title>\n<script defer src="/Content/scripts/dist/veneer.js?v=1"\n        data-analytics-id="G-TEST"></script>\n<script src="/Content/scripts/legacy.js"></script>\n</head><body><p>kept</p></body></html>\n',
  );
  await put(path.join(root, '_private', 'index.html'), '<title>private</title>');
  await put(path.join(root, '.hidden', 'index.html'), '<title>hidden</title>');
  await put(path.join(root, '_site', '.env'), SECRET);
  // A symlink inside the root that leads out of it.
  await mkdir(path.join(root, '_site', 'media'), { recursive: true });
  await symlink(path.join(tmp, 'secret.txt'), path.join(root, '_site', 'media', 'link-out.txt'));
  await put(path.join(root, '_site', 'Content', 'css', 'site.css'), BIG_CSS);
  await put(path.join(root, '_site', 'media', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await put(path.join(root, '_site', 'media', 'pixel.png'), PNG);
  await put(path.join(root, '_site', 'media', 'font.woff2'), Buffer.from('wOF2'));
  await put(path.join(root, '_site', 'media', 'event.ics'), 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  await put(path.join(root, '_site', 'media', 'data.json'), '{"a":1}');
  await put(path.join(root, '_site', 'media', 'blob.bin'), Buffer.from([1, 2, 3]));
  await put(path.join(root, '_site', 'fragments', 'card.html'), '<div class="card">fragment</div>');
  await put(path.join(root, '_site', 'media', 'files', 'brochure.pdf'), PDF);
  await put(path.join(root, '_site', 'media', 'files', 'readme.txt'), TXT);
  await put(
    path.join(root, '_site', 'media', 'files', 'media.json'),
    JSON.stringify({
      '1': { file: 'brochure.pdf', title: 'Brochure', type: 'PDF' },
      '2': { file: 'readme.txt', title: 'Read me', type: 'TXT' },
      '3': { file: '../../../../secret.txt', title: 'Escape', type: 'TXT' },
      '4': { file: 'missing.pdf', title: 'Missing', type: 'PDF' },
    }),
  );
  await put(path.join(dist, 'veneer.js'), CORE_JS);
  await put(path.join(dist, 'carousel.ab12cd.js'), CHUNK_JS);
  await put(path.join(dist, 'chunks.json'), '{"carousel":"carousel.ab12cd.js"}');
  // No UI build there yet: / falls back to the plain catalogue (the UI test writes one).
  harness = await startServer({ port: 0, root, distDir: dist, uiDir: path.join(tmp, 'ui'), log: (e) => logs.push(e) });
});

afterAll(async () => {
  await harness?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('pages and the catalogue', () => {
  it('lists the pages (not _ or hidden folders) as HTML and JSON', async () => {
    const list = (await (await get('/__pages.json')).json()) as { name: string; path: string; title: string }[];
    const registry = JSON.parse(await readFile(REGISTRY_FILE, 'utf8')) as Record<string, string>;
    // Only the page feature (hook: the <html> element) is on a page without hooks; the tagged
    // page's veneer tag carries data-analytics-id (the analytics feature's hook).
    const only = (...names: string[]) => ({ features: Object.fromEntries(Object.keys(registry).map((name) => [name, names.includes(name)])), hooks: [], other: [] });
    expect(list).toEqual([
      { name: 'home', path: '/home/', title: 'Home & away', ...only('page') },
      { name: 'tagged', path: '/tagged/', title: 'Tagged', ...only('page', 'analytics') },
    ]);
    const res = await get('/');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = await res.text();
    expect(body).toContain('<a href="/home/">Home &amp; away</a>');
    expect(body).toContain('href="/tagged/"');
    expect(body).not.toContain('_private');
    expect(body).not.toContain('_site');
  });

  it('injects the veneer script before </head> of a page without it', async () => {
    const res = await get('/home/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = await res.text();
    expect(body).toContain('<script defer src="/Content/scripts/dist/veneer.js"></script>\n</head>');
    expect(body.match(/veneer\.js/g)).toHaveLength(1);
    const extra = await (await get('/home/extra.html')).text();
    expect(extra).toContain('<script defer src="/Content/scripts/dist/veneer.js"></script>\n</head>');
  });

  it('does not inject a second tag when the page has one (query ignored)', async () => {
    const body = await (await get('/tagged/')).text();
    expect(body.match(/veneer\.js/g)).toHaveLength(1);
    expect(body).toContain('src="/Content/scripts/dist/veneer.js?v=1"');
  });

  it('points a tag with data-analytics-id at the analytics stand-in, unless ?analytics=ga4', async () => {
    const body = await (await get('/tagged/')).text();
    expect(body).toContain('data-analytics-id="G-TEST" data-analytics-endpoint="/__stubs/analytics/collect"></script>');
    expect(await (await get('/tagged/?analytics=ga4')).text()).not.toContain('data-analytics-endpoint');
    expect(await (await get('/home/')).text()).not.toContain('data-analytics-endpoint');
  });

  it('?veneer=off serves the page as the CMS sent it, without any veneer tag', async () => {
    const home = await (await get('/home/?veneer=off')).text();
    expect(home).not.toContain('veneer');
    expect(home).toContain('<h1>Home</h1>');
    const tagged = await (await get('/tagged/?veneer=off')).text();
    expect(tagged).not.toContain('veneer.js');
    expect(tagged).not.toContain('G-TEST');
    expect(tagged).toContain('<script src="/Content/scripts/legacy.js"></script>');
    expect(tagged).toContain('<p>kept</p>');
  });

  it('?veneer-src= chooses the injected or replaced src, escaped, same-origin only', async () => {
    const src = '/cdn/x/veneer.js?v=3&x="><b>';
    const home = await (await get(`/home/?veneer-src=${encodeURIComponent(src)}`)).text();
    expect(home).toContain('<script defer src="/cdn/x/veneer.js?v=3&amp;x=&quot;&gt;&lt;b&gt;"></script>');
    expect(home).not.toContain('"><b>');
    const tagged = await (await get('/tagged/?veneer-src=/cdn/x/veneer.js')).text();
    expect(tagged).toContain('src="/cdn/x/veneer.js"');
    expect(tagged).toContain('data-analytics-id="G-TEST"');
    expect(tagged.match(/veneer\.js/g)).toHaveLength(1);
    for (const bad of ['//evil.example/veneer.js', 'https://evil.example/veneer.js', 'veneer.js', '/\\evil.example/x.js', 'javascript:alert(1)']) {
      expect((await get(`/home/?veneer-src=${encodeURIComponent(bad)}`)).status, bad).toBe(400);
    }
  });

  it('redirects a page folder without its trailing slash, keeping the query', async () => {
    const res = await raw('/home?veneer=off');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/home/?veneer=off');
  });

  it('serves page-relative files and the _site overlay, not _ folders as pages', async () => {
    expect((await get('/_private/')).status).toBe(404);
    expect((await get('/_site/Content/css/site.css')).status).toBe(404);
    const fragment = await get('/fragments/card.html');
    expect(fragment.status).toBe(200);
    expect(await fragment.text()).toBe('<div class="card">fragment</div>');
    expect((await get('/no/such/file.css')).status).toBe(404);
    // No favicon in _site: 204, so browsers log no 404 in every test.
    expect((await get('/favicon.ico')).status).toBe(204);
  });

  it('serves the harness UI build at its routes and its assets under /__ui/', async () => {
    expect((await get('/view/home')).status).toBe(404); // not built yet
    const ui = path.join(tmp, 'ui');
    await put(path.join(ui, 'index.html'), '<!doctype html><title>ui</title><script type="module" src="/__ui/ui.0123abcd.js"></script>');
    await put(path.join(ui, 'ui.0123abcd.js'), 'console.log(1)');
    await put(path.join(ui, 'notes.txt'), 'x');
    for (const route of ['/', '/view/home', '/view/home/', '/snapshots']) {
      const res = await get(route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await res.text()).toContain('/__ui/ui.0123abcd.js');
    }
    expect((await get('/view/home/x')).status).toBe(404);
    expect((await get('/', { method: 'POST' })).status).toBe(405);
    const js = await get('/__ui/ui.0123abcd.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/__ui/notes.txt')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/__ui/missing.js')).status).toBe(404);
    expect((await raw('/__ui/../secret.txt')).status).not.toBe(200);
    expect((await raw('/__ui/%2e%2e/%2e%2e/secret.txt')).status).toBe(403);
    // The page list is still JSON.
    expect((await get('/__pages.json')).headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});

describe('build output', () => {
  it('serves the core with no-cache and hashed chunks as immutable, also under /cdn/x/', async () => {
    for (const base of ['/Content/scripts/dist/', '/cdn/x/']) {
      const core = await get(`${base}veneer.js`);
      expect(core.status).toBe(200);
      expect(core.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(core.headers.get('cache-control')).toBe('no-cache');
      expect(await core.text()).toBe(CORE_JS);
      const chunk = await get(`${base}carousel.ab12cd.js`);
      expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await chunk.text()).toBe(CHUNK_JS);
      const manifest = await get(`${base}chunks.json`);
      expect(manifest.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
    }
    expect((await get('/Content/scripts/dist/nope.js')).status).toBe(404);
  });
});

describe('path traversal', () => {
  const attempts = [
    '/..%2f..%2fsecret.txt',
    '/..%2f..%2f..%2fsecret.txt',
    '/..%2f..%2fetc/passwd',
    '/%2e%2e/%2e%2e/secret.txt',
    '/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/../../secret.txt',
    '/..\\..\\secret.txt',
    '/..%5c..%5csecret.txt',
    '/home/..%2f..%2fsecret.txt',
    '/home/../../secret.txt',
    '/Content/scripts/dist/..%2fsecret.txt',
    '/Content/scripts/dist/..%2f..%2fsecret.txt',
    '/cdn/x/%2e%2e%2fsecret.txt',
    '/cdn/x/..%5csecret.txt',
    '/Content/scripts/dist/../../../secret.txt',
    '/%c0%ae%c0%ae/secret.txt',
    '/media%00/../../secret.txt',
    '/.env',
    '/%2eenv',
    '/.hidden/',
    '/media/link-out.txt',
  ];
  it.each(attempts)('refuses %s', async (attempt) => {
    const res = await raw(attempt);
    expect([400, 403, 404]).toContain(res.status);
    expect(res.body.toString()).not.toContain(SECRET);
  });
});

describe('content types and HEAD', () => {
  const cases: [string, string][] = [
    ['/Content/css/site.css', 'text/css; charset=utf-8'],
    ['/media/logo.svg', 'image/svg+xml'],
    ['/media/pixel.png', 'image/png'],
    ['/media/font.woff2', 'font/woff2'],
    ['/media/event.ics', 'text/calendar; charset=utf-8'],
    ['/media/data.json', 'application/json; charset=utf-8'],
    ['/media/files/brochure.pdf', 'application/pdf'],
    ['/media/files/readme.txt', 'text/plain; charset=utf-8'],
    ['/media/blob.bin', 'application/octet-stream'],
  ];
  it.each(cases)('%s is %s', async (p, type) => {
    const res = await get(p);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await raw('/media/files/brochure.pdf', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(PDF.length));
    expect(res.body.length).toBe(0);
  });

  it('refuses other methods on static files', async () => {
    expect((await get('/media/logo.svg', { method: 'POST', body: 'x' })).status).toBe(405);
  });
});

describe('GET /download-zip/<ids>', () => {
  it('returns a zip of the media files', async () => {
    const res = await get('/download-zip/1,2');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="media.zip"');
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(['brochure.pdf', 'readme.txt']);
    expect(Buffer.from(entries['brochure.pdf']).equals(PDF)).toBe(true);
    expect(Buffer.from(entries['readme.txt']).equals(TXT)).toBe(true);
  });

  it('zips a repeated id once', async () => {
    const entries = unzipSync(new Uint8Array(await (await get('/download-zip/2,2')).arrayBuffer()));
    expect(Object.keys(entries)).toEqual(['readme.txt']);
  });

  it('answers 404 for an unknown id or a missing file, and never leaves _site', async () => {
    expect((await get('/download-zip/99')).status).toBe(404);
    expect((await get('/download-zip/1,99')).status).toBe(404);
    expect((await get('/download-zip/4')).status).toBe(404);
    const escape = await get('/download-zip/3');
    expect(escape.status).toBe(403);
    expect(await escape.text()).not.toContain(SECRET);
  });

  it.each(['1/../../admin', '1%2F..%2F..%2Fadmin', '1e3', '-1', 'abc', '0', '01', '1,', ',1', '1,,2', '1%3Fx%3D', '1.5', '%3Cimg%3E', ''])(
    'answers 400 for %s',
    async (ids) => {
      expect((await raw(`/download-zip/${ids}`)).status).toBe(400);
    },
  );

  it('answers 404 when the media catalogue is missing', async () => {
    const bare = await mkdtemp(path.join(tmpdir(), 'veneer-harness-bare-'));
    const other = await startServer({ port: 0, root: bare, distDir: dist });
    try {
      expect((await fetch(`${other.url}/download-zip/1`)).status).toBe(404);
    } finally {
      await other.close();
      await rm(bare, { recursive: true, force: true });
    }
  });
});

describe('POST /forms/<name>', () => {
  it('records url-encoded and multipart posts and answers JSON to fetch', async () => {
    await get('/__posts', { method: 'DELETE' });
    const a = await get('/forms/popup', {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: new URLSearchParams([['email', 'a@example.com'], ['topic', 'x'], ['topic', 'y']]),
    });
    expect(a.status).toBe(200);
    expect(await a.json()).toEqual({ ok: true, fields: ['email', 'topic'] });

    const form = new FormData();
    form.append('name', 'Zoë <b>');
    form.append('cv', new Blob(['hello'], { type: 'text/plain' }), 'cv.txt');
    const b = await get('/forms/contact', { method: 'POST', headers: { 'X-Requested-With': 'XMLHttpRequest' }, body: form });
    expect(b.status).toBe(200);
    expect(((await b.json()) as { fields: string[] }).fields).toEqual(['name', 'cv']);

    const posts = (await (await get('/__posts')).json()) as { path: string; fields: Record<string, unknown>; time: string; contentType: string }[];
    expect(posts).toHaveLength(2);
    expect(posts[0].path).toBe('/forms/popup');
    expect(posts[0].contentType).toBe('application/x-www-form-urlencoded');
    expect(posts[0].fields).toEqual({ email: 'a@example.com', topic: ['x', 'y'] });
    expect(Number.isNaN(Date.parse(posts[0].time))).toBe(false);
    expect(posts[1].path).toBe('/forms/contact');
    expect(posts[1].contentType).toBe('multipart/form-data');
    expect(posts[1].fields).toEqual({ name: 'Zoë <b>', cv: { filename: 'cv.txt', size: 5, type: 'text/plain' } });

    expect((await get('/__posts', { method: 'DELETE' })).status).toBe(204);
    expect(await (await get('/__posts')).json()).toEqual([]);
  });

  it('answers a plain form navigation with a Thank-you page', async () => {
    const res = await raw('/forms/newsletter', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
      body: 'email=b%40example.com',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body.toString()).toContain('Thank you');
    const posts = (await (await get('/__posts')).json()) as { fields: Record<string, unknown> }[];
    expect(posts.at(-1)?.fields).toEqual({ email: 'b@example.com' });
  });

  it('refuses other encodings and methods', async () => {
    expect((await get('/forms/popup', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' })).status).toBe(415);
    expect((await get('/forms/popup')).status).toBe(405);
  });
});

describe('GET /news/list', () => {
  const count = (body: string) => (body.match(/class="news-item"/g) ?? []).length;

  it('returns one .js-ajax-results block, 6 per page, with a pager', async () => {
    const res = await get('/news/list');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = await res.text();
    expect(body.startsWith('<div class="js-ajax-results"')).toBe(true);
    expect(body).toContain('<p class="results-count">20 results</p>');
    expect(count(body)).toBe(6);
    expect(body.match(/class="js-ajax-page[^"]*"/g)).toHaveLength(4);
    expect(body).toContain('href="/news/?page=2&amp;category=all"');
    expect(body).toMatch(/<a class="js-ajax-page is-current" href="\/news\/\?page=1&amp;category=all" aria-current="page">1<\/a>/);
    const last = await (await get('/news/list?page=4')).text();
    expect(count(last)).toBe(2);
  });

  it('filters by category and by a case-insensitive title substring', async () => {
    const events = await (await get('/news/list?category=events')).text();
    expect(events).toContain('<p class="results-count">6 results</p>');
    expect(events).not.toContain('js-ajax-page');
    expect(events.match(/data-category="(\w+)"/g)?.every((m) => m === 'data-category="events"')).toBe(true);

    const pump = await (await get('/news/list?q=PUMP')).text();
    expect(pump).toContain('<p class="results-count">4 results</p>');
    expect(pump).toContain('Compact pump range doubles its efficiency');

    const products2 = await (await get('/news/list?category=products&page=2')).text();
    expect(products2).toContain('<p class="results-count">8 results</p>');
    expect(count(products2)).toBe(2);
    expect(products2).toContain('href="/news/?page=1&amp;category=products"');

    const none = await (await get('/news/list?category=company&q=pump')).text();
    expect(none).toContain('<p class="results-count">0 results</p>');
    expect(none).toContain('results-empty');
  });

  it('escapes fixture text and query values', async () => {
    const body = await (await get('/news/list?q=script')).text();
    expect(body).toContain('<p class="results-count">1 result</p>');
    expect(body).toContain('&lt;script&gt;alert(&quot;news&quot;)&lt;/script&gt; is not a product');
    expect(body).not.toContain('<script');
    expect(body).not.toContain('<b>');
    const rd = await (await get('/news/list?q=r%26d')).text();
    expect(rd).toContain('R&amp;D centre opens in Eindhoven');
    const paged = await (await get('/news/list?q=%22%3E%3Cx&category=all')).text();
    expect(paged).not.toContain('"><x');
  });
});

describe('faults', () => {
  it('__fault=500 and __fault=404 replace any answer', async () => {
    expect((await get('/Content/css/site.css?__fault=500')).status).toBe(500);
    expect((await get('/home/?__fault=404')).status).toBe(404);
    expect((await get('/news/list?__fault=500')).status).toBe(500);
    expect((await get('/__fault/500/Content/scripts/dist/veneer.js')).status).toBe(500);
  });

  it('__fault=empty answers 204 without a body', async () => {
    const res = await get('/news/list?__fault=empty');
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });

  it('__fault=truncate sends half the body then drops the connection', async () => {
    const read = async (p: string) => {
      try {
        return (await (await get(p)).text()).length;
      } catch {
        return -1; // rejected: the connection died mid-body
      }
    };
    for (const p of ['/Content/css/site.css?__fault=truncate', '/__fault/truncate/Content/css/site.css']) {
      const length = await read(p);
      expect(length, p).toBeLessThan(BIG_CSS.length);
    }
    const rawRes = await new Promise<{ received: number; announced: number; error: boolean }>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port: harness.port, path: '/Content/css/site.css?__fault=truncate', agent: false }, (res) => {
        let received = 0;
        res.on('data', (c: Buffer) => (received += c.length));
        res.on('error', () => resolve({ received, announced: Number(res.headers['content-length']), error: true }));
        res.on('close', () => resolve({ received, announced: Number(res.headers['content-length']), error: !res.complete }));
      });
      req.on('error', () => resolve({ received: 0, announced: 0, error: true }));
    });
    expect(rawRes.announced).toBe(BIG_CSS.length);
    expect(rawRes.received).toBe(Math.floor(BIG_CSS.length / 2));
    expect(rawRes.error).toBe(true);
  });

  it('__fault=slow waits __delay ms then answers normally; the path form carries it to relative URLs', async () => {
    let t = Date.now();
    const res = await get('/Content/scripts/dist/veneer.js?__fault=slow&__delay=300');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(CORE_JS);
    expect(Date.now() - t).toBeGreaterThanOrEqual(290);

    t = Date.now();
    const chunk = await get('/__fault/slow-200/Content/scripts/dist/carousel.ab12cd.js');
    expect(await chunk.text()).toBe(CHUNK_JS);
    expect(Date.now() - t).toBeGreaterThanOrEqual(190);
    expect(new URL('carousel.ab12cd.js', `${harness.url}/__fault/slow/Content/scripts/dist/veneer.js`).pathname).toBe(
      '/__fault/slow/Content/scripts/dist/carousel.ab12cd.js',
    );
  });

  it('stops waiting when the client disconnects', async () => {
    const ac = new AbortController();
    const started = Date.now();
    const pending = get('/media/logo.svg?__fault=slow&__delay=60000&probe=abort', { signal: ac.signal });
    setTimeout(() => ac.abort(), 100);
    await expect(pending).rejects.toThrow();
    for (let i = 0; i < 50 && !logs.some((e) => e.url.includes('probe=abort')); i++) await new Promise((r) => setTimeout(r, 20));
    const entry = logs.find((e) => e.url.includes('probe=abort'));
    expect(entry?.status).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('__fault=reset drops the connection without an answer; unknown faults are 400', async () => {
    await expect(get('/home/?__fault=reset')).rejects.toThrow();
    expect((await get('/home/?__fault=explode')).status).toBe(400);
    expect((await get('/__fault/explode/home/')).status).toBe(400);
  });

  it('logs each request', () => {
    const entry = logs.find((e) => e.url === '/download-zip/1,2');
    expect(entry).toMatchObject({ method: 'GET', status: 200 });
    expect(typeof entry?.ms).toBe('number');
  });
});

describe('strict CSP', () => {
  it('adds the policy to a page with ?csp=strict only', async () => {
    const strict = await get('/home/?csp=strict');
    expect(strict.headers.get('content-security-policy')).toBe(STRICT_CSP);
    expect(STRICT_CSP).toContain("require-trusted-types-for 'script'; trusted-types veneer veneer-youtube dompurify");
    expect(STRICT_CSP).toContain('report-uri /__csp-report');
    expect((await get('/home/')).headers.get('content-security-policy')).toBeNull();
  });

  it('records POSTed reports; GET lists, DELETE clears', async () => {
    await get('/__csp-reports', { method: 'DELETE' });
    const report = { 'csp-report': { 'document-uri': `${harness.url}/home/`, 'violated-directive': 'style-src', 'blocked-uri': 'inline' } };
    const post = await get('/__csp-report', { method: 'POST', headers: { 'Content-Type': 'application/csp-report' }, body: JSON.stringify(report) });
    expect(post.status).toBe(204);
    const list = (await (await get('/__csp-reports')).json()) as { report: Record<string, string> }[];
    expect(list).toHaveLength(1);
    expect(list[0].report['violated-directive']).toBe('style-src');
    await get('/__csp-reports', { method: 'DELETE' });
    expect(await (await get('/__csp-reports')).json()).toEqual([]);
  });

  it('the csp option puts the policy on every page (?csp=off opts out)', async () => {
    const strict = await startServer({ port: 0, root, distDir: dist, csp: true });
    try {
      expect((await fetch(`${strict.url}/home/`)).headers.get('content-security-policy')).toBe(STRICT_CSP);
      expect((await fetch(`${strict.url}/home/?csp=off`)).headers.get('content-security-policy')).toBeNull();
      expect((await fetch(`${strict.url}/Content/css/site.css`)).headers.get('content-security-policy')).toBeNull();
    } finally {
      await strict.close();
    }
  });
});

describe('offline stand-ins', () => {
  it('serves the YouTube IFrame API stand-in and its embed page', async () => {
    const api = await get('/__stubs/youtube/iframe_api');
    expect(api.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const js = await api.text();
    expect(js).toContain('onYouTubeIframeAPIReady');
    expect(js).toContain('/__stubs/youtube/embed/');
    expect(() => new Function(js)).not.toThrow();
    const embed = await get('/__stubs/youtube/embed/abc_DEF-1?autoplay=1');
    expect(embed.status).toBe(200);
    expect(await embed.text()).toContain('data-video-id="abc_DEF-1"');
    expect((await get('/__stubs/youtube/embed/%3Cx%3E')).status).toBe(404);
  });

  it('records analytics hits (GET and POST)', async () => {
    await get('/__analytics', { method: 'DELETE' });
    expect((await get('/__stubs/analytics/collect?en=page_view&dl=%2Fhome%2F')).status).toBe(204);
    await get('/__stubs/analytics/collect?en=scroll', { method: 'POST', body: 'en=scroll&percent=50' });
    const hits = (await (await get('/__analytics')).json()) as { method: string; query: Record<string, string>; body: string }[];
    expect(hits.map((h) => h.method)).toEqual(['GET', 'POST']);
    expect(hits[0].query).toEqual({ en: 'page_view', dl: '/home/' });
    expect(hits[1].body).toBe('en=scroll&percent=50');
    expect(harness.state.analytics.list()).toHaveLength(2);
  });

  it('serves a map stand-in with escaped parameters', async () => {
    const body = await (await get('/__stubs/map/embed?lat=55.6&lng=12.5&zoom=%3Cb%3E')).text();
    expect(body).toContain('data-lat="55.6"');
    expect(body).toContain('zoom &lt;b&gt;');
    expect(body).not.toContain('<b>');
  });
});
