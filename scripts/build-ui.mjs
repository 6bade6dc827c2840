// Builds the harness UI (src/harness/ui/) into dist-harness/: index.html and its
// content-hashed JS and CSS, which the harness serves at / and under /__ui/.
//   node scripts/build-ui.mjs            (prints each file's size and gzip size)
import { Parcel } from '@parcel/core';
import { readFile, readdir, rename, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const staging = path.join(root, '.parcel-out-ui');
export const uiDistDir = path.join(root, 'dist-harness');
const ENTRY = 'src/harness/ui/index.html';
export const UI_PUBLIC_URL = '/__ui/';

/** `sourceMaps`: inline in each file (npm start). */
function bundler(mode, sourceMaps) {
  return new Parcel({
    entries: [path.join(root, ENTRY)],
    defaultConfig: '@parcel/config-default',
    mode,
    shouldPatchConsole: false,
    defaultTargetOptions: { shouldOptimize: mode === 'production', shouldScopeHoist: true, sourceMaps, publicUrl: UI_PUBLIC_URL },
    targets: {
      ui: {
        distDir: staging,
        publicUrl: UI_PUBLIC_URL,
        context: 'browser',
        optimize: mode === 'production',
        scopeHoist: true,
        sourceMap: sourceMaps ? { inline: true, inlineSources: true } : false,
        engines: { browsers: ['chrome >= 105', 'firefox >= 110', 'safari >= 16'] },
      },
    },
  });
}

/** One Parcel run into a staging folder, then swapped in: the server never sees half a build. */
export async function buildHarnessUi({ mode = 'production', sourceMaps = false } = {}) {
  await rm(staging, { recursive: true, force: true });
  await bundler(mode, sourceMaps).run();
  await rm(uiDistDir, { recursive: true, force: true });
  await rename(staging, uiDistDir);
  const files = {};
  for (const file of (await readdir(uiDistDir)).sort()) {
    const bytes = await readFile(path.join(uiDistDir, file));
    files[file] = { bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  }
  return { dir: uiDistDir, files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files } = await buildHarnessUi();
  for (const [file, size] of Object.entries(files))
    console.log(`${file.padEnd(32)} ${String(size.bytes).padStart(7)} bytes ${String(size.gzip).padStart(7)} gzip`);
}
