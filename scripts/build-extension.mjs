// Builds dist-extension/: an unpacked Manifest V3 extension that puts veneer on the pages of
// the hosts listed in src/harness/extension/hosts.json, so veneer can be tried on the live
// site before the CMS carries the script tag. It copies dist/ (run the build first):
//
//   npm run build                        dist/ and dist-extension/
//   node scripts/build-extension.mjs     dist-extension/ from the current dist/
//
// Load it in Chromium: chrome://extensions → Developer mode → Load unpacked → dist-extension/.
// The script tag's settings (data-* attributes) are in src/harness/extension/settings.json.
//
// How it works: one content script (loader.js) runs in the ISOLATED world at document_end
// and inserts <script src="chrome-extension://<id>/veneer.js">. veneer.js then runs in the
// page's MAIN world as a real script element: document.currentScript is that element, so
// the core loads its chunks from the extension's folder (chrome-extension://<id>/), which
// web_accessible_resources opens to the listed hosts. (veneer.js declared as a MAIN-world
// content script would have no currentScript and would look for its chunks beside the page.)
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const sourceDir = path.join(root, 'src/harness/extension');
export const extensionDir = path.join(root, 'dist-extension');
export const hostsFile = path.join(sourceDir, 'hosts.json');
export const settingsFile = path.join(sourceDir, 'settings.json');

// scheme://host/path as Chrome's match patterns allow it: * or http(s), a host with an
// optional leading "*." (or * alone), an optional port, a path starting with "/".
const MATCH_PATTERN = /^(\*|https?):\/\/(\*|(?:\*\.)?[^/*:]+)(:(\d{1,5}|\*))?(\/.*)$/;

/** Checks a hosts list: a non-empty array of match patterns (or "<all_urls>"). */
export function checkHosts(hosts, source = 'hosts') {
  if (!Array.isArray(hosts) || hosts.length === 0) throw new Error(`build-extension: ${source} must be a non-empty JSON array of match patterns`);
  for (const host of hosts) {
    if (typeof host !== 'string' || (host !== '<all_urls>' && !MATCH_PATTERN.test(host)))
      throw new Error(`build-extension: ${source}: ${JSON.stringify(host)} is not a match pattern like "https://www.example.com/*"`);
  }
  return hosts;
}

/**
 * Checks the script tag's settings: an object of data-* attribute names (lower case, as on
 * the tag) to text. veneer itself checks the values and warns, as on any page.
 */
export function checkSettings(settings, source = 'settings') {
  if (!settings || typeof settings !== 'object' || Array.isArray(settings)) throw new Error(`build-extension: ${source} must be a JSON object`);
  for (const [name, value] of Object.entries(settings)) {
    if (!/^data-[a-z][a-z0-9-]*$/.test(name)) throw new Error(`build-extension: ${source}: ${JSON.stringify(name)} is not a data-* attribute name`);
    if (typeof value !== 'string') throw new Error(`build-extension: ${source}: the value of ${name} must be text`);
  }
  return settings;
}

/** web_accessible_resources matches only an origin: the same patterns with the path "/*". */
function originPatterns(hosts) {
  return [...new Set(hosts.map((host) => (host === '<all_urls>' ? host : host.replace(MATCH_PATTERN, (_all, scheme, h, port = '') => `${scheme}://${h}${port}/*`))))];
}

/**
 * Writes the extension into `outDir` from the build in `distDir`.
 * `hosts` defaults to src/harness/extension/hosts.json.
 */
export async function buildExtension({ distDir = path.join(root, 'dist'), outDir = extensionDir, hosts, settings } = {}) {
  hosts = checkHosts(hosts ?? JSON.parse(await readFile(hostsFile, 'utf8')), hosts ? 'hosts' : path.relative(root, hostsFile));
  settings = checkSettings(settings ?? JSON.parse(await readFile(settingsFile, 'utf8')), settings ? 'settings' : path.relative(root, settingsFile));
  let chunks;
  try {
    chunks = JSON.parse(await readFile(path.join(distDir, 'chunks.json'), 'utf8'));
  } catch (error) {
    throw new Error(`build-extension: no build in ${distDir} (run npm run build first): ${error.message}`);
  }
  const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  const files = ['veneer.js', ...Object.values(chunks)];

  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  for (const file of files) await copyFile(path.join(distDir, file), path.join(outDir, file));
  const loader = await readFile(path.join(sourceDir, 'loader.js'), 'utf8');
  if (!loader.includes('const SETTINGS = {};')) throw new Error('build-extension: loader.js lost its SETTINGS line');
  await writeFile(path.join(outDir, 'loader.js'), loader.replace('const SETTINGS = {};', () => `const SETTINGS = ${JSON.stringify(settings)};`));

  const manifest = {
    manifest_version: 3,
    name: 'veneer (try it on the live site)',
    version: pkg.version.replace(/[^\d.].*$/, ''),
    description: 'Adds the veneer script to the pages of the listed hosts, as if the CMS carried the tag.',
    content_scripts: [{ matches: hosts, js: ['loader.js'], run_at: 'document_end', world: 'ISOLATED', all_frames: false }],
    web_accessible_resources: [{ resources: files, matches: originPatterns(hosts) }],
  };
  await writeFile(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return { dir: outDir, files: ['manifest.json', 'loader.js', ...files], hosts, settings };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { dir, files, hosts } = await buildExtension();
  console.log(`${path.relative(root, dir)}/: ${files.length} files for ${hosts.join(', ')}`);
}
