// Snapshot regression results for the harness UI:
//   GET /__snapshots.json            the last run's results (tests/artifacts/snapshots/results.json); 404 before any run
//   GET /__snapshots/<page>/<file>   a stored snapshot file (snapshots/), or, for `*.actual.*` and
//                                    `*.diff.png`, what the last run found (tests/artifacts/snapshots/)
//   POST /__snapshots/approve        {"page", "state"}: stores that state's snapshot as the last
//                                    run took it (its picture, and its text if that changed too);
//                                    no other state's files are touched
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { HttpError, errorReply, json, notFound, readBody, type Reply } from './http';
import { latestResults, snapshotUrl, type BrowserRecord, type SnapshotResults } from './snapshot-results';
import { lookup, readStatic, resolveInside } from './static';

export interface SnapshotDirs {
  /** The stored snapshots (<repo>/snapshots). */
  stored: string;
  /** The last run's results and actual/difference files (<repo>/tests/artifacts/snapshots). */
  artifacts: string;
}

/** A file the last run wrote rather than a stored snapshot. */
const ARTIFACT = /\.(actual\.|diff\.png$)/;

async function serveFrom(base: string, segments: string[], requestPath: string): Promise<Reply> {
  const found = await lookup(base, segments, false);
  if (found.kind !== 'file') return notFound(requestPath);
  const { body, type } = await readStatic(found.file);
  return { status: 200, headers: { 'Content-Type': type, 'Cache-Control': 'no-store' }, body };
}

export async function snapshotsJson(dirs: SnapshotDirs | undefined): Promise<Reply> {
  if (!dirs) return errorReply(404, 'No snapshot folders are configured.');
  const reply = await serveFrom(dirs.artifacts, ['results.json'], '/__snapshots.json');
  if (reply.status === 404) return errorReply(404, 'No snapshot results yet: run the snapshot tests (npm test, or npm run snapshots:update).');
  return reply;
}

/** `segments`: the decoded path segments after `__snapshots` (resolved safely inside its folder). */
export async function snapshotFile(dirs: SnapshotDirs | undefined, segments: string[], requestPath: string): Promise<Reply> {
  if (!dirs) return notFound(requestPath);
  const name = segments[segments.length - 1] ?? '';
  if (name === '') return notFound(requestPath);
  // lookup() refuses '..', hidden names and symlinks that lead out of the folder.
  return serveFrom(ARTIFACT.test(name) ? dirs.artifacts : dirs.stored, segments, requestPath);
}

/** A JSON request from a page of this server: a page elsewhere cannot rewrite the snapshots. */
function checkSameOrigin(req: IncomingMessage): void {
  if (!/^application\/json\s*(;|$)/i.test(String(req.headers['content-type'] ?? '')))
    throw new HttpError(415, 'Send {"page", "state"} as application/json.');
  // Browsers send Origin with every POST; a JSON body from another origin needs a CORS preflight,
  // which this server never grants, and is refused here besides.
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${req.headers.host}`) throw new HttpError(403, `Approval from another origin (${origin}) is refused.`);
}

const readJsonFile = async <T>(file: string): Promise<T | undefined> => {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
};

/** Writes `bytes` to `file` unless it holds them already; returns whether it wrote. */
async function writeChanged(file: string, bytes: Buffer): Promise<boolean> {
  const old = await readFile(file).catch(() => undefined);
  if (old?.equals(bytes)) return false;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  return true;
}

/**
 * POST /__snapshots/approve: the state must be one the last run found different or missing
 * (results.json), and its actual files must be there. snapshots/browser.json then records the
 * run's browser build for that state alone, and results.json marks it approved.
 */
export async function approveSnapshot(dirs: SnapshotDirs | undefined, req: IncomingMessage): Promise<Reply> {
  if (!dirs) return errorReply(404, 'No snapshot folders are configured.');
  checkSameOrigin(req);
  let wanted: { page?: unknown; state?: unknown };
  try {
    wanted = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8'));
  } catch {
    throw new HttpError(400, 'The body is not JSON.');
  }
  const { page, state } = wanted ?? {};
  if (typeof page !== 'string' || typeof state !== 'string') throw new HttpError(400, 'Send {"page", "state"}, both strings.');
  const resultsFile = path.join(dirs.artifacts, 'results.json');
  const results = await readJsonFile<SnapshotResults>(resultsFile);
  const result = latestResults(Array.isArray(results?.pages) ? results.pages : []).find((r) => r.page === page && r.state === state);
  if (!result || (result.status !== 'different' && result.status !== 'missing'))
    return errorReply(404, `The last snapshot run found no new snapshot of ${page} (${state}) to approve.`);
  // resolveInside refuses '..', hidden names and separators: the names stay inside their folders.
  const actual = {
    png: resolveInside(dirs.artifacts, [page, `${state}.actual.png`]),
    aria: resolveInside(dirs.artifacts, [page, `${state}.actual.aria.txt`]),
  };
  const stored = { png: resolveInside(dirs.stored, [page, `${state}.png`]), aria: resolveInside(dirs.stored, [page, `${state}.aria.txt`]) };
  let png: Buffer, aria: Buffer;
  try {
    [png, aria] = await Promise.all([readFile(actual.png), readFile(actual.aria)]);
  } catch {
    return errorReply(404, `The last run's files of ${page} (${state}) are gone: run the snapshot tests again.`);
  }
  const written: string[] = [];
  if (await writeChanged(stored.png, png)) written.push(`${page}/${state}.png`);
  if (await writeChanged(stored.aria, aria)) written.push(`${page}/${state}.aria.txt`);

  // The build that took this picture, for this state alone: the snapshot tests compare its
  // pixels exactly on that build, with the other-build tolerance elsewhere.
  const run = results?.browser?.run;
  if (run) {
    const recordFile = path.join(dirs.stored, 'browser.json');
    const record = (await readJsonFile<BrowserRecord>(recordFile)) ?? { version: '' };
    const approved = { ...record.approved };
    if (run === record.version) delete approved[`${page}/${state}`];
    else approved[`${page}/${state}`] = run;
    const next: BrowserRecord = { version: record.version, ...(Object.keys(approved).length && { approved }) };
    await writeFile(recordFile, JSON.stringify(next, null, 2) + '\n');
  }
  for (const r of results!.pages)
    if (r.page === page && r.state === state) {
      r.status = 'approved';
      r.expected = snapshotUrl(page, `${state}.png`);
      r.expectedAria = snapshotUrl(page, `${state}.aria.txt`);
    }
  await writeFile(resultsFile, JSON.stringify(results, null, 2) + '\n');
  return json(200, { page, state, written });
}
