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
const HASH = /__VENEER_HASH__/;
const HASH_LENGTH = 8;
// Shared runtimes: chunks with no hook of their own, loaded by the chunks that need them
// through the core's loader (src/lib/ui.ts). Name → entry.
const RUNTIMES = {
  ui: 'src/lib/ui-runtime.ts',
  sanitize: 'src/lib/sanitize-runtime.ts',
  dialog: 'src/lib/dialog-runtime.ts', // openDialog, shared by modal and popup-modal
  // Label sets (src/lib/labels.ts): one per page, in its language; English is in the page chunk.
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

async function readGroups(registry) {
  groups = JSON.parse(await readFile(path.join(root, 'src/injector/chunk-groups.json'), 'utf8'));
  const members = Object.values(groups).flat();
  const strays = members.filter((name) => !(name in registry));
  const twice = members.filter((name, i) => members.indexOf(name) !== i);
  const clashes = Object.keys(groups).filter((name) => name in registry || name in RUNTIMES || !/^[a-z0-9-]+$/.test(name));
  if (strays.length || twice.length || clashes.length)
    throw new Error(`build: chunk-groups.json: not features ${strays}; in two groups ${twice}; bad or taken names ${clashes}`);
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

/** registry.json's rows, checked against the feature folders: each row needs its folder. */
async function features() {
  const text = await readFile(path.join(root, 'src/injector/registry.json'), 'utf8');
  const registry = JSON.parse(text);
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


async function writeDist(rows) {
  const chunks = [...rows.keys(), ...Object.keys(RUNTIMES)];
  await rm(distDir, { recursive: true, force: true });
  await mkdir(distDir, { recursive: true });
  // One content hash over every chunk (see src/injector/chunks.ts for why not one each).
  const codes = {};
  const digest = createHash('sha256');
  for (const name of chunks) {
    codes[name] = await readFile(stagedFile(entryOf(name)), 'utf8');
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
  await writeFile(
    path.join(distDir, 'veneer.js'),
    core
      .replace(TABLE, () => JSON.stringify([...rows.values()].join(';')))
      .replace(HASH, () => contentHash),
  );
  await writeFile(path.join(distDir, 'chunks.json'), JSON.stringify(files, null, 2) + '\n');
  return files;
}

/**
 * The package's ES module entry and its declarations, by tsc (tsconfig.package.json) into
 * dist/esm/: ten lines of code, no bundling needed.
 */
async function writePackage() {
  const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
  await promisify(execFile)(tsc, ['-p', path.join(root, 'tsconfig.package.json')], { cwd: root });
}

function bundler(entry, mode) {
  return new Parcel({
    entries: [path.join(root, entry)],
    defaultConfig: '@parcel/config-default',
    mode,
    shouldPatchConsole: false,
    defaultTargetOptions: { shouldOptimize: mode === 'production', shouldScopeHoist: true, sourceMaps: false },
    targets: {
      veneer: {
        distDir: path.join(staging, path.dirname(entry).replace(/^src\//, '')),
        outputFormat: 'global',
        context: 'browser',
        isLibrary: false,
        optimize: mode === 'production',
        scopeHoist: true,
        sourceMap: false,
        engines: { browsers: ['chrome >= 105', 'firefox >= 110', 'safari >= 16'] },
      },
    },
  });
}

/**
 * One Parcel run per entry, one after another, sharing Parcel's cache: entries of one run
 * that share a module get every module wrapped in Parcel's module loader (~600 B gzip each).
 */
export async function build({ mode = 'production' } = {}) {
  const registry = await features();
  await readGroups(registry);
  const rows = chunkRows(registry);
  await rm(staging, { recursive: true, force: true });
  for (const entry of [CORE_ENTRY, ...[...rows.keys(), ...Object.keys(RUNTIMES)].map(entryOf)])
    await bundler(entry, mode).run();
  const files = await writeDist(rows);
  await writePackage();
  return { files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files } = await build();
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
