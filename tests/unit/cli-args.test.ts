// The tools' command lines (src/harness/args.ts): what each accepts, and what it refuses before
// anything is built (an unknown option, a stray argument, a bad number).
import { describe, expect, it } from 'vitest';
import { UsageError, benchArgs, benchCoreArgs, benchLoadsArgs, captureArgs, integer, startArgs } from '../../src/harness/args';

const refused = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  return 'accepted';
};

describe('command lines', () => {
  it('bench: --quick and the Lighthouse switch; --quik and arguments refused', () => {
    expect(benchArgs([])).toEqual({ quick: false, lighthouse: true });
    expect(benchArgs(['--quick', '--no-lighthouse'])).toEqual({ quick: true, lighthouse: false });
    expect(benchArgs(['--lighthouse'])).toEqual({ quick: false, lighthouse: true });
    expect(refused(() => benchArgs(['--quik']))).toBe("unknown option '--quik'");
    expect(refused(() => benchArgs(['quick']))).toMatch(/^unexpected argument 'quick'/);
    expect(refused(() => benchArgs(['--quick=1']))).toMatch(/--quick.*does not take an argument/);
    expect(refused(() => benchArgs(['--lighthouse', '--no-lighthouse']))).toMatch(/together/);
  });

  it('bench:loads and bench:core: pages and a whole number of runs', () => {
    expect(benchLoadsArgs([])).toEqual({ pages: ['home', 'news', 'contact'], runs: 5 });
    expect(benchLoadsArgs(['home,shop-2', '3'])).toEqual({ pages: ['home', 'shop-2'], runs: 3 });
    expect(refused(() => benchLoadsArgs(['home', 'five']))).toBe('runs "five" is not a whole number of at least 1');
    expect(refused(() => benchLoadsArgs(['home', '0']))).toMatch(/not a whole number/);
    expect(refused(() => benchLoadsArgs(['home news']))).toMatch(/"home news" is not a page name/);
    expect(refused(() => benchLoadsArgs(['home', '3', '4']))).toMatch(/unexpected argument "4"/);
    expect(refused(() => benchLoadsArgs(['--runs', '3']))).toBe("unknown option '--runs'");
    expect(benchCoreArgs([])).toEqual({ runs: 9 });
    expect(benchCoreArgs(['3'])).toEqual({ runs: 3 });
    for (const bad of ['3.5', '1e3', '', ' 3', '0x10']) expect(refused(() => benchCoreArgs([bad])), bad).toMatch(/not a whole number/);
    expect(refused(() => benchCoreArgs(['-1']))).toBe("unknown option '-1'");
    expect(refused(() => benchCoreArgs(['3', '4']))).toMatch(/unexpected argument/);
  });

  it('npm start: --port or PORT, 0 to 65535, and --csp', () => {
    expect(startArgs([], {})).toEqual({ port: 8080, csp: false });
    expect(startArgs(['--port', '9000', '--csp'], { PORT: '1' })).toEqual({ port: 9000, csp: true });
    expect(startArgs(['--port=0'], {})).toEqual({ port: 0, csp: false });
    expect(startArgs([], { PORT: '9001' })).toEqual({ port: 9001, csp: false });
    expect(refused(() => startArgs(['--port', '70000'], {}))).toBe('--port "70000" is not a whole number from 0 to 65535');
    expect(refused(() => startArgs([], { PORT: 'http' }))).toBe('PORT "http" is not a whole number from 0 to 65535');
    expect(refused(() => startArgs(['--port'], {}))).toMatch(/--port.*argument missing/);
    expect(refused(() => startArgs(['--cps'], {}))).toBe("unknown option '--cps'");
  });

  it('capture: an address and a name, or --har and a name', () => {
    expect(captureArgs(['https://www.example.com/', 'home', '--force', '--timeout', '5000', '--save-har', 'a.har'])).toEqual({
      help: false,
      address: 'https://www.example.com/',
      name: 'home',
      har: undefined,
      saveHar: 'a.har',
      force: true,
      offline: false,
      root: undefined,
      timeout: 5000,
    });
    const fromHar = captureArgs(['--har', 'page.har', 'orders', '--offline']);
    expect(fromHar).toMatchObject({ har: 'page.har', name: 'orders', offline: true });
    expect(fromHar.address).toBeUndefined();
    expect(captureArgs(['-h']).help).toBe(true);
    expect(refused(() => captureArgs(['https://www.example.com/']))).toBe('expected an address and a name');
    expect(refused(() => captureArgs(['--har', 'page.har', 'https://www.example.com/', 'orders']))).toBe('with --har, give the page name only');
    expect(refused(() => captureArgs(['--har', 'a.har', 'x', '--save-har', 'b.har']))).toMatch(/not with --har/);
    expect(refused(() => captureArgs(['https://www.example.com/', 'home', '--timeout', '30s']))).toBe('--timeout "30s" is not a whole number of at least 1');
    expect(refused(() => captureArgs(['https://www.example.com/', 'home', '--froce']))).toBe("unknown option '--froce'");
  });

  it('reads whole numbers only', () => {
    expect(integer('n', '007', 0)).toBe(7);
    expect(refused(() => integer('n', String(2 ** 60), 0))).toMatch(/not a whole number/);
  });
});
