// The shape of /__snapshots.json: written by the snapshot tests (tests/browser/snapshot.ts),
// read by the harness UI (src/harness/ui/snapshots.tsx); and of snapshots/browser.json, the
// browser builds that took the stored pictures (the tests read it, `npm run snapshots:update`
// and the UI's approval write it).

/** `approved`: stored from a run's picture in the harness UI (POST /__snapshots/approve). */
export type SnapshotStatus = 'same' | 'different' | 'missing' | 'skipped' | 'approved';

/** One page × state in /__snapshots.json. URLs are served by the harness under /__snapshots/. */
export interface SnapshotResult {
  page: string;
  state: string;
  status: SnapshotStatus;
  /** Unified diff of the DOM/ARIA text (different only, when the text differs). */
  diff?: string;
  /** The stored screenshot. */
  expected?: string;
  /** The screenshot this run took (different or missing). */
  actual?: string;
  /** The difference image (different, when pixels differ). */
  difference?: string;
  /** The stored and the actual DOM/ARIA text files. */
  expectedAria?: string;
  actualAria?: string;
  /** Pixels that differ. */
  pixels?: number;
  /** Why it was skipped, or the size change of the screenshot. */
  note?: string;
}

export interface SnapshotResults {
  /** When the run ended (ISO), and whether it rewrote the stored snapshots. */
  generatedAt: string;
  updated: boolean;
  /** The browser build of this run, and the one that took the stored pictures (snapshots/browser.json's version). */
  browser?: { run: string; recorded: string };
  pages: SnapshotResult[];
}

/** Where the harness serves a snapshot file (GET /__snapshots/<page>/<file>). */
export const snapshotUrl = (page: string, file: string) => `/__snapshots/${encodeURIComponent(page)}/${encodeURIComponent(file)}`;

/** snapshots/browser.json. */
export interface BrowserRecord {
  /** The build that took the stored pictures (`npm run snapshots:update` writes it). */
  version: string;
  /** "page/state" → the build of the picture approved for that state alone, in the harness UI. */
  approved?: Record<string, string>;
}

/** The build that took the stored picture of `page` in `state`. */
export function recordedBuild(record: BrowserRecord, page: string, state: string): string {
  return record.approved?.[`${page}/${state}`] ?? record.version;
}

/**
 * One result per page × state, its last attempt's: a snapshot test that fails is retried
 * (vitest's `retry: 1`) and records its state again, so a run lists each failing state twice.
 * tests/browser/snapshot.ts writes, and the UI shows, this instead (results files written
 * before still hold the duplicates). Each stays where it first appeared.
 */
export function latestResults(pages: SnapshotResult[]): SnapshotResult[] {
  const last = new Map<string, SnapshotResult>();
  for (const result of pages) last.set(JSON.stringify([result.page, result.state]), result);
  return [...last.values()];
}
