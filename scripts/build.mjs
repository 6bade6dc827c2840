// Builds dist/: veneer.js (the core, fixed name) and one content-hashed chunk per feature.
// Parcel bundles each entry; this script names the chunks and writes their names into the core.
import { Parcel } from '@parcel/core';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const staging = path.join(root, '.parcel-out');
export const distDir = path.join(root, 'dist');
const CORE_ENTRY = 'src/injector/veneer.ts';
// src/injector/chunks.ts holds these placeholders.
// Names and the hash are replaced as bare tokens (the minifier may fold them into a template
// literal); they hold only [a-z0-9-], safe inside any string. The selector table is an object.
const TABLE = /(["'`])__VENEER_TABLE__\1/;
// In the page chunk (src/features/page), from src/injector/load-strategy.json: the rows it hooks
// itself, replaced, quotes and all, by an array of [selector, feature] rows; and the selector of
// the hooks never held, by a string.
const PAGE_TABLE = /(["'`])__VENEER_PAGE_TABLE__\1/;
const NEVER_HELD = /(["'`])__VENEER_NEVER_HELD__\1/;
const HASH = /__VENEER_HASH__/;
const HASH_LENGTH = 6;
// Shared runtimes: chunks with no hook of their own, loaded by the chunks that need them
// through the core's loader (src/lib/ui.ts). Name → entry.
const RUNTIMES = {
  ui: 'src/lib/ui-runtime.ts',
  sanitize: 'src/lib/sanitize-runtime.ts',
  dialog: 'src/lib/dialog-runtime.ts', // openDialog, shared by modal and popup-modal
  // Label sets (src/lib/labels.ts): one per page, in its language. Each feature carries its own
  // English labels; the whole English set is loaded only where an operator overrides labels.
  'labels-en': 'src/lib/labels/en-chunk.ts',
  'labels-de': 'src/lib/labels/de.ts',
  'labels-fr': 'src/lib/labels/fr.ts',
  'labels-es': 'src/lib/labels/es.ts',
};
// Chunk groups (src/injector/chunk-groups.json): features built into one chunk, one request.
// Each group's entry is written here (src/lib/chunk-group.ts explains how it works).
const groupSources = path.join(root, '.parcel-groups');
const stagedFile = (entry) => path.join(staging, entry.replace(/^src\//, '').replace(/\.ts$/, '.js'));
const entryOf = (name) => RUNTIMES[name] ?? (groups[name] ? groupEntry(name) : `src/features/${name}/index.ts`);
const groupEntry = (name) => path.relative(root, path.join(groupSources, name, 'index.ts'));
let groups = {};

/** A feature's selector: a row "name": "" hooks .js-<name>. */
const selectorOf = (registry, name) => registry[name] || '.js-' + name;
/** A chunk's selector in the table (chunkRows): a feature's, or a group's list of its members'. */
const rowSelector = (rows, name) => rows.get(name).split(/:(.*)/)[1] || '.js-' + name;
// Each label set's chunk is hooked by the page's language (<html lang="de">, or "de-AT": `|=`;
// HTML matches lang's value in any case), so that a German page asks for it at start, beside
// the page chunk, and not once the page chunk has come: one round trip less before its
// labelled widgets (the carousel, the rotator) are usable. Right after the page row.
const LABEL_ROWS = Object.keys(RUNTIMES)
  .filter((name) => name.startsWith('labels-') && name != 'labels-en')
  .map((name) => `${name}:html[lang|=${name.slice('labels-'.length)}]`);

/**
 * The chunks and their table rows: every registry row, except that a group's members give
 * way to one row for the group (at its first member's place), hooking all their selectors.
 */
function chunkRows(registry) {
  const groupOf = Object.fromEntries(Object.entries(groups).flatMap(([group, members]) => members.map((m) => [m, group])));
  const rows = new Map();
  for (const name of Object.keys(registry)) {
    const group = groupOf[name];
    if (!group) rows.set(name, registry[name] ? `${name}:${registry[name]}` : name);
    else if (!rows.has(group)) rows.set(group, `${group}:${groups[group].map((m) => selectorOf(registry, m)).join(',')}`);
  }
  return rows;
}

/**
 * src/injector/load-strategy.json: how a feature's chunk is asked for, besides the default
 * (at start, unless every hook of it is far below the fold: then once the page chunk says so).
 * after-page: rows taken out of the core's table and hooked by the page chunk, one round trip
 * after start: features no visitor sees, or that sit at the page's foot, whose chunks need not
 * compete with the first screen's. never-held: features opened from elsewhere on the page ([data-modal-open], a
 * timer), which the page chunk enhances at once even in save-data mode.
 */
async function loadStrategy(rows) {
  const strategy = await readJson('src/injector/load-strategy.json');
  const shape = strategyShapeError(strategy);
  if (shape) throw new Error(`build: load-strategy.json: ${shape}`);
  const names = [...strategy['after-page'], ...strategy['never-held']];
  const bad = names.filter((name, i) => !rows.has(name) || name === 'page' || names.indexOf(name) !== i);
  if (bad.length) throw new Error(`build: load-strategy.json: not chunks of the table (a feature outside a group, or a group), or named twice: ${bad}`);
  return {
    afterPage: strategy['after-page'],
    pageRows: strategy['after-page'].map((name) => [rowSelector(rows, name), name]),
    neverHeld: strategy['never-held'].map((name) => rowSelector(rows, name)).join(','),
  };
}

async function readGroups(registry) {
  groups = await readJson('src/injector/chunk-groups.json');
  const problems = groupProblems(groups, registry, RUNTIMES);
  if (problems) throw new Error(`build: chunk-groups.json: ${problems}`);
  await rm(groupSources, { recursive: true, force: true });
  for (const [group, names] of Object.entries(groups)) {
    const dir = path.join(groupSources, group);
    const from = (file) => JSON.stringify(path.relative(dir, path.join(root, file)).split(path.sep).join('/'));
    const hooks = Object.fromEntries(names.map((name) => [name, selectorOf(registry, name)]));
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, 'index.ts'),
      `// Written by scripts/build.mjs from src/injector/chunk-groups.json.\n` +
        `import { defineGroup } from ${from('src/lib/chunk-group.ts')};\n` +
        names.map((name) => `import ${from(`src/features/${name}/index.ts`)};\n`).join('') +
        `defineGroup(${JSON.stringify(group)}, ${JSON.stringify(hooks)});\n`,
    );
  }
}

/** `text` parsed, or an error that names `file` (JSON.parse's own names no file). */
export function parseJson(file, text) {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(message);
    const before = at ? text.slice(0, Number(at[1])).split('\n') : [];
    const where = at ? ` (line ${before.length}, column ${before.at(-1).length + 1})` : '';
    throw new Error(`build: ${file} is not valid JSON${where}: ${message}`);
  }
}

const readJson = async (file) => parseJson(file, await readFile(path.join(root, file), 'utf8'));

/** What is wrong with chunk-groups.json's groups (group → member features), or '' when nothing is. */
export function groupProblems(groups, registry, runtimes = RUNTIMES) {
  if (!groups || typeof groups !== 'object' || Array.isArray(groups)) return 'must be an object: group name → its features';
  const notLists = Object.keys(groups).filter((name) => !Array.isArray(groups[name]) || groups[name].some((m) => typeof m !== 'string'));
  if (notLists.length) return `the members of ${notLists.join(', ')} are not a list of feature names`;
  const members = Object.values(groups).flat();
  const strays = members.filter((name) => !(name in registry));
  const twice = [...new Set(members.filter((name, i) => members.indexOf(name) !== i))];
  const clashes = Object.keys(groups).filter((name) => name in registry || name in runtimes || !/^[a-z0-9-]+$/.test(name));
  return [
    strays.length && `not features of registry.json: ${strays.join(', ')}`,
    twice.length && `in two groups: ${twice.join(', ')}`,
    clashes.length && `group names that are not [a-z0-9-] or are taken by a feature or a runtime: ${clashes.join(', ')}`,
  ]
    .filter(Boolean)
    .join('; ');
}

/** What is wrong with load-strategy.json's shape ({"after-page": [...], "never-held": [...]}), or ''. */
export function strategyShapeError(strategy) {
  const keys = ['after-page', 'never-held'];
  if (!strategy || typeof strategy !== 'object' || Array.isArray(strategy)) return `must be an object with the lists ${keys.join(' and ')}`;
  const unknown = Object.keys(strategy).filter((key) => !keys.includes(key));
  if (unknown.length) return `unknown keys ${unknown.join(', ')} (known: ${keys.join(', ')})`;
  const bad = keys.filter((key) => !Array.isArray(strategy[key]) || strategy[key].some((name) => typeof name !== 'string'));
  return bad.length ? `${bad.join(' and ')} must be a list of chunk names ([] for none)` : '';
}

/** registry.json's rows, checked against the feature folders: each row needs its folder. */
async function features() {
  const text = await readFile(path.join(root, 'src/injector/registry.json'), 'utf8');
  const registry = parseJson('src/injector/registry.json', text);
  const notSelectors = registry && typeof registry === 'object' && !Array.isArray(registry)
    ? Object.keys(registry).filter((name) => typeof registry[name] !== 'string')
    : null;
  if (!notSelectors) throw new Error('build: src/injector/registry.json must be an object: feature name → hook selector ("" for .js-<name>)');
  if (notSelectors.length) throw new Error(`build: registry.json: the selector of ${notSelectors.join(', ')} is not a string ("" hooks .js-<name>)`);
  // JSON.parse keeps the last of two equal keys without a word (a merge can leave one).
  const keys = [...text.matchAll(/^\s*"([^"]+)"\s*:/gm)].map((m) => m[1]);
  const twice = keys.filter((key, i) => keys.indexOf(key) !== i);
  if (twice.length) throw new Error(`build: registry.json names a feature twice: ${twice}`);
  const dir = path.join(root, 'src/features');
  const folders = (await readdir(dir)).filter((name) => existsSync(path.join(dir, name, 'index.ts')));
  const badNames = Object.keys(registry).filter((name) => !/^[a-z0-9-]+$/.test(name));
  if (badNames.length) throw new Error(`build: feature names must be [a-z0-9-]: ${badNames}`);
  const missing = Object.keys(registry).filter((name) => !folders.includes(name));
  const unlisted = folders.filter((name) => !(name in registry));
  if (missing.length) throw new Error(`build: registry.json names features without a folder: ${missing}`);
  if (unlisted.length) console.warn(`build: feature folders not in registry.json (not built): ${unlisted}`);
  return registry;
}


async function writeDist(rows, strategy, { squeezeCore, sourceMaps }) {
  const chunks = [...rows.keys(), ...Object.keys(RUNTIMES)];
  await rm(distDir, { recursive: true, force: true });
  await mkdir(distDir, { recursive: true });
  // One content hash over every chunk (see src/injector/chunks.ts for why not one each).
  const codes = {};
  const digest = createHash('sha256');
  for (const name of chunks) {
    codes[name] = await readFile(stagedFile(entryOf(name)), 'utf8');
    if (name === 'page') {
      if (![PAGE_TABLE, NEVER_HELD].every((placeholder) => placeholder.test(codes[name])))
        throw new Error('build: the page chunk lacks its placeholders');
      codes[name] = codes[name].replace(PAGE_TABLE, () => JSON.stringify(strategy.pageRows)).replace(NEVER_HELD, () => JSON.stringify(strategy.neverHeld));
    }
    digest.update(name + '\0' + codes[name] + '\0');
  }
  const contentHash = digest.digest('hex').slice(0, HASH_LENGTH);
  const files = {};
  for (const name of chunks) {
    files[name] = `${name}.${contentHash}.js`;
    await writeFile(path.join(distDir, files[name]), codes[name]);
  }
  const core = await readFile(stagedFile(CORE_ENTRY), 'utf8');
  if (![TABLE, HASH].every((placeholder) => placeholder.test(core)))
    throw new Error('build: the registry placeholders are missing from the core');
  const table = [...rows]
    .filter(([name]) => !strategy.afterPage.includes(name))
    .flatMap(([name, row]) => (name === 'page' ? [row, ...LABEL_ROWS] : [row]))
    .join(';');
  const filled = core.replace(TABLE, () => JSON.stringify(table)).replace(HASH, () => contentHash);
  await writeFile(path.join(distDir, 'veneer.js'), squeezeCore ? await squeeze(filled, sourceMaps) : filled);
  await writeFile(path.join(distDir, 'chunks.json'), JSON.stringify(files, null, 2) + '\n');
  return files;
}

/**
 * The core again through terser, for the bytes Parcel's minifier leaves: arrows for mitt's
 * functions, 1 and 0 for true and false (the core passes booleans only to the DOM's options,
 * which convert them, and to its own flags), concatenation for template strings. 21 B gzip
 * of the 1 536 budget. Never for the chunks: they write booleans into attributes
 * (aria-expanded="true"), and terser saves them under 1 % (70 767 → 70 581 B in all).
 */
async function squeeze(code, sourceMaps = false) {
  const { minify } = await import('terser');
  const compress = { passes: 5, unsafe: true, unsafe_arrows: true, unsafe_methods: true, booleans_as_integers: true };
  const sourceMap = sourceMaps ? { content: 'inline', url: 'inline', includeSources: true } : false;
  return (await minify(code, { ecma: 2020, compress, mangle: true, sourceMap })).code;
}

/**
 * The package's ES module entry and its declarations, by tsc (tsconfig.package.json) into
 * dist/esm/: ten lines of code, no bundling needed.
 */
async function writePackage() {
  const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
  await promisify(execFile)(tsc, ['-p', path.join(root, 'tsconfig.package.json')], { cwd: root });
}

/**
 * `sourceMaps`: each file carries its map inline (a data: URL, sources included), so that it
 * stays with the file through the renaming and rewriting below (npm start's development build).
 */
function bundler(entry, mode, sourceMaps) {
  return new Parcel({
    entries: [path.join(root, entry)],
    defaultConfig: '@parcel/config-default',
    mode,
    shouldPatchConsole: false,
    defaultTargetOptions: { shouldOptimize: mode === 'production', shouldScopeHoist: true, sourceMaps },
    targets: {
      veneer: {
        distDir: path.join(staging, path.dirname(entry).replace(/^src\//, '')),
        outputFormat: 'global',
        context: 'browser',
        isLibrary: false,
        optimize: mode === 'production',
        scopeHoist: true,
        sourceMap: sourceMaps ? { inline: true, inlineSources: true } : false,
        engines: { browsers: ['chrome >= 105', 'firefox >= 110', 'safari >= 16'] },
      },
    },
  });
}

/**
 * One Parcel run per entry, one after another, sharing Parcel's cache: entries of one run
 * that share a module get every module wrapped in Parcel's module loader (~600 B gzip each).
 */
export async function build({ mode = 'production', sourceMaps = false } = {}) {
  const registry = await features();
  await readGroups(registry);
  const rows = chunkRows(registry);
  const strategy = await loadStrategy(rows);
  await rm(staging, { recursive: true, force: true });
  for (const entry of [CORE_ENTRY, ...[...rows.keys(), ...Object.keys(RUNTIMES)].map(entryOf)])
    await bundler(entry, mode, sourceMaps).run();
  // Development builds keep the core as Parcel wrote it: readable, its map exact.
  const files = await writeDist(rows, strategy, { squeezeCore: mode === 'production', sourceMaps });
  await writePackage();
  return { files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files } = await build().catch((error) => {
    // A mistake in src/injector/*.json: its message says what and where; no stack.
    if (!(error instanceof Error && error.message.startsWith('build: '))) throw error;
    console.error(error.message);
    process.exit(1);
  });
  for (const file of ['veneer.js', ...Object.values(files)]) {
    const text = await readFile(path.join(distDir, file));
    console.log(`${file.padEnd(32)} ${String(text.length).padStart(7)} bytes`);
  }
  // `npm run build` also writes the browser extension (dist-extension/); build() alone, which
  // the tests and `npm start` call, does not.
  const { buildExtension } = await import('./build-extension.mjs');
  const extension = await buildExtension({ distDir });
  console.log(`${path.relative(root, extension.dir)}/ (extension for ${extension.hosts.join(', ')})`);
}
