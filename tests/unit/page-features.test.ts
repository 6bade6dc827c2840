// @vitest-environment node
// /__pages.json's features: js- hooks by a regex over class attributes, other selectors by happy-dom.
import { describe, expect, it } from 'vitest';
import { classTokens, pageFeatures } from '../../src/harness/page-features';

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
