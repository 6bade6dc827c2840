// @vitest-environment node
// /__pages.json's features: js- hooks by a regex over class attributes, other selectors by happy-dom.
import { describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REGISTRY_FILE, classTokens, knownHooks, pageCatalogue, pageFeatures } from '../../src/harness/page-features';

describe('classTokens', () => {
  it('reads class attributes in any quoting, and only class attributes of elements', () => {
    const html = `<div class="js-a  b"><p class='js-b'><span class=js-c>x</span></p>
      <i data-class="js-no" title='class="js-no"' CLASS="js-D">
      <!-- <div class="js-comment"> -->
      <script>var s = '<div class="js-script">';</script><style>.x{}</style>
      <template><div class="js-template"></div></template>
      <textarea><b class="js-text"></b></textarea>
      <p>text with class="js-prose" in it</p></div>`;
    expect([...classTokens(html)].sort()).toEqual(['b', 'js-D', 'js-a', 'js-b', 'js-c']);
  });
});

describe('pageFeatures', () => {
  it('matches `.js-<name>` for empty rows and the selector otherwise', async () => {
    const html = '<div class="js-tabs-nav"></div><div class="js-expand"></div><form data-validate></form><a rel="external">';
    const result = await pageFeatures(html, { tabs: '', expand: '', validate: 'form[data-validate]', map: '.map', bad: '[[' });
    expect(result).toEqual({
      features: { tabs: false, expand: true, validate: true, map: false, bad: false },
      hooks: ['js-expand', 'js-tabs-nav'],
    });
  });
});

describe('knownHooks and the catalogue\'s other hooks', () => {
  it('counts the registry rows and every js- class the features\' code names as handled', async () => {
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'veneer-hooks-'));
    try {
      await mkdir(path.join(tmp, 'src', 'nav'), { recursive: true });
      await writeFile(path.join(tmp, 'src', 'nav', 'index.ts'), "q('.js-megamenu'); q(`js-${name}-built`); // js-menu-toggle\n");
      await writeFile(path.join(tmp, 'src', 'notes.md'), 'js-not-code');
      const known = await knownHooks({ nav: '', forms: 'form.js-validate,form.js-cms-form', page: 'html' }, [path.join(tmp, 'src')]);
      expect([...known].sort()).toEqual(['js-cms-form', 'js-megamenu', 'js-menu-toggle', 'js-nav', 'js-validate']);

      const root = path.join(tmp, 'pages');
      await mkdir(path.join(root, 'p'), { recursive: true });
      await writeFile(path.join(root, 'p', 'index.html'), '<title>P</title><nav class="js-nav"><div class="js-megamenu js-unknown"></div></nav>');
      const registryFile = path.join(tmp, 'registry.json');
      await writeFile(registryFile, JSON.stringify({ nav: '' }));
      const [entry] = await pageCatalogue(root, registryFile, [path.join(tmp, 'src')]);
      expect(entry).toMatchObject({ name: 'p', hooks: ['js-megamenu', 'js-nav', 'js-unknown'], other: ['js-unknown'] });
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });

  it('finds every hook of the captured pages handled (their header, footer and form parts too)', async () => {
    const pages = await pageCatalogue(path.resolve(path.dirname(REGISTRY_FILE), '..', '..', 'legacy-pages'));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect({ page: page.name, other: page.other }).toEqual({ page: page.name, other: [] });
  });
});
