// POST /forms/<name>: the popup form and other CMS forms post here. Accepts
// multipart/form-data and application/x-www-form-urlencoded; records each post
// (GET /__posts lists, DELETE /__posts clears).
import type { IncomingMessage } from 'node:http';
import { HttpError, Recorder, entriesToObject, errorReply, esc, html, json, page, readBody, type FieldValue, type Reply } from './http';

export interface PostRecord {
  path: string;
  form: string;
  contentType: string;
  fields: Record<string, FieldValue | FieldValue[]>;
  time: string;
}

const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];

/** A fetch/XHR call rather than a form navigation. */
export function wantsJson(req: IncomingMessage): boolean {
  const accept = String(req.headers.accept ?? '');
  return (
    /json/i.test(accept) ||
    req.headers['x-requested-with'] !== undefined ||
    String(req.headers['sec-fetch-mode'] ?? '').toLowerCase() === 'cors'
  );
}

export async function handleForm(req: IncomingMessage, requestPath: string, name: string, posts: Recorder<PostRecord>): Promise<Reply> {
  const contentType = String(req.headers['content-type'] ?? '');
  const mime = contentType.split(';')[0].trim().toLowerCase();
  if (!FORM_TYPES.includes(mime)) {
    return errorReply(415, `Expected ${FORM_TYPES.join(' or ')}, got "${mime || 'nothing'}".`);
  }
  const body = await readBody(req);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch (error) {
    throw new HttpError(400, `The form body could not be parsed: ${(error as Error).message}`);
  }
  const entries: [string, FieldValue][] = [];
  form.forEach((value, key) => {
    entries.push([key, typeof value === 'string' ? value : { filename: value.name, size: value.size, type: value.type }]);
  });
  posts.add({ path: requestPath, form: name, contentType: mime, fields: entriesToObject(entries), time: new Date().toISOString() });
  const names = [...new Set(entries.map(([key]) => key))];
  if (wantsJson(req)) return json(200, { ok: true, fields: names });
  return html(
    200,
    page('Thank you', `<main class="form-thanks">\n<h1>Thank you</h1>\n<p>Your form “${esc(name)}” was received.</p>\n<p><a href="/">Back to the site</a></p>\n</main>`),
    { 'Cache-Control': 'no-store' },
  );
}
