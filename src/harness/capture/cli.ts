// npm run capture -- <address> <name> [--force] [--root <dir>] [--offline] [--timeout <ms>]
//
// Saves the page at <address> as its server sent it (HTML, stylesheets, images, fonts;
// without the site's scripts) into legacy-pages/<name>/, with manifest.json and the
// responses of the page's ajax calls for offline replay. See capture.ts.
import { capture } from './capture';

const USAGE = `usage: npm run capture -- <address> <name> [options]

  <address>        the page's http(s) URL
  <name>           the folder in legacy-pages/: lower-case letters, digits and "-"

  --force          replace legacy-pages/<name>/ if it exists
  --root <dir>     write into <dir>/<name>/ instead of legacy-pages/
  --offline        keep Chromium on this machine (only localhost and 127.0.0.1 resolve)
  --timeout <ms>   time limit of the page load and of each file (default 30000)`;

function fail(message: string, code = 1): never {
  console.error(`capture: ${message}`);
  process.exit(code);
}

const positional: string[] = [];
const options: { force?: boolean; root?: string; offline?: boolean; timeout?: number } = {};
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--help' || arg === '-h') {
    console.log(USAGE);
    process.exit(0);
  } else if (arg === '--force') options.force = true;
  else if (arg === '--offline') options.offline = true;
  else if (arg === '--root' || arg === '--timeout') {
    const value = args[++i];
    if (value === undefined) fail(`${arg} needs a value\n${USAGE}`, 2);
    if (arg === '--root') options.root = value;
    else {
      const ms = Number(value);
      if (!Number.isInteger(ms) || ms <= 0) fail(`--timeout "${value}" is not a number of milliseconds`, 2);
      options.timeout = ms;
    }
  } else if (arg.startsWith('--')) fail(`unknown option ${arg}\n${USAGE}`, 2);
  else positional.push(arg);
}
if (positional.length !== 2) fail(`expected an address and a name\n${USAGE}`, 2);

const [address, name] = positional;
const started = performance.now();
try {
  await capture({ address, name, ...options });
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
