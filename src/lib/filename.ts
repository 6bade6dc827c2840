// Download file names built from CMS text: pure, so unit- and property-tested.

/** The longest name zipName returns, ".zip" included. */
export const MAX_NAME = 80;
const FALLBACK = 'download.zip';
// Names Windows refuses whatever the extension.
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/** Plain ASCII letters and digits in runs joined by "-": accents dropped, the rest a separator. */
function slug(text: string): string {
  return String(text)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The zip's file name: the resource title, then each selected file type once, in order,
 * e.g. zipName('Product brochures', ['PDF', 'XLSX', 'PDF']) → "Product-brochures-PDF-XLSX.zip".
 * Safe ASCII ([A-Za-z0-9-] then ".zip"), at most 80 characters; "download.zip" when nothing is left.
 */
export function zipName(title: string, types: readonly string[] = []): string {
  const seen = new Set<string>();
  const parts = [slug(title)];
  for (const type of types) {
    const part = slug(type).toUpperCase();
    if (part && !seen.has(part)) seen.add(part), parts.push(part);
  }
  let base = parts.filter(Boolean).join('-').slice(0, MAX_NAME - 4).replace(/-+$/, '');
  if (RESERVED.test(base)) base += '-files';
  return base ? base + '.zip' : FALLBACK;
}
