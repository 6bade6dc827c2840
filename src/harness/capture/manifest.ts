// legacy-pages/<name>/manifest.json: what a capture saved and recorded. The capture tool
// writes it; the harness reads its `recorded` calls to answer them offline (replay.ts).

export interface RecordedCall {
  method: string;
  /** The absolute URL the page asked for. */
  url: string;
  /** Path and query string: what replay matches (with the method). */
  path: string;
  status: number;
  contentType: string;
  /** Response headers replay sends back (Location of a redirect). */
  headers?: Record<string, string>;
  /** The body file, relative to the page folder (recorded/…); null for an empty body. */
  body: string | null;
  /** The request body (POST, PUT…), when it had one. */
  requestBody?: string;
}

export interface MissingFile {
  url: string;
  reason: string;
}

export interface CaptureManifest {
  /** The address given to the capture tool. */
  address: string;
  /** The document's URL after redirects. */
  url: string;
  /** ISO time of the capture. */
  captured: string;
  /** Original absolute URL → local path relative to the page folder (index.html, assets/…). */
  files: Record<string, string>;
  /** The page's own ajax calls (XHR and fetch to the document's origin), in order. */
  recorded: RecordedCall[];
  /** What was left out. */
  skipped: {
    /** The site's scripts (URL, or 'inline'). */
    scripts: string[];
    /** on* attributes removed. */
    handlers: number;
    /** Calls to other origins: not recorded (replay could never be asked for them). */
    crossOriginCalls: string[];
    /** Frames of other origins (src="about:blank", the URL in data-capture-src). */
    frames: string[];
    /** veneer tags the page carried (removed: the harness injects its own). */
    veneerTags: string[];
    /** Connection hints to other hosts. */
    hints: string[];
  };
  /** References that could not be fetched; they point at a local path that does not exist. */
  missing: MissingFile[];
}

/** A page name: lower-case letters, digits and '-', not starting with '_' (which the pattern excludes). */
export const PAGE_NAME = /^[a-z0-9][a-z0-9-]*$/;

export function checkPageName(name: string): string {
  if (!PAGE_NAME.test(name) || name.length > 80)
    throw new Error(`"${name}" is not a page name: use lower-case letters, digits and "-" (not starting with "_" or "-")`);
  return name;
}

export function checkAddress(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new Error(`"${address}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`"${address}" is not an http(s) address`);
  return url;
}
