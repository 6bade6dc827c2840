// Feature chunks reach the shared library code through src/lib/kit.ts, which forwards to the
// page chunk's copy. A chunk's module code runs before that copy may be there, so it must not
// call the kit: this loads every feature module with no kit present and expects no throw.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CORE_KEY, type CoreHandle, type Feature } from '../../src/lib/feature';

const root = path.resolve(__dirname, '../../src/features');
const names = readdirSync(root).filter((name) => name !== 'page');
type Global = { [CORE_KEY]?: CoreHandle };
const installed = (globalThis as Global)[CORE_KEY];

afterEach(() => {
  (globalThis as Global)[CORE_KEY] = installed;
});

describe('feature chunks and the kit', () => {
  it.each(names)('%s: its module code calls nothing in the kit, and it defines itself once the page chunk is there', async (name) => {
    const defined: [string, Feature | Promise<Feature>][] = [];
    let pageLoaded!: () => void;
    (globalThis as Global)[CORE_KEY] = {
      define: (feature, value) => void defined.push([feature, value]),
      load: (chunk) => (chunk == 'page' ? new Promise((resolve) => (pageLoaded = () => resolve({} as Feature))) : new Promise(() => {})),
      settings: { base: '', chunkTimeout: 0, data: {} },
    };
    await import(`../../src/features/${name}/index.ts`);
    expect(defined.map(([feature]) => feature)).toEqual([name]);
    // The definition waits for the page chunk: it then sets up through the kit.
    (globalThis as Global)[CORE_KEY]!.kit = installed!.kit;
    pageLoaded();
    const feature = await Promise.race([defined[0][1], new Promise((resolve) => setTimeout(resolve, 50, 'labels'))]);
    // Labelled features also wait for their labels, which this stand-in never loads.
    if (feature != 'labels') expect(typeof (feature as Feature).setup).toBe('function');
  });
});
