// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createJournal } from '../../src/lib/journal';

function fixture() {
  document.body.innerHTML = '<div class="js-x is-current" role="note" data-keep="1"><p></p></div>';
  const div = document.body.firstElementChild!;
  return { div, p: div.firstElementChild!, before: document.body.innerHTML };
}

describe('createJournal', () => {
  it('restores attributes, classes and ids to their first values', () => {
    const { div, p, before } = fixture();
    const j = createJournal();
    j.set(div, 'role', 'tablist');
    j.set(div, 'role', 'region');
    j.set(div, 'aria-live', 'polite');
    j.set(div, 'data-keep', null);
    j.flag(div, 'is-current', false);
    j.flag(div, 'is-open', true);
    j.flag(div, 'is-open', false);
    j.flag(div, 'is-open', true);
    const id = j.id(p, 'veneer-test');
    expect(id).toMatch(/^veneer-test-\d+$/);
    expect(p.id).toBe(id);
    expect(div.getAttribute('role')).toBe('region');
    expect(div.hasAttribute('data-keep')).toBe(false);
    expect(div.className).toBe('js-x is-open');
    j.restore();
    expect(document.body.innerHTML).toBe(before);
  });

  it('keeps an existing id', () => {
    const { div } = fixture();
    div.id = 'mine';
    const j = createJournal();
    expect(j.id(div, 'veneer')).toBe('mine');
    j.restore();
    expect(div.id).toBe('mine');
  });

  it('can be used again after a restore', () => {
    const { div, before } = fixture();
    const j = createJournal();
    j.set(div, 'hidden', '');
    j.restore();
    j.set(div, 'hidden', '');
    j.restore();
    expect(document.body.innerHTML).toBe(before);
  });
});
