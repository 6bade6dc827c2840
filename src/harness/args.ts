// The command lines of veneer's tools (npm start, capture, bench, bench:loads, bench:core), read
// with node:util's parseArgs. An unknown option (`--quik`), a missing value, a stray argument or a
// bad number is refused here, with a message and exit code 2, before the tool builds anything.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { PAGE_NAME } from './capture/manifest';

/** A command line the tool cannot run: its message says why. */
export class UsageError extends Error {}

/** parseArgs (strict: its default), its errors as UsageErrors that name the option. */
function parse<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    // parseArgs's own message, without its advice about positionals that start with '-'.
    const message = error instanceof Error ? error.message.replace(/\. To specify a positional argument.*$/s, '') : String(error);
    throw new UsageError(message.charAt(0).toLowerCase() + message.slice(1));
  }
}

/** A whole number from `min` to `max`, or a UsageError naming `what`. */
export function integer(what: string, value: string, min: number, max?: number): number {
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || (max !== undefined && n > max))
    throw new UsageError(`${what} "${value}" is not a whole number ${max === undefined ? `of at least ${min}` : `from ${min} to ${max}`}`);
  return n;
}

function atMost(positionals: string[], max: number, usage: string) {
  if (positionals.length > max) throw new UsageError(`unexpected argument "${positionals[max]}" (${usage})`);
}

export interface CaptureArgs {
  help: boolean;
  /** A live page's address (absent with --har). */
  address?: string;
  name: string;
  har?: string;
  saveHar?: string;
  force: boolean;
  offline: boolean;
  root?: string;
  timeout?: number;
}

/** npm run capture -- <address> <name> | --har <file> <name>, and options. */
export function captureArgs(argv: string[]): CaptureArgs {
  const { values, positionals } = parse({
    args: argv,
    allowPositionals: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      har: { type: 'string' },
      'save-har': { type: 'string' },
      force: { type: 'boolean' },
      offline: { type: 'boolean' },
      root: { type: 'string' },
      timeout: { type: 'string' },
    },
  });
  const base = {
    help: values.help ?? false,
    har: values.har,
    saveHar: values['save-har'],
    force: values.force ?? false,
    offline: values.offline ?? false,
    root: values.root,
    timeout: values.timeout === undefined ? undefined : integer('--timeout', values.timeout, 1),
  };
  if (base.help) return { ...base, name: '' };
  if (base.har !== undefined) {
    if (positionals.length !== 1) throw new UsageError('with --har, give the page name only');
    if (base.saveHar !== undefined) throw new UsageError('--save-har writes what a live capture saw: not with --har');
    return { ...base, name: positionals[0] };
  }
  if (positionals.length !== 2) throw new UsageError('expected an address and a name');
  return { ...base, address: positionals[0], name: positionals[1] };
}

/** npm run bench [-- --quick] [--lighthouse | --no-lighthouse] */
export function benchArgs(argv: string[]): { quick: boolean; lighthouse: boolean } {
  const { values } = parse({ args: argv, options: { quick: { type: 'boolean' }, lighthouse: { type: 'boolean' }, 'no-lighthouse': { type: 'boolean' } } });
  if (values.lighthouse && values['no-lighthouse']) throw new UsageError('--lighthouse and --no-lighthouse together');
  return { quick: values.quick ?? false, lighthouse: !values['no-lighthouse'] };
}

/** npm run bench:loads [-- home,news,contact [runs]] */
export function benchLoadsArgs(argv: string[]): { pages: string[]; runs: number } {
  const { positionals } = parse({ args: argv, allowPositionals: true, options: {} });
  atMost(positionals, 2, 'bench:loads takes pages,separated,by,commas and a number of runs');
  const pages = (positionals[0] ?? 'home,news,contact').split(',');
  for (const page of pages) if (!PAGE_NAME.test(page)) throw new UsageError(`"${page}" is not a page name (pages are separated by commas)`);
  return { pages, runs: positionals[1] === undefined ? 5 : integer('runs', positionals[1], 1) };
}

/** npm run bench:core [-- runs] */
export function benchCoreArgs(argv: string[]): { runs: number } {
  const { positionals } = parse({ args: argv, allowPositionals: true, options: {} });
  atMost(positionals, 1, 'bench:core takes a number of runs');
  return { runs: positionals[0] === undefined ? 9 : integer('runs', positionals[0], 1) };
}

/** npm start [-- --port N] [--csp]; PORT from the environment when --port is absent. */
export function startArgs(argv: string[], env: Record<string, string | undefined> = process.env): { port: number; csp: boolean } {
  const { values } = parse({ args: argv, options: { port: { type: 'string' }, csp: { type: 'boolean' } } });
  const port = values.port ?? env.PORT;
  return { port: port === undefined ? 8080 : integer(values.port === undefined ? 'PORT' : '--port', port, 0, 65535), csp: values.csp ?? false };
}

/**
 * The tool's arguments by `read`, or its message on stderr (with `usage`, if given) and exit
 * code 2: nothing has been built or started yet.
 */
export function argsOrExit<T>(tool: string, read: (argv: string[]) => T, usage?: string, argv = process.argv.slice(2)): T {
  try {
    return read(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${tool}: ${error.message}${usage ? `\n${usage}` : ''}`);
    process.exit(2);
  }
}
