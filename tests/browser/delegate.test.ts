// Dependent fields (select.js-delegate) on the captured /event/ page and fixtures (bad-inputs
// row 26), in Chromium against the production build: only the matching group is shown and
// enabled, its input cleared on change and copied into the holder, restored from the address.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers';
import { useSession } from './support';

const groups = (page: Page) =>
  page.$$eval('.js-delegate-group', (els) =>
    els.map((el) => ({ value: el.getAttribute('data-delegate-value'), hidden: (el as HTMLElement).hidden, disabled: (el.querySelector('input') as HTMLInputElement).disabled, text: (el.querySelector('input') as HTMLInputElement).value })),
  );
const holder = (page: Page) => page.$eval('input[data-delegate-holder]', (el) => (el as HTMLInputElement).value);
const shown = async (page: Page) => (await groups(page)).filter((g) => !g.hidden).map((g) => g.value);

describe('dependent fields', () => {
  const session = useSession();

  it('start-up: every group hidden (settled) and disabled; choosing shows only the match; typing fills the holder', async () => {
    const test = await session.open('/event/');
    expect(await test.page.$eval('.js-delegate', (el) => el.getAttribute('data-enhanced'))).toBe('delegate');
    await test.page.waitForFunction(() => [...document.querySelectorAll('.js-delegate-group')].every((el) => (el as HTMLElement).hidden));
    expect((await groups(test.page)).every((g) => g.disabled)).toBe(true);
    await test.page.select('.js-delegate', 'software');
    expect(await shown(test.page)).toEqual(['software']);
    expect((await groups(test.page)).map((g) => g.disabled)).toEqual([true, false, true]);
    await test.page.type('#reg-topic-software', 'SAP PM');
    expect(await holder(test.page)).toBe('SAP PM');
    // Another choice: the new group's input starts empty, the holder too.
    await test.page.select('.js-delegate', 'sensors');
    expect(await shown(test.page)).toEqual(['sensors']);
    expect(await holder(test.page)).toBe('');
    await test.page.select('.js-delegate', 'software');
    expect((await groups(test.page))[1].text).toBe('');
    await test.page.select('.js-delegate', '');
    expect(await shown(test.page)).toEqual([]);
    // Hidden groups are not submitted.
    const submitted = await test.page.$eval('.js-delegate', (el) => [...new FormData((el as HTMLSelectElement).form!).keys()]);
    expect(submitted).not.toContain('topic_sensors');
    expect(submitted).toContain('topic_detail');
    test.assertClean();
    await test.page.close();
  });

  it('keyboard: arrows on the select show the next group', async () => {
    const test = await session.open('/event/');
    await test.page.focus('.js-delegate');
    await test.page.keyboard.press('ArrowDown');
    expect(await shown(test.page)).toEqual(['sensors']);
    await test.page.keyboard.press('Tab');
    expect(await test.page.evaluate(() => document.activeElement?.id)).toBe('reg-topic-sensors');
    await test.page.keyboard.type('steam');
    expect(await holder(test.page)).toBe('steam');
    test.assertClean();
    await test.page.close();
  });

  it('start-up restores the select and the holder from the address', async () => {
    const test = await session.open('/event/?topic=services&topic_detail=250');
    expect(await test.page.$eval('.js-delegate', (el) => (el as HTMLSelectElement).value)).toBe('services');
    expect(await shown(test.page)).toEqual(['services']);
    expect(await holder(test.page)).toBe('250');
    expect((await groups(test.page))[2].text).toBe('250');
    test.assertClean();
    await test.page.close();
  });

  it('start-up restores a group of radios by checking the one with the value, never rewriting a value', async () => {
    const html = fixture(
      '<form action="/forms/radios"><select class="js-delegate" name="topic" data-delegate-set="topic"><option value="">Choose</option><option value="x">X</option></select>' +
        '<div class="js-delegate-group" data-delegate-set="topic" data-delegate-value="x">' +
        '<input type="radio" id="ra" name="detail_choice" value="a"><label for="ra">A</label>' +
        '<input type="radio" id="rb" name="detail_choice" value="b"><label for="rb">B</label></div>' +
        '<input type="hidden" name="topic_detail" data-delegate-holder="topic"></form>',
    );
    const test = await session.open('/__fixture/delegate-radios?topic=x&topic_detail=b', { html });
    expect(await shown(test.page)).toEqual(['x']);
    expect(await test.page.$$eval('input[type=radio]', (all) => all.map((r) => [(r as HTMLInputElement).value, (r as HTMLInputElement).checked]))).toEqual([
      ['a', false],
      ['b', true],
    ]);
    test.assertClean();
    await test.page.close();
  });

  it('a checkbox copies its value into the holder while checked, and empties it when unchecked', async () => {
    const html = fixture(
      '<form action="/forms/checkbox"><select class="js-delegate" name="topic" data-delegate-set="topic"><option value="">Choose</option><option value="x">X</option></select>' +
        '<div class="js-delegate-group" data-delegate-set="topic" data-delegate-value="x">' +
        '<input type="checkbox" id="cb" name="detail_opt" value="yes"><label for="cb">Yes please</label></div>' +
        '<input type="hidden" name="topic_detail" data-delegate-holder="topic"></form>',
    );
    const test = await session.open('/__fixture/delegate-checkbox', { html });
    await test.page.select('.js-delegate', 'x');
    await test.page.click('#cb');
    expect(await holder(test.page)).toBe('yes');
    await test.page.click('#cb');
    expect(await holder(test.page)).toBe('');
    test.assertClean();
    await test.page.close();
  });

  it('bad inputs (row 26): markup in the query is a plain value, a value matching no group shows none, 100 groups, 0 hits', async () => {
    const many = Array.from({ length: 100 }, (_, i) => `<div class="js-delegate-group" data-delegate-set="s" data-delegate-value="v${i}"><label>G${i}<input name="g${i}"></label></div>`).join('');
    const options = Array.from({ length: 100 }, (_, i) => `<option value="v${i}">v${i}</option>`).join('');
    const html = fixture(
      '<script>window.__hits = 0; window.__hit = () => window.__hits++;</script>' +
        `<form><label for="s">S</label><select id="s" name="s" class="js-delegate" data-delegate-set="s"><option value="">-</option>${options}<option value="nomatch">none</option></select>${many}` +
        '<input type="hidden" name="detail" data-delegate-holder="s"></form>',
    );
    const query = '?s=v7&detail=' + encodeURIComponent('<img src=x onerror=__hit()>');
    const test = await session.open('/__fixture/delegate' + query, { html });
    expect(await holder(test.page)).toBe('<img src=x onerror=__hit()>');
    // Groups in the viewport are disabled at once, hidden only once that moves nothing seen.
    expect((await groups(test.page)).filter((g) => !g.disabled).map((g) => g.value)).toEqual(['v7']);
    expect((await groups(test.page))[7].text).toBe('<img src=x onerror=__hit()>');
    await test.page.select('.js-delegate', 'nomatch');
    expect(await shown(test.page)).toEqual([]);
    expect((await groups(test.page)).every((g) => g.disabled)).toBe(true);
    expect(await test.page.evaluate(() => (window as unknown as { __hits: number }).__hits)).toBe(0);
    expect(await test.page.$$eval('img', (imgs) => imgs.length)).toBe(0);
    test.assertClean();
    await test.page.close();
  });

  it('removal puts the groups back as the CMS sent them', async () => {
    const test = await session.open('/event/');
    await test.page.select('.js-delegate', 'sensors');
    const after = await test.page.evaluate(async () => {
      const select = document.querySelector('.js-delegate')!;
      select.remove();
      await new Promise((resolve) => setTimeout(resolve, 50));
      return [...document.querySelectorAll('.js-delegate-group')].map((el) => ({ hidden: (el as HTMLElement).hidden, disabled: el.querySelector('input')!.disabled }));
    });
    expect(after).toEqual([0, 1, 2].map(() => ({ hidden: false, disabled: false })));
    test.assertClean();
    await test.page.close();
  });
});
