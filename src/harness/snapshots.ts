// Snapshot regression results for the harness UI:
//   GET /__snapshots.json            the last run's results (tests/artifacts/snapshots/results.json); 404 before any run
//   GET /__snapshots/<page>/<file>   a stored snapshot file (snapshots/), or, for `*.actual.*` and
//                                    `*.diff.png`, what the last run found (tests/artifacts/snapshots/)
import { errorReply, notFound, type Reply } from './http';
import { lookup, readStatic } from './static';

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
