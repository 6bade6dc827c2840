// Unit tests run modules that call the kit (src/lib/kit.ts) without the page chunk that
// normally provides it: this hands them the same kit, on a core handle that loads nothing.
// Only in happy-dom: the kit needs a DOM (files marked `@vitest-environment node` have none).
import { CORE_KEY, type CoreHandle } from '../../src/lib/feature';

if (typeof window !== 'undefined') {
  const { kit } = await import('../../src/lib/kit-runtime');
  const handle: CoreHandle = {
    kit,
    define() {},
    load: () => new Promise(() => {}),
    settings: { base: '', chunkTimeout: 0, data: {} },
  };
  (globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY] = handle;
}
