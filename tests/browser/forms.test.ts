// Form validation (form.js-validate) on the captured /event/ and /contact/ forms and a
// bad-inputs fixture (row 19), in Chromium at 1280×800 against the production build.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { capturedPage, fixture } from './helpers';
import { focusedFieldAlert, invalidFieldInClosedPanel } from './scenarios';
import { useSession, type Session } from './support';

interface Invalid {
  id: string;
  message: string;
  visible: boolean;
}

/** Every aria-invalid target of the form with the text of its (visible) described-by error. */
const invalid = (page: Page, form: string) =>
  page.$eval(form, (el) =>
    [...el.querySelectorAll('[aria-invalid="true"]')].map((field) => {
      const ids = (field.getAttribute('aria-describedby') || '').split(' ');
      const error = ids.map((id) => document.getElementById(id)).find((m) => m?.classList.contains('veneer-error')) as HTMLElement | undefined;
      return { id: field.id || field.localName, message: error?.textContent ?? '', visible: !!error && error.getClientRects().length > 0 && !!error.offsetHeight };
    }),
  ) as Promise<Invalid[]>;

/** How many posts the harness recorded for /forms/<form> (GET /__posts). */
const postCount = async (session: Session, form: string) => {
  const data = (await (await fetch(session.url + '/__posts')).json()) as unknown;
  const list = (Array.isArray(data) ? data : ((data as { items?: unknown[] }).items ?? [])) as { form: string }[];
  return list.filter((post) => post.form === form).length;
};

/** Records /analytics/event payloads into sessionStorage (they survive the submit navigation). */
const recordAnalytics = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { veneer: { on: Function } }).veneer.on('/analytics/event', (event: unknown) => {
      const list = JSON.parse(sessionStorage.getItem('events') || '[]');
      list.push(event);
      sessionStorage.setItem('events', JSON.stringify(list));
    });
  });
const analytics = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('events') || '[]'));

const firstTop = async (page: Page) => {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __last?: number; __same?: number };
      const same = w.__last === scrollY;
      w.__same = same ? (w.__same || 0) + 1 : 0;
      w.__last = scrollY;
      return w.__same! > 5;
    },
    { polling: 'raf', timeout: 3000 },
  );
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    const target = focused.closest('fieldset.js-required-group') || focused;
    return { id: focused.id, top: Math.round(target.getBoundingClientRect().top) };
  });
};

