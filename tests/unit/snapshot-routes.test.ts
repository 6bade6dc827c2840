// @vitest-environment node
// The harness routes for snapshot regression results: /__snapshots.json and /__snapshots/<page>/<file>.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type HarnessServer } from '../../src/harness/server';
import { latestResults, type SnapshotResult } from '../../src/harness/snapshot-results';

let tmp: string;
let harness: HarnessServer;

/** A request sent byte for byte (fetch would normalise '..'). */
function raw(urlPath: string, method = 'GET'): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: harness.port, path: urlPath, method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
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
