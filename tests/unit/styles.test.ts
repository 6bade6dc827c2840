// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { adoptStyles, hiddenRules } from '../../src/lib/styles';

describe('adoptStyles', () => {
  it('adopts one sheet per key however often it is called', () => {
    document.adoptedStyleSheets = [];
    adoptStyles('a', '.a{color:red}');
    adoptStyles('a', '.a{color:red}');
    adoptStyles('b', '.b{color:red}');
    expect(document.adoptedStyleSheets).toHaveLength(2);
    // A page script that dropped the list gets the sheet back, still the same object.
    const first = document.adoptedStyleSheets[0];
    document.adoptedStyleSheets = [];
    adoptStyles('a', '.a{color:red}');
    expect(document.adoptedStyleSheets).toEqual([first]);
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });

  it('warns once and does not throw without constructable stylesheets', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('CSSStyleSheet', undefined);
    expect(() => (adoptStyles('c', '.c{}'), adoptStyles('d', '.d{}'))).not.toThrow();
    expect(spy).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
    spy.mockRestore();
  });
});

describe('hiddenRules', () => {
  // happy-dom's CSS parser drops the second rule; Chromium parsing is checked by the browser tests.
  it('gives until-found the browser\'s display (the later rule of the same specificity) and collapses its box', () => {
    expect(hiddenRules('.x')).toBe(
      '.x[hidden]{display:none!important}' +
        '.x[hidden=until-found i]{display:revert!important;padding-block:0!important;border-block:0!important;margin-block:0!important}',
    );
  });
});
