// @vitest-environment node
// The harness routes for snapshot regression results: /__snapshots.json, /__snapshots/<page>/<file>
// and POST /__snapshots/approve.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type HarnessServer } from '../../src/harness/server';
import { latestResults, type SnapshotResult } from '../../src/harness/snapshot-results';

let tmp: string;
let harness: HarnessServer;

/** A request sent byte for byte (fetch would normalise '..'). */
function raw(urlPath: string, method = 'GET', headers: Record<string, string> = {}, body?: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: harness.port, path: urlPath, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function put(file: string, content: string) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

describe('harness snapshot routes', () => {
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'veneer-snapshot-routes-'));
    await put(path.join(tmp, 'pages', 'home', 'index.html'), '<!doctype html><title>home</title>');
    await put(path.join(tmp, 'stored', 'home', 'loaded.aria.txt'), 'stored text\n');
    await put(path.join(tmp, 'stored', 'home', 'loaded.png'), 'stored png');
    await put(path.join(tmp, 'stored', 'home', 'loaded.actual.png'), 'a stored file never served by this name');
    await put(path.join(tmp, 'artifacts', 'home', 'loaded.actual.png'), 'actual png');
    await put(path.join(tmp, 'artifacts', 'home', 'loaded.actual.aria.txt'), 'actual text\n');
    await put(path.join(tmp, 'artifacts', 'home', 'loaded.diff.png'), 'diff png');
    await put(path.join(tmp, 'secret.txt'), 'SECRET');
    harness = await startServer({
      port: 0,
      root: path.join(tmp, 'pages'),
      snapshotsDir: path.join(tmp, 'stored'),
      snapshotArtifactsDir: path.join(tmp, 'artifacts'),
    });
  });
  afterAll(async () => {
    await harness?.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it('answers 404 for /__snapshots.json before any run, then serves the results', async () => {
    expect((await raw('/__snapshots.json')).status).toBe(404);
    await put(path.join(tmp, 'artifacts', 'results.json'), JSON.stringify({ pages: [{ page: 'home', state: 'loaded', status: 'same' }] }));
    const reply = await raw('/__snapshots.json');
    expect(reply.status).toBe(200);
    expect(reply.type).toMatch(/^application\/json/);
    expect(JSON.parse(reply.body).pages[0]).toEqual({ page: 'home', state: 'loaded', status: 'same' });
    expect((await raw('/__snapshots.json', 'POST')).status).toBe(405);
  });

  it('serves stored files from snapshots/ and actual and difference files from the artifacts', async () => {
    expect(await raw('/__snapshots/home/loaded.aria.txt')).toMatchObject({ status: 200, body: 'stored text\n' });
    expect(await raw('/__snapshots/home/loaded.png')).toMatchObject({ status: 200, type: 'image/png', body: 'stored png' });
    expect(await raw('/__snapshots/home/loaded.actual.png')).toMatchObject({ status: 200, body: 'actual png' });
    expect(await raw('/__snapshots/home/loaded.actual.aria.txt')).toMatchObject({ status: 200, body: 'actual text\n' });
    expect(await raw('/__snapshots/home/loaded.diff.png')).toMatchObject({ status: 200, body: 'diff png' });
    expect((await raw('/__snapshots/home/tabs.png')).status).toBe(404);
    expect((await raw('/__snapshots/home')).status).toBe(404);
  });

  it('never leaves its folders', async () => {
    for (const p of ['/__snapshots/../secret.txt', '/__snapshots/home/../../secret.txt', '/__snapshots/..%2fsecret.txt', '/__snapshots/%2e%2e/secret.txt', '/__snapshots/home/..%5c..%5csecret.txt']) {
      const reply = await raw(p);
      expect([403, 404], p).toContain(reply.status);
      expect(reply.body, p).not.toContain('SECRET');
    }
    expect((await raw('/__snapshots/.hidden')).status).toBe(404);
  });

  describe('approving one state\'s snapshot', () => {
    const stored = (file: string) => path.join(tmp, 'stored', file);
    const approve = (body: unknown, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
      raw('/__snapshots/approve', 'POST', headers, JSON.stringify(body));

    beforeAll(async () => {
      await put(stored('browser.json'), JSON.stringify({ version: 'Chrome/1.0' }));
      await put(stored('home/tabs.png'), 'old tabs png');
      await put(stored('home/tabs.aria.txt'), 'tabs text\n');
      await put(stored('home/expanded.png'), 'old expanded png');
      await put(stored('home/expanded.aria.txt'), 'old expanded text\n');
      await put(path.join(tmp, 'artifacts', 'home', 'tabs.actual.png'), 'new tabs png');
      await put(path.join(tmp, 'artifacts', 'home', 'tabs.actual.aria.txt'), 'tabs text\n');
      await put(path.join(tmp, 'artifacts', 'home', 'expanded.actual.png'), 'new expanded png');
      await put(path.join(tmp, 'artifacts', 'home', 'expanded.actual.aria.txt'), 'new expanded text\n');
      await put(
        path.join(tmp, 'artifacts', 'results.json'),
        JSON.stringify({
          generatedAt: '2026-01-02T03:04:05.000Z',
          updated: false,
          browser: { run: 'Chrome/2.0', recorded: 'Chrome/1.0' },
          pages: [
            { page: 'home', state: 'loaded', status: 'same' },
            { page: 'home', state: 'tabs', status: 'different', pixels: 40 },
            { page: 'home', state: 'expanded', status: 'different', pixels: 90 },
          ],
        }),
      );
    });

    it("rewrites that state's changed files only, and records the run's build for it", async () => {
      const expandedBefore = await stat(stored('home/expanded.png'));
      const textBefore = await stat(stored('home/tabs.aria.txt'));
      const reply = await approve({ page: 'home', state: 'tabs' });
      expect(reply.status).toBe(200);
      // The text had not changed: only the picture is rewritten.
      expect(JSON.parse(reply.body)).toEqual({ page: 'home', state: 'tabs', written: ['home/tabs.png'] });
      expect(await readFile(stored('home/tabs.png'), 'utf8')).toBe('new tabs png');
      expect((await stat(stored('home/tabs.aria.txt'))).mtimeMs).toBe(textBefore.mtimeMs);
      expect(await readFile(stored('home/expanded.png'), 'utf8')).toBe('old expanded png');
      expect((await stat(stored('home/expanded.png'))).mtimeMs).toBe(expandedBefore.mtimeMs);
      expect(JSON.parse(await readFile(stored('browser.json'), 'utf8'))).toEqual({ version: 'Chrome/1.0', approved: { 'home/tabs': 'Chrome/2.0' } });
      const results = JSON.parse((await raw('/__snapshots.json')).body);
      expect(results.pages.map((r: SnapshotResult) => `${r.state}: ${r.status}`)).toEqual(['loaded: same', 'tabs: approved', 'expanded: different']);
      // Approved once: nothing left to approve.
      expect((await approve({ page: 'home', state: 'tabs' })).status).toBe(404);
    });

    it('refuses what is not a new snapshot of the last run, another origin, and anything but JSON', async () => {
      expect((await approve({ page: 'home', state: 'loaded' })).status).toBe(404);
      expect((await approve({ page: 'home', state: 'nosuch' })).status).toBe(404);
      expect((await approve({ page: '..', state: 'tabs' })).status).toBe(404);
      expect((await approve({ page: 'home' })).status).toBe(400);
      expect((await approve({ page: 'home', state: 'expanded' }, { 'Content-Type': 'text/plain' })).status).toBe(415);
      expect((await approve({ page: 'home', state: 'expanded' }, { 'Content-Type': 'application/json', Origin: 'http://evil.example' })).status).toBe(403);
      expect((await raw('/__snapshots/approve')).status).toBe(405);
      expect(await readFile(stored('home/expanded.png'), 'utf8')).toBe('old expanded png');
      // From the harness's own origin it goes through.
      const reply = await approve({ page: 'home', state: 'expanded' }, { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${harness.port}` });
      expect(JSON.parse(reply.body).written).toEqual(['home/expanded.png', 'home/expanded.aria.txt']);
    });
  });
});

describe('latestResults', () => {
  it("keeps one result per page × state, a retried state's last attempt, where it first appeared", () => {
    const result = (page: string, state: string, status: SnapshotResult['status'], note?: string): SnapshotResult => ({ page, state, status, note });
    expect(
      latestResults([
        result('home', 'loaded', 'same'),
        result('home', 'tabs', 'different', 'first attempt'),
        result('home', 'tabs', 'different', 'retry'),
        result('news', 'tabs', 'different'),
        result('home', 'menu', 'different'),
        result('home', 'menu', 'same'),
      ]),
    ).toEqual([
      result('home', 'loaded', 'same'),
      result('home', 'tabs', 'different', 'retry'),
      result('news', 'tabs', 'different'),
      result('home', 'menu', 'same'),
    ]);
  });
});