describe('form validation', () => {
  const session = useSession();

  it('/event/: empty submit is blocked with each field’s own message, scrolls to and focuses the first; fixing clears; a valid form posts', async () => {
    const before = await postCount(session, 'register');
    const test = await session.open('/event/');
    const form = 'form.js-cms-form';
    expect(await test.page.$eval(form, (el) => [el.getAttribute('data-enhanced'), (el as HTMLFormElement).noValidate])).toEqual(['forms', true]);
    // Pristine: nothing flagged on load.
    expect(await invalid(test.page, form)).toEqual([]);
    await recordAnalytics(test.page);
    await test.page.$eval(form, (el) => (el as HTMLFormElement).requestSubmit());
    const errors = await invalid(test.page, form);
    expect(errors).toEqual([
      { id: 'reg-first-name', message: 'Please enter your first name.', visible: true },
      { id: 'reg-last-name', message: 'Please enter your last name.', visible: true },
      { id: 'reg-email', message: 'Please enter your email address.', visible: true },
      { id: 'reg-company', message: 'This field is required', visible: true },
      { id: 'fieldset', message: 'Please choose at least one session.', visible: true },
      { id: 'reg-consent', message: 'Please accept the privacy statement to register.', visible: true },
    ]);
    expect(await firstTop(test.page)).toEqual({ id: 'reg-first-name', top: expect.any(Number) });
    expect(Math.abs((await firstTop(test.page)).top - 100)).toBeLessThanOrEqual(2);

    // Fixing a field clears its error on keyup; the typed text stays; a bad email gets the regex message.
    await test.page.type('#reg-first-name', '  Ada');
    await test.page.type('#reg-email', 'ada@');
    await test.page.type('#reg-phone', 'abc');
    await test.page.$eval(form, (el) => (el as HTMLFormElement).requestSubmit());
    expect((await invalid(test.page, form)).map((e) => [e.id, e.message])).toEqual([
      ['reg-last-name', 'Please enter your last name.'],
      ['reg-email', 'Please enter a valid email address, like name@company.com.'],
      ['reg-phone', 'Please enter a phone number with digits only, for example +31 6 1234 5678.'],
      ['reg-company', 'This field is required'],
      ['fieldset', 'Please choose at least one session.'],
      ['reg-consent', 'Please accept the privacy statement to register.'],
    ]);
    expect(await test.page.$eval('#reg-first-name', (el) => [(el as HTMLInputElement).value, el.getAttribute('aria-invalid'), el.getAttribute('aria-describedby')])).toEqual(['  Ada', null, null]);
    expect(await test.page.evaluate(() => document.activeElement?.id)).toBe('reg-last-name');
    await test.page.type('#reg-last-name', 'Lovelace');
    await test.page.type('#reg-email', 'example.com');
    await test.page.click('#reg-phone', { clickCount: 3 });
    await test.page.keyboard.press('Backspace');
    await test.page.type('#reg-company', 'Northwind');
    await test.page.click('#reg-session-tour');
    await test.page.click('#reg-consent');
    expect(await invalid(test.page, form)).toEqual([]);
    expect(await test.page.$eval('#reg-email', (el) => (el as HTMLInputElement).value)).toBe('ada@example.com');
    expect(await test.page.$$eval('.veneer-error', (els) => els.length)).toBe(0);
    expect(await postCount(session, 'register')).toBe(before);

    await Promise.all([test.page.waitForNavigation(), test.page.click('form.js-cms-form button[type=submit]')]);
    expect(await postCount(session, 'register')).toBe(before + 1);
    expect(await analytics(test.page)).toEqual([
      { category: 'form', action: 'validation-failed', label: '/forms/register', value: 1 },
      { category: 'form', action: 'validation-failed', label: '/forms/register', value: 2 },
      { category: 'form', action: 'validation-passed', label: '/forms/register', value: 3 },
      // The CMS form's submit went ahead (it navigated): reported once.
      { category: 'form', action: 'submit', label: 'cms:/forms/register' },
    ]);
    test.assertClean();
    await test.page.close();
  });

  it('Enter in the first invalid field, which has focus already: its error is an alert, read as it appears (focus does not move)', async () => {
    // The accessibility tree (Chromium's, through CDP) as a screen reader reads it.
    await focusedFieldAlert(session, async (page) => {
      const alert = await page.accessibility.snapshot({ root: (await page.$('.veneer-error'))! });
      expect(alert?.role).toBe('alert');
      const field = await page.accessibility.snapshot({ root: (await page.$('#reg-first-name'))! });
      expect([field?.name, field?.description, field?.invalid, field?.focused]).toEqual(['First name', 'Please enter your first name.', 'true', true]);
    });

    // In the search panel (a validated search form): the panel stays open, focus in its field.
    const html = capturedPage('home')
      .replace('<form class="search-form"', '<form class="search-form js-validate"')
      .replace('id="site-search" name="q"', 'id="site-search" name="q" required');
    const home = await session.open('/home/', { html });
    await home.page.click('.js-search-toggle');
    await home.page.waitForFunction(() => document.activeElement?.id == 'site-search');
    await home.page.keyboard.press('Enter');
    expect(
      await home.page.evaluate(() => [
        document.querySelector('.js-search-toggle')!.getAttribute('aria-expanded'),
        document.activeElement?.id,
        document.getElementById('site-search')!.getAttribute('aria-invalid'),
        document.querySelector('#search-panel .veneer-error')?.getAttribute('role'),
      ]),
    ).toEqual(['true', 'site-search', 'true', 'alert']);
    home.assertClean();
    await home.page.close();
  });

  it('the first invalid field in a closed expand item or tab panel (hidden=until-found) is shown and focused, as find-in-page shows it', () =>
    invalidFieldInClosedPanel(session, '/__fixture/forms-closed'));

  it('/contact/: keeps the help text in aria-describedby, flags the consent checkbox and the topics, change revalidates', async () => {
    const before = await postCount(session, 'mailing');
    const test = await session.open('/contact/');
    const form = 'form.js-mailing-form';
    await recordAnalytics(test.page);
    await test.page.click('form.js-mailing-form button[type=submit]');
    expect(await invalid(test.page, form)).toEqual([
      { id: 'ml-email', message: 'Please enter your email address.', visible: true },
      { id: 'ml-first-name', message: 'Please enter your first name.', visible: true },
      { id: 'fieldset', message: 'Please choose at least one topic.', visible: true },
      { id: 'ml-consent', message: 'Please agree to the privacy statement.', visible: true },
    ]);
    expect(await test.page.$eval('#ml-email', (el) => el.getAttribute('aria-describedby'))).toMatch(/^tip-ml-email veneer-error-\d+$/);
    const first = await firstTop(test.page);
    expect(first.id).toBe('ml-email');
    expect(Math.abs(first.top - 100)).toBeLessThanOrEqual(2);
    await test.page.click('#ml-consent');
    await test.page.click('#ml-topic-events');
    expect((await invalid(test.page, form)).map((e) => e.id)).toEqual(['ml-email', 'ml-first-name']);
    await test.page.type('#ml-email', 'grace@example.com');
    await test.page.type('#ml-first-name', 'Grace');
    expect(await invalid(test.page, form)).toEqual([]);
    expect(await test.page.$eval('#ml-email', (el) => el.getAttribute('aria-describedby'))).toBe('tip-ml-email');
    await Promise.all([test.page.waitForNavigation(), test.page.click('form.js-mailing-form button[type=submit]')]);
    expect(await postCount(session, 'mailing')).toBe(before + 1);
    expect((await analytics(test.page)).map((e: { action: string; value: number }) => [e.action, e.value])).toEqual([
      ['validation-failed', 1],
      ['validation-passed', 2],
      ['submit', undefined],
    ]);
    expect((await analytics(test.page)).pop().label).toBe('mailing:/forms/mailing');
    test.assertClean();
    await test.page.close();
  });

  it('bad inputs (row 19): a broken data-regex warns and is skipped, (a+)+$ on 10 000 chars is fast, the message is text (0 hits)', async () => {
    const html = fixture(
      '<script>window.__hits = 0; window.__hit = () => window.__hits++;</script>' +
        '<form class="js-validate" id="bad" action="/forms/bad" method="post">' +
        '<div class="field"><label for="broken">Broken</label><input id="broken" name="broken" required data-regex="[" data-regex-message="never"></div>' +
        '<div class="field"><label for="slow">Slow</label><input id="slow" name="slow" data-regex="(a+)+$" data-regex-message="Only a’s"></div>' +
        '<div class="field"><label for="xss">Xss</label><input id="xss" name="xss" data-regex="[0-9]+" data-regex-message="<img src=x onerror=__hit()>"></div>' +
        '<div class="field" hidden><label for="gone">Gone</label><input id="gone" name="gone" required></div>' +
        '<div class="field"><label for="off">Off</label><input id="off" name="off" required disabled></div>' +
        '<button>Send</button></form>',
    );
    const test = await session.open('/__fixture/forms-bad', { html });
    expect(test.warnings.some((w) => /data-regex "\[" is not a valid pattern/.test(w))).toBe(true);
    // The broken regex is skipped; the required rule of the same field still runs.
    await test.page.$eval('#bad', (form) => (form as HTMLFormElement).requestSubmit());
    expect((await invalid(test.page, 'form')).find((e) => e.id === 'broken')).toEqual({ id: 'broken', message: 'This field is required', visible: true });
    await test.page.type('#broken', 'x');
    await test.page.type('#xss', 'abc');
    const slow = await test.page.evaluate(() => {
      const input = document.getElementById('slow') as HTMLInputElement;
      const form = input.form!;
      const time = (value: string) => {
        input.value = value;
        const start = performance.now();
        form.requestSubmit();
        return { ms: performance.now() - start, invalid: input.getAttribute('aria-invalid') };
      };
      return [time('a'.repeat(10000)), time('a'.repeat(10000) + '!'), time('a'.repeat(30) + '!')];
    });
    console.log('(a+)+$ timings in ms:', slow.map((s) => s.ms.toFixed(1)).join(', '));
    expect(slow.map((s) => s.invalid)).toEqual([null, 'true', 'true']);
    for (const s of slow) expect(s.ms).toBeLessThan(50);
    expect((await invalid(test.page, 'form')).map((e) => [e.id, e.message])).toEqual([
      ['slow', 'Only a’s'],
      ['xss', '<img src=x onerror=__hit()>'],
    ]);
    expect(await test.page.evaluate(() => [(window as unknown as { __hits: number }).__hits, document.querySelectorAll('form img').length])).toEqual([0, 0]);
    test.assertClean();
    await test.page.close();
  });

  it('a legacy data-regex the v flag refuses ([A-Z0-9._%+-], a lone - at the end of a class) still checks, with its meaning', async () => {
    const html = fixture(
      '<form class="js-validate" id="legacy" action="/forms/legacy" method="post">' +
        '<div class="field"><label for="mail">Mail</label><input id="mail" name="mail" data-regex="^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$" data-regex-message="An address, please."></div>' +
        '<div class="field"><label for="tel">Phone</label><input id="tel" name="tel" data-regex="^[0-9 ()+-]{7,}$" data-regex-message="Digits, please."></div>' +
        '<button>Send</button></form>',
    );
    const test = await session.open('/__fixture/forms-legacy-regex', { html });
    const check = (mail: string, tel: string) =>
      test.page.evaluate(
        (mail, tel) => {
          const form = document.getElementById('legacy') as HTMLFormElement;
          (form.elements.namedItem('mail') as HTMLInputElement).value = mail;
          (form.elements.namedItem('tel') as HTMLInputElement).value = tel;
          let sent = false;
          form.addEventListener('submit', (event) => ((sent = !event.defaultPrevented), event.preventDefault()), { once: true });
          form.requestSubmit();
          return sent;
        },
        mail,
        tel,
      );
    expect(await check('a b@x', '12')).toBe(false);
    expect((await invalid(test.page, 'form')).map((e) => [e.id, e.message])).toEqual([
      ['mail', 'An address, please.'],
      ['tel', 'Digits, please.'],
    ]);
    expect(await check('first.last-1@mail-host.example', '+49 (30) 1234-5')).toBe(true);
    expect(test.warnings.filter((w) => w.includes('data-regex'))).toEqual([]);
    test.assertClean();
  });

  it('a legacy data-regex with a dash next to a class escape ([\\w-\\.], [\\d-x]: a literal dash) still checks, with its meaning', async () => {
    const html = fixture(
      '<form class="js-validate" id="escapes" action="/forms/escapes" method="post">' +
        '<div class="field"><label for="mail">Mail</label><input id="mail" name="mail" data-regex="^[\\w-\\.]+@([\\w-]+\\.)+[\\w-]{2,4}$" data-regex-message="An address, please."></div>' +
        '<div class="field"><label for="code">Code</label><input id="code" name="code" data-regex="[\\d-x]+" data-regex-message="Digits, please."></div>' +
        '<button>Send</button></form>',
    );
    const test = await session.open('/__fixture/forms-class-escape-dash', { html });
    const sent = (mail: string, code: string) =>
      test.page.$eval(
        '#escapes',
        (form, mail, code) => {
          (form.querySelector('#mail') as HTMLInputElement).value = mail;
          (form.querySelector('#code') as HTMLInputElement).value = code;
          let sent = false;
          form.addEventListener('submit', (event) => ((sent = !event.defaultPrevented), event.preventDefault()), { once: true });
          (form as HTMLFormElement).requestSubmit();
          return sent;
        },
        mail,
        code,
      );
    expect(await sent('not an email at all', 'abc')).toBe(false);
    expect((await invalid(test.page, 'form')).map((e) => [e.id, e.message])).toEqual([
      ['mail', 'An address, please.'],
      ['code', 'Digits, please.'],
    ]);
    expect(await sent('first.last-1@mail-host.example.org', '12-x4')).toBe(true);
    expect(await invalid(test.page, 'form')).toEqual([]);
    expect(test.warnings.filter((w) => w.includes('data-regex'))).toEqual([]);
    test.assertClean();
    await test.page.close();
  });

  it('a required radio group is one rule: one error after its last radio, cleared by any choice (all required, or only the first)', async () => {
    const radios = (name: string, required: string[]) =>
      `<fieldset><legend>${name}</legend>` +
      ['s', 'm', 'l']
        .map((value, i) => `<div class="choice"><input type="radio" id="${name}-${value}" name="${name}" value="${value}"${required[i] ?? ''}><label for="${name}-${value}">${value}</label></div>`)
        .join('') +
      '</fieldset>';
    const html = fixture(
      '<form class="js-validate" id="radios" action="/forms/radios" method="post">' +
        radios('size', [' required data-required-message="Pick a size."', ' required', ' required']) +
        radios('colour', [' required']) +
        '<button>Send</button></form>',
    );
    const test = await session.open('/__fixture/forms-radio-group', { html });
    const page = test.page;
    const errors = () => page.$$eval('.veneer-error', (all) => all.map((m) => [m.parentElement!.querySelector('input')!.id, m.textContent]));
    const sent = await page.$eval('#radios', (form) => {
      let sent = false;
      form.addEventListener('submit', (event) => ((sent = !event.defaultPrevented), event.preventDefault()), { once: true });
      (form as HTMLFormElement).requestSubmit();
      return sent;
    });
    expect(sent).toBe(false);
    expect(await errors()).toEqual([
      ['size-l', 'Pick a size.'],
      ['colour-l', 'This field is required'],
    ]);
    // Every radio of the group says so and is described by the one message (Tab into the group
    // lands on its first radio).
    expect((await invalid(page, '#radios')).map((e) => [e.id, e.message])).toEqual([
      ...['s', 'm', 'l'].map((v) => ['size-' + v, 'Pick a size.']),
      ...['s', 'm', 'l'].map((v) => ['colour-' + v, 'This field is required']),
    ]);
    // Any radio of the name fixes the group.
    await page.click('#size-m');
    await page.click('#colour-s');
    expect(await errors()).toEqual([]);
    expect(await invalid(page, '#radios')).toEqual([]);
    test.assertClean();
    await page.close();
  });

  it('a formnovalidate submit button (Save draft) posts without validation, as without script; the other button still validates', async () => {
    const html = fixture(
      '<form class="js-validate" id="draft" action="/forms/draft" method="post">' +
        '<div class="field"><label for="name">Name</label><input id="name" name="name" required></div>' +
        '<button id="send">Send</button><button id="save" formnovalidate name="draft" value="1">Save draft</button>' +
        '<input type="submit" id="save-input" formnovalidate value="Save"></form>',
    );
    const test = await session.open('/__fixture/forms-formnovalidate', { html });
    const page = test.page;
    const sent = (button: string) =>
      page.$eval(
        '#draft',
        (form, button) => {
          let sent = false;
          form.addEventListener('submit', (event) => ((sent = !event.defaultPrevented), event.preventDefault()), { once: true });
          (form as HTMLFormElement).requestSubmit(form.querySelector<HTMLButtonElement>(button));
          return sent;
        },
        button,
      );
    expect(await sent('#save')).toBe(true);
    expect(await sent('#save-input')).toBe(true);
    expect(await invalid(page, '#draft')).toEqual([]);
    expect(await sent('#send')).toBe(false);
    expect((await invalid(page, '#draft')).map((e) => e.id)).toEqual(['name']);
    // A real click posts the draft.
    const before = await postCount(session, 'draft');
    await Promise.all([page.waitForNavigation(), page.click('#save')]);
    expect(await postCount(session, 'draft')).toBe(before + 1);
    test.assertClean();
    await page.close();
  });

  it('CMS and mailing-list forms: a submit that goes ahead is reported; one cancelled is not; without js-validate they are not validated', async () => {
    const html = fixture(
      '<form class="js-cms-form" id="cms" action="/forms/cms" method="post"><input name="q" required><button>Send</button></form>' +
        '<form class="js-mailing-form" name="news" action="/forms/mailing" method="post"><input name="email"><button>Join</button></form>',
    );
    const test = await session.open('/__fixture/forms-kinds', { html });
    const page = test.page;
    // Enhanced (for the report), but not validated: the browser's own validation stays.
    expect(await page.$$eval('form', (all) => all.map((f) => [f.getAttribute('data-enhanced'), (f as HTMLFormElement).noValidate]))).toEqual([
      ['forms', false],
      ['forms', false],
    ]);
    await recordAnalytics(page);
    // Blocked by the browser's validation: no submit event, nothing reported.
    await page.click('#cms button');
    // Cancelled by a page script: not reported.
    await page.evaluate(() => {
      const form = document.forms[1];
      const cancel = (event: Event) => event.preventDefault();
      form.addEventListener('submit', cancel);
      form.requestSubmit();
      form.removeEventListener('submit', cancel);
    });
    expect(await analytics(page)).toEqual([]);
    expect(await page.$$eval('.veneer-error', (all) => all.length)).toBe(0);
    await page.type('#cms input', 'x');
    await Promise.all([page.waitForNavigation(), page.click('#cms button')]);
    expect(await analytics(page)).toEqual([{ category: 'form', action: 'submit', label: 'cms:cms' }]);
    test.assertClean();
    await page.close();
  });

  it('/home/: the mailing-list form reports its submit after validation passes', async () => {
    const test = await session.open('/home/');
    const page = test.page;
    expect(await page.$eval('form.js-mailing-form', (el) => el.getAttribute('data-enhanced'))).toBe('forms');
    await recordAnalytics(page);
    await page.$eval('form.js-mailing-form', (form) => {
      for (const field of (form as HTMLFormElement).querySelectorAll<HTMLInputElement>('input:not([type=hidden])')) {
        if (field.type == 'checkbox' || field.type == 'radio') field.checked = true;
        else if (field.type == 'email') field.value = 'ada@example.com';
        else field.value = 'Ada';
      }
    });
    await Promise.all([page.waitForNavigation(), page.$eval('form.js-mailing-form', (form) => (form as HTMLFormElement).requestSubmit())]);
    expect((await analytics(page)).map((e: { action: string; label: string }) => [e.action, e.label])).toEqual([
      ['validation-passed', '/forms/mailing'],
      ['submit', 'mailing:/forms/mailing'],
    ]);
    test.assertClean();
    await page.close();
  });

  it('dependent fields: hidden groups (and an option list inside one) are neither validated nor submitted', async () => {
    const html = fixture(
      '<form class="js-validate" id="dep" action="/forms/dep" method="post">' +
        '<select class="js-delegate" name="kind" data-delegate-set="kind"><option value="">Choose</option><option value="a">A</option></select>' +
        '<div class="js-delegate-group field" data-delegate-set="kind" data-delegate-value="a">' +
        '<input id="dep-text" name="dep_text" required data-required-message="Text needed">' +
        '<fieldset class="js-required-group" data-required-message="Pick one"><legend>Pick</legend>' +
        '<div class="choice"><input type="checkbox" id="dep-box" name="dep_box" value="1"><label for="dep-box">One</label></div></fieldset></div>' +
        '<input type="hidden" name="detail" data-delegate-holder="kind"><button>Send</button></form>',
    );
    const test = await session.open('/__fixture/forms-dependent', { html });
    const page = test.page;
    await recordAnalytics(page);
    // At start the group waits (settle) or is hidden; either way it is disabled as a whole.
    expect(await page.$eval('.js-delegate-group fieldset', (el) => (el as HTMLFieldSetElement).disabled)).toBe(true);
    await page.$eval('#dep', (form) => {
      form.addEventListener('submit', (event) => event.preventDefault(), { once: true });
      (form as HTMLFormElement).requestSubmit();
    });
    expect(await invalid(page, '#dep')).toEqual([]);
    expect(await page.$eval('#dep', (form) => [...new FormData(form as HTMLFormElement).keys()])).toEqual(['kind', 'detail']);
    // Shown: both are validated again.
    await page.select('.js-delegate', 'a');
    await page.$eval('#dep', (form) => (form as HTMLFormElement).requestSubmit());
    expect((await invalid(page, '#dep')).map((e) => [e.id, e.message])).toEqual([
      ['dep-text', 'Text needed'],
      ['fieldset', 'Pick one'],
    ]);
    expect((await analytics(page)).map((e: { action: string }) => e.action)).toEqual(['validation-passed', 'validation-failed']);
    test.assertClean();
    await page.close();
  });
  it('an option list whose every choice is disabled is skipped: the form posts', async () => {
    const html = fixture(
      '<form class="js-validate" id="closed" action="/forms/closed" method="post">' +
        '<fieldset class="js-required-group" data-required-message="Pick one"><legend>Sessions</legend>' +
        '<div class="choice"><input type="checkbox" id="s1" name="s" value="1" disabled><label for="s1">Full</label></div>' +
        '<div class="choice"><input type="radio" id="s2" name="s" value="2" disabled><label for="s2">Full</label></div></fieldset>' +
        '<button>Send</button></form>',
    );
    const test = await session.open('/__fixture/forms-closed', { html });
    const page = test.page;
    const cancelled = await page.$eval('#closed', (form) => {
      let prevented = true;
      form.addEventListener('submit', (event) => ((prevented = event.defaultPrevented), event.preventDefault()), { once: true });
      (form as HTMLFormElement).requestSubmit();
      return prevented;
    });
    expect(cancelled).toBe(false);
    expect(await invalid(page, '#closed')).toEqual([]);
    test.assertClean();
    await page.close();
  });
  it("keeps the browser's own checks that novalidate turns off (type=email, minlength), with the browser's text, unless the form had novalidate", async () => {
    const form = (id: string, attributes = '') =>
      `<form class="js-validate" id="${id}" action="/forms/${id}" method="post"${attributes}>` +
      `<label for="${id}-mail">Mail</label><input type="email" id="${id}-mail" name="mail">` +
      `<label for="${id}-code">Code</label><input id="${id}-code" name="code" minlength="4"><button>Send</button></form>`;
    const test = await session.open('/__fixture/forms-native', { html: fixture(form('native') + form('own', ' novalidate')) });
    const page = test.page;
    const submit = (id: string, mail: string) =>
      page.$eval(
        '#' + id,
        (form, mail) => {
          (form.querySelector('[type=email]') as HTMLInputElement).value = mail as string;
          let prevented = true;
          form.addEventListener('submit', (event) => ((prevented = event.defaultPrevented), event.preventDefault()), { once: true });
          (form as HTMLFormElement).requestSubmit();
          return prevented;
        },
        mail,
      );
    expect(await submit('native', 'not-an-address')).toBe(true);
    const errors = await invalid(page, '#native');
    expect(errors.map((e) => e.id)).toEqual(['native-mail']);
    expect(errors[0].message.length).toBeGreaterThan(0);
    // minlength counts only what the visitor typed (the browser's rule).
    await page.type('#native-code', 'ab');
    expect(await submit('native', 'visitor@example.com')).toBe(true);
    expect((await invalid(page, '#native')).map((e) => e.id)).toEqual(['native-code']);
    await page.type('#native-code', 'cd');
    expect(await invalid(page, '#native')).toEqual([]);
    expect(await submit('native', 'visitor@example.com')).toBe(false);
    expect(await submit('own', 'not-an-address')).toBe(false);
    test.assertClean();
    await page.close();
  });

  it('bad input: an action that is no URL (http://[bad/x, a port out of range) warns; the empty required field still blocks the submit, nothing throws, the typed text stays', async () => {
    const actions = ['http://[bad/x', 'http://127.0.0.1:99999/x'];
    // No id: the analytics name comes from the action.
    const html = fixture(
      actions
        .map(
          (action, i) =>
            `<form class="js-validate js-cms-form" method="post" action="${action}" data-case="${i}">` +
            `<div class="field"><label for="name-${i}">Name</label><input id="name-${i}" name="name" required></div>` +
            `<div class="field"><label for="note-${i}">Note</label><input id="note-${i}" name="note"></div><button>Submit</button></form>`,
        )
        .join(''),
    );
    const test = await session.open('/__fixture/forms-bad-action', { html });
    const page = test.page;
    await recordAnalytics(page);
    for (const i of actions.keys()) {
      await page.type(`#note-${i}`, 'typed by the visitor');
      await page.click(`[data-case="${i}"] button`);
      expect(page.url()).toBe(session.url + '/__fixture/forms-bad-action');
      expect((await invalid(page, `[data-case="${i}"]`)).map((e) => [e.id, e.message])).toEqual([[`name-${i}`, 'This field is required']]);
      expect(await page.$eval(`#note-${i}`, (el) => (el as HTMLInputElement).value)).toBe('typed by the visitor');
    }
    expect(await analytics(page)).toEqual(actions.map((label) => ({ category: 'form', action: 'validation-failed', label, value: 1 })));
    for (const action of actions)
      expect(test.warnings.filter((w) => w.startsWith(`[veneer] forms: action "${action}" is not a valid address; the form cannot be sent`))).toHaveLength(1);
    test.assertClean();
    await page.close();
  });

  it('a page script whose /analytics/event listener throws cannot let an invalid form post', async () => {
    const html = fixture(
      '<form class="js-validate" id="thrown" action="/forms/thrown" method="post">' +
        '<div class="field"><label for="thrown-name">Name</label><input id="thrown-name" name="name" required></div><button>Submit</button></form>',
    );
    const test = await session.open('/__fixture/forms-listener-throws', { html, allowErrors: [/a page script fails/] });
    const page = test.page;
    await page.evaluate(() =>
      (window as unknown as { veneer: { on: Function } }).veneer.on('/analytics/event', () => {
        throw new Error('a page script fails');
      }),
    );
    const before = await postCount(session, 'thrown');
    await page.click('#thrown button');
    // Time for a navigation to begin, had the submit gone ahead.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(page.url()).toBe(session.url + '/__fixture/forms-listener-throws');
    expect(await postCount(session, 'thrown')).toBe(before);
    expect((await invalid(page, '#thrown')).map((e) => e.id)).toEqual(['thrown-name']);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('thrown-name');
    // The page script's own error is its own (uncaught), and the only one.
    expect(test.errors.length).toBeGreaterThan(0);
    expect(test.errors.every((e) => /a page script fails/.test(e))).toBe(true);
    await page.close();
  });
});
