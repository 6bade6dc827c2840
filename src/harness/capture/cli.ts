// npm run capture -- <address> <name> [--force] [--root <dir>] [--offline] [--timeout <ms>] [--save-har <file>]
// npm run capture -- --har <file> <name> [--force] [--root <dir>] [--offline] [--timeout <ms>]
//
// Saves the page at <address> as its server sent it (HTML, stylesheets, images, fonts;
// without the site's scripts) into legacy-pages/<name>/, with manifest.json and the
// responses of the page's ajax calls for offline replay. See capture.ts; --har: har.ts.
import { argsOrExit, captureArgs } from '../args';
import { capture } from './capture';
import { importHar } from './har';

const USAGE = `usage: npm run capture -- <address> <name> [options]
       npm run capture -- --har <file> <name> [options]

  <address>          the page's http(s) URL
  <name>             the folder in legacy-pages/: lower-case letters, digits and "-"

  --har <file>       save the page a HAR file recorded (DevTools, Network: "Save all as HAR
                     with content") instead of loading an address
  --save-har <file>  also write a HAR 1.2 file of what the capture saved
  --force            replace legacy-pages/<name>/ if it exists
  --root <dir>       write into <dir>/<name>/ instead of legacy-pages/
  --offline          keep Chromium on this machine (only localhost and 127.0.0.1 resolve);
                     with --har, fetch nothing the HAR lacks
  --timeout <ms>     time limit of the page load and of each file (default 30000)`;

const { help, address, har, ...options } = argsOrExit('capture', captureArgs, USAGE);
if (help) {
  console.log(USAGE);
  process.exit(0);
}

const started = performance.now();
try {
  await (har === undefined ? capture({ ...options, address: address! }) : importHar({ ...options, har }));
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(`capture: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
