// Builds dist/: veneer.js (the core, fixed name) and one content-hashed chunk per feature.
// Parcel bundles each entry; this script names the chunks and writes their names into the core.
import { Parcel } from '@parcel/core';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const staging = path.join(root, '.parcel-out');
export const distDir = path.join(root, 'dist');
const CORE_ENTRY = 'src/injector/veneer.ts';
const PLACEHOLDER = /(["'])__VENEER_CHUNK_FILES__\1/;

async function features() {
  const dir = path.join(root, 'src/features');
  const names = await readdir(dir);
  return names.filter((name) => existsSync(path.join(dir, name, 'index.ts'))).sort();
}

function hash(text) {
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

async function writeDist(names) {
  await rm(distDir, { recursive: true, force: true });
  await mkdir(distDir, { recursive: true });
  const files = {};
  for (const name of names) {
    const code = await readFile(path.join(staging, 'features', name, 'index.js'), 'utf8');
    files[name] = `${name}.${hash(code)}.js`;
    await writeFile(path.join(distDir, files[name]), code);
  }
  const core = await readFile(path.join(staging, 'injector', 'veneer.js'), 'utf8');
  if (!PLACEHOLDER.test(core)) throw new Error('build: the chunk table placeholder is missing from the core');
  await writeFile(path.join(distDir, 'veneer.js'), core.replace(PLACEHOLDER, () => `(${JSON.stringify(files)})`));
  await writeFile(path.join(distDir, 'chunks.json'), JSON.stringify(files, null, 2) + '\n');
  return files;
}

export async function createBundler({ mode = 'production' } = {}) {
  const names = await features();
  const parcel = new Parcel({
    entries: [CORE_ENTRY, ...names.map((name) => `src/features/${name}/index.ts`)].map((entry) => path.join(root, entry)),
    defaultConfig: '@parcel/config-default',
    projectRoot: root,
    mode,
    shouldPatchConsole: false,
    additionalReporters: [],
    defaultTargetOptions: { shouldOptimize: mode === 'production', shouldScopeHoist: true, sourceMaps: false },
    targets: {
      veneer: {
        distDir: staging,
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
  return { parcel, names };
}

export async function build(options) {
  const { parcel, names } = await createBundler(options);
  await rm(staging, { recursive: true, force: true });
  const result = await parcel.run();
  const files = await writeDist(names);
  return { files, bundles: result.bundleGraph.getBundles().length };
}

/** Rebuilds on every change; `onBuild` gets the chunk table or the error. */
export async function watch(onBuild) {
  const { parcel, names } = await createBundler({ mode: 'production' });
  return parcel.watch(async (error, event) => {
    if (error) return onBuild(error);
    if (event.type === 'buildFailure') return onBuild(new Error(event.diagnostics.map((d) => d.message).join('\n')));
    try {
      onBuild(null, await writeDist(names));
    } catch (failure) {
      onBuild(failure);
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files } = await build();
  for (const file of ['veneer.js', ...Object.values(files)]) {
    const text = await readFile(path.join(distDir, file));
    console.log(`${file.padEnd(32)} ${String(text.length).padStart(7)} bytes`);
  }
}
