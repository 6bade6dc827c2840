// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { commonAncestor, fragmentId, hasAccessibleName, owned, uniqueId } from '../../src/lib/dom';

const html = (markup: string) => {
  // Test fixtures only: the product never parses HTML from strings.
  document.body.innerHTML = markup;
  return document.body;
};
const $ = (id: string) => document.getElementById(id)!;

beforeEach(() => void html(''));

describe('uniqueId', () => {
  it('skips ids already in the document', () => {
    html('<p id="x-1"></p><p id="x-2"></p>');
    expect(uniqueId('x')).toBe('x-3');
    expect(uniqueId('x')).toBe('x-4');
  });
});

describe('owned', () => {
  it('keeps the matches of nested hooks out', () => {
    html(`<div class="hook" id="outer"><b class="item" id="a"></b>
      <div class="hook" id="inner"><b class="item" id="b"></b></div></div>`);
    expect(owned($('outer'), '.item', '.hook').map((e) => e.id)).toEqual(['a']);
    expect(owned($('inner'), '.item', '.hook').map((e) => e.id)).toEqual(['b']);
  });
});

describe('commonAncestor', () => {
  it('is the parent of one element and the nearest container of several', () => {
    html('<ul id="list"><li id="l1"><a id="a1"></a></li><li><a id="a2"></a></li></ul>');
    expect(commonAncestor([$('a1')])).toBe($('l1'));
    expect(commonAncestor([$('a1'), $('a2')])).toBe($('list'));
    expect(commonAncestor([])).toBeNull();
  });
});

describe('fragmentId', () => {
  it.each([
    ['#panel-1', 'panel-1'],
    ['/page?x=1#b', 'b'],
    ['#caf%C3%A9', 'café'],
    ['#100%', '100%'],
    ['#', ''],
    ['panel', ''],
    [null, ''],
    ['#<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
    // All that follows the first '#', line breaks too.
    ['/p#a#b', 'a#b'],
    ['#a\nb', 'a\nb'],
  ])('%s → %s', (href, id) => expect(fragmentId(href)).toBe(id));
});

describe('hasAccessibleName', () => {
  it.each([
    ['<button>Next</button>', true],
    ['<button aria-label="Next"></button>', true],
    ['<button aria-labelledby="x"></button>', true],
    ['<button title="Next"></button>', true],
    ['<button><img alt="Next"></button>', true],
    ['<button><span class="sr-only">Next</span></button>', true],
    ['<button><span aria-hidden="true">›</span></button>', false],
    ['<button><img alt=""></button>', false],
    ['<button aria-label="  "> </button>', false],
  ])('%s', (markup, named) => expect(hasAccessibleName(html(markup).firstElementChild!)).toBe(named));
});
