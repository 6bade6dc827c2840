// `npm start`: bind the port, build veneer (a development build with source maps), serve every
// captured page with veneer injected, and rebuild whenever a file under src/ (outside the
// harness itself) or the registry changes; the harness UI (src/harness/ui/, served at /) is built
// at start and on its own changes. Each finished build reloads the UI pages that are open.
//   npm start                    http://localhost:8080
//   PORT=9000 npm start          or: npm start -- --port 9000     (--csp: strict CSP on every page)
//   VENEER_SKIP_BUILD=1 npm start    serve dist/ and dist-harness/ as they are; build on change only
import { watch } from 'node:fs';
import path from 'node:path';
import { build } from '../../scripts/build.mjs';
import { buildHarnessUi } from '../../scripts/build-ui.mjs';
import { argsOrExit, startArgs } from './args';
import { REPO_ROOT, startServer } from './server';

const { port, csp } = argsOrExit('npm start', startArgs);

async function rebuild(reason: string) {
  const started = performance.now();
  try {
    // Development: the code unminified, each file with its source map inline.
    const { files } = await build({ mode: 'development', sourceMaps: true });
    console.log(`[build] ${reason}: ${Object.keys(files).length} chunks in ${Math.round(performance.now() - started)} ms`);
    harness.reload();
  } catch (error) {
    // The server keeps serving the last good build.
    console.error(`[build] ${reason}: failed\n`, error instanceof Error ? error.message : error);
  }
}

async function rebuildUi(reason: string) {
  const started = performance.now();
  try {
    const { files } = await buildHarnessUi({ mode: 'production', sourceMaps: true });
    const gzip = Object.values(files).reduce((sum, f) => sum + f.gzip, 0);
    console.log(`[build-ui] ${reason}: ${Object.keys(files).length} files, ${gzip} B gzip in ${Math.round(performance.now() - started)} ms`);
    harness.reload();
  } catch (error) {
    console.error(`[build-ui] ${reason}: failed\n`, error instanceof Error ? error.message : error);
  }
}

/** A port in use (or any other reason the server cannot listen): said plainly, exit 1. */
function cannotListen(error: NodeJS.ErrnoException): never {
  console.error(
    error.code === 'EADDRINUSE'
      ? `[harness] port ${port} is in use: stop what is using it, or choose another (PORT=9000 npm start, or npm start -- --port 9000)`
      : `[harness] could not start: ${error.message}`,
  );
  process.exit(1);
}

// Bound before anything is built: a port in use is said at once, not after the build.
const harness = await startServer({
  port,
  liveReload: true,
  host: process.env.HOST,
  csp,
  log: (e) => console.log(`${e.method} ${e.url} ${e.status || '---'} ${e.ms}ms`),
}).catch(cannotListen);
const address = `${harness.url.replace('127.0.0.1', 'localhost')}/`;
if (process.env.VENEER_SKIP_BUILD === '1') console.log(`veneer harness: ${address} (the last build; rebuilds on change)`);
else {
  console.log(`veneer harness: ${address} (building…)`);
  await rebuild('start');
  await rebuildUi('start');
  console.log(`veneer harness: ${address}`);
}

let timer: NodeJS.Timeout | undefined;
let building = Promise.resolve();
const src = path.join(REPO_ROOT, 'src');
let uiTimer: NodeJS.Timeout | undefined;
watch(src, { recursive: true }, (_event, file) => {
  if (file && (file.startsWith(path.join('harness', 'ui') + path.sep) || file === path.join('lib', 'react.ts'))) {
    clearTimeout(uiTimer);
    uiTimer = setTimeout(() => (building = building.then(() => rebuildUi(`changed ${file}`))), 150);
  }
  if (!file || file.startsWith('harness')) return;
  clearTimeout(timer);
  timer = setTimeout(() => (building = building.then(() => rebuild(`changed ${file}`))), 150);
});

const stop = () => void harness.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
