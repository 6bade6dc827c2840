// @vitest-environment node
// ?stack=legacy: a captured page served with the legacy stack (src/harness/legacy.ts) instead of veneer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LEGACY_FILES } from '../../src/harness/legacy';
import { transformPage } from '../../src/harness/inject';
import { startServer, type HarnessServer } from '../../src/harness/server';

let tmp: string;
let harness: HarnessServer;
const get = (p: string) => fetch(harness.url + p);
const PAGE = '<!doctype html><html><head><title>P</title><script defer src="/Content/scripts/dist/veneer.js"></script></head><body><p>x</p></body></html>';

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'veneer-legacy-'));
  await mkdir(path.join(tmp, 'pages', 'home'), { recursive: true });
  await writeFile(path.join(tmp, 'pages', 'home', 'index.html'), PAGE);
  harness = await startServer({ port: 0, root: path.join(tmp, 'pages'), distDir: path.join(tmp, 'dist'), uiDir: path.join(tmp, 'ui') });
});

afterAll(async () => {
  await harness?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('the legacy stack (?stack=legacy)', () => {
  it('replaces the veneer tag with the four legacy scripts, jQuery first, before </body>', async () => {
    const text = await (await get('/home/?stack=legacy')).text();
    expect(text).not.toContain('veneer.js');
    const srcs = [...text.matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1]);
    expect(srcs).toEqual(Object.keys(LEGACY_FILES).map((name) => `/__legacy/${name}`));
    expect(text.indexOf('/__legacy/slick.min.js')).toBeLessThan(text.indexOf('</body>'));
    expect(text.indexOf('<p>x</p>')).toBeLessThan(text.indexOf('/__legacy/jquery.min.js'));
  });

  it('leaves pages without the option alone', async () => {
    expect(await (await get('/home/')).text()).not.toContain('__legacy');
    expect(transformPage('<p>no body</p>', { enabled: false, legacy: true })).toMatch(/^<p>no body<\/p>\n<script src="\/__legacy\/jquery.min.js">/);
  });

  it('serves the installed files, Pikaday minified, and nothing else under /__legacy/', async () => {
    const require = createRequire(import.meta.url);
    const jquery = await get('/__legacy/jquery.min.js');
    expect(jquery.status).toBe(200);
    expect(jquery.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(Buffer.from(await jquery.arrayBuffer()).equals(await readFile(require.resolve('jquery/dist/jquery.min.js')))).toBe(true);
    const pikaday = await (await get('/__legacy/pikaday.min.js')).text();
    const source = await readFile(require.resolve('pikaday/pikaday.js'), 'utf8');
    expect(pikaday).toContain('Pikaday');
    expect(pikaday.length).toBeLessThan(source.length * 0.6);
    for (const bad of ['/__legacy/package.json', '/__legacy/..%2Fjquery.min.js', '/__legacy/constructor', '/__legacy/a/jquery.min.js'])
      expect((await get(bad)).status, bad).toBe(404);
  });
});

describe('compress: true (the bench serves pages as a site would)', () => {
  it('gzips text for clients that accept it, and only then', async () => {
    const { gunzipSync } = await import('node:zlib');
    const http = await import('node:http');
    const server = await startServer({ port: 0, root: path.join(tmp, 'pages'), distDir: path.join(tmp, 'dist'), uiDir: path.join(tmp, 'ui'), compress: true });
    const fetchRaw = (p: string, encoding?: string) =>
      new Promise<{ headers: import('node:http').IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port: server.port, path: p, headers: encoding ? { 'Accept-Encoding': encoding } : {} }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) })).on('error', reject);
        }).on('error', reject);
      });
    try {
      const zipped = await fetchRaw('/__legacy/jquery.min.js', 'gzip, br');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
      const plain = await fetchRaw('/__legacy/jquery.min.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
      expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
      expect((await fetchRaw('/home/', 'gzip')).headers['content-encoding']).toBeUndefined(); // under 256 bytes
    } finally {
      await server.close();
    }
    expect((await fetch(harness.url + '/__legacy/jquery.min.js')).headers.get('content-encoding')).toBeNull();
  });
});
