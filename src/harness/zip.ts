// GET /download-zip/<id>,<id>,… : a real zip of the media files with those ids, looked up
// in <root>/_site/media/files/media.json, a map id → { file, title, type }. `file` is
// relative to media/files/, or, starting with '/', a path below _site.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import { HttpError, type Reply } from './http';
import { resolveInside } from './static';

export interface MediaEntry {
  file: string;
  title?: string;
  type?: string;
}

export const MEDIA_JSON = ['_site', 'media', 'files', 'media.json'];
const MAX_IDS = 200;
// Fixed entry times: the same request gives byte-identical zips.
const ENTRY_MTIME = new Date(2020, 0, 1);

/** Positive integers (no sign, exponent or leading zero), comma-separated, deduplicated. */
export function parseIds(raw: string): string[] {
  if (!/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/.test(raw)) {
    throw new HttpError(400, 'Media ids must be positive integers separated by commas.');
  }
  const ids = [...new Set(raw.split(','))];
  if (ids.length > MAX_IDS) throw new HttpError(400, `At most ${MAX_IDS} media ids at a time.`);
  return ids;
}

async function readMedia(root: string): Promise<Record<string, MediaEntry>> {
  let text: string;
  try {
    text = await fs.readFile(path.join(root, ...MEDIA_JSON), 'utf8');
  } catch {
    throw new HttpError(404, 'No media catalogue (_site/media/files/media.json).');
  }
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    return value as Record<string, MediaEntry>;
  } catch (error) {
    throw new HttpError(500, `media.json is invalid: ${(error as Error).message}`);
  }
}

/** `rawIds` is the still-encoded path after /download-zip/. */
export async function downloadZip(root: string, rawIds: string): Promise<Reply> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawIds);
  } catch {
    throw new HttpError(400, 'Malformed media ids.');
  }
  const ids = parseIds(decoded);
  const media = await readMedia(root);
  const files: Zippable = {};
  const site = path.join(root, '_site');
  for (const id of ids) {
    const entry = Object.prototype.hasOwnProperty.call(media, id) ? media[id] : undefined;
    if (!entry || typeof entry.file !== 'string' || entry.file === '') throw new HttpError(404, `Unknown media id ${id}.`);
    const segments = entry.file.startsWith('/')
      ? entry.file.split('/')
      : ['media', 'files', ...entry.file.split('/')];
    const file = resolveInside(site, segments);
    let data: Buffer;
    try {
      data = await fs.readFile(file);
    } catch {
      throw new HttpError(404, `The file of media id ${id} is missing.`);
    }
    let name = path.basename(file);
    if (name in files) name = `${id}-${name}`;
    files[name] = [new Uint8Array(data), { mtime: ENTRY_MTIME }];
  }
  const zip = zipSync(files);
  return {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': 'attachment; filename="media.zip"',
      'Cache-Control': 'no-store',
    },
    body: zip,
  };
}
