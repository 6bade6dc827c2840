// The package's ES module entry (package.json "exports", built into dist/esm/ by the build):
// a page module script gets window.veneer from whenVeneer() and uses the bus.
import { describe, expect, it } from 'vitest';
import { useSession } from './support';

describe('package entry', () => {
  const session = useSession();

  it('whenVeneer() resolves with window.veneer, whose bus carries topics both ways', async () => {
    const html = `<!doctype html><html lang="en"><head><title>module</title>
<script defer src="/Content/scripts/dist/veneer.js"></script>
<script type="module">
  import { whenVeneer } from '/Content/scripts/dist/esm/package/index.js';
  const veneer = await whenVeneer();
  veneer.on('/status', ({ message }) => (document.body.dataset.heard = message));
  veneer.emit('/status', { message: 'from a module' });
  await veneer.ready();
  document.body.dataset.same = String(veneer === window.veneer);
</script></head><body></body></html>`;
    const test = await session.open('/__fixture/module', { html, ready: false });
    await test.page.waitForFunction(() => document.body.dataset.same !== undefined);
    expect(await test.page.evaluate(() => ({ ...document.body.dataset }))).toEqual({ heard: 'from a module', same: 'true' });
    test.assertClean();
  });

  it('whenVeneer() rejects, with a message, on a page without veneer.js', async () => {
    const html = `<!doctype html><html lang="en"><head><title>none</title>
<script type="module">
  import { whenVeneer } from '/Content/scripts/dist/esm/package/index.js';
  whenVeneer().catch((error) => (document.body.dataset.error = error.message));
</script></head><body></body></html>`;
    const test = await session.open('/__fixture/no-veneer', { html, ready: false });
    await test.page.waitForFunction(() => document.body.dataset.error !== undefined);
    expect(await test.page.evaluate(() => document.body.dataset.error)).toBe('[veneer] veneer.js is not on this page');
  });
});
