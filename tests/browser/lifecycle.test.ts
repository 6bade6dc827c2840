// Lifecycle of features across removal and moves (the fourth audit), in Chromium against the
// production build: what a feature put beside its hook follows the hook when a script moves
// it in one task (the core does nothing on a move), and removal leaves focus somewhere sensible.
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers';
import { playingVideoMoved } from './scenarios';
import { useSession } from './support';

const SMALL = { width: 390, height: 844 };


describe('lifecycle', () => {
  const session = useSession();

  it('nav removed while the small-screen menu is open with focus in it: focus goes to the menu toggle, not the body', async () => {
    const test = await session.open('/home/', { viewport: SMALL });
    await test.page.click('.js-menu-toggle');
    await test.page.click('.js-nav-item:nth-child(1) .js-nav-trigger');
    await test.page.focus('.js-nav-item:nth-child(1) .js-megamenu a');
    const removed = await test.page.evaluate(async () => {
      const toggle = document.querySelector('.js-menu-toggle[aria-expanded="true"]');
      const nav = document.querySelector('.js-nav')!;
      (window as unknown as { nav: Element; parent: Element }).nav = nav;
      (window as unknown as { nav: Element; parent: Element }).parent = nav.parentElement!;
      nav.remove();
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      return { toggle: document.activeElement == toggle, inert: document.querySelectorAll('[inert]').length };
    });
    expect(removed).toEqual({ toggle: true, inert: 0 });
    // Focus elsewhere: a removal leaves it there. (Pointer and focus off the menu first: either
    // shows the no-script menu at set-up, which then stays open.)
    await test.page.hover('.brand');
    const stays = await test.page.evaluate(async () => {
      const veneer = (window as unknown as { veneer: { ready(): Promise<void> } }).veneer;
      const { nav, parent } = window as unknown as { nav: Element; parent: Element };
      (document.activeElement as HTMLElement).blur();
      parent.append(nav);
      await veneer.ready();
      const button = document.querySelector('main')!.appendChild(document.createElement('button'));
      button.focus();
      nav.remove();
      await veneer.ready();
      return document.activeElement == button;
    });
    expect(stays).toBe(true);
    test.assertClean();
  });

  it('nav removed after the visitor pressed outside it (focus on the body): focus and scroll stay where they are', async () => {
    const test = await session.open('/home/', { viewport: SMALL });
    await test.page.click('.js-menu-toggle');
    await test.page.click('.js-nav-item:nth-child(1) .js-nav-trigger');
    await test.page.focus('.js-nav-item:nth-child(1) .js-megamenu a');
    await test.page.click('.header-bar', { offset: { x: 2, y: 2 } });
    const after = await test.page.evaluate(async () => {
      const body = document.activeElement == document.body;
      scrollTo(0, 1500);
      const y = scrollY;
      document.querySelector('.js-nav')!.remove();
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      return { body, stays: document.activeElement == document.body, scrolled: scrollY != y };
    });
    expect(after).toEqual({ body: true, stays: true, scrolled: false });
    test.assertClean();
  });

  it('a date input moved to another parent in one task takes its calendar button along (the old parent then removed)', async () => {
    const html = fixture('<div id="a"><label for="d">Date</label><input class="js-datepicker" id="d"></div><div id="b"></div>');
    const test = await session.open('/__fixture/datepicker-move', { html });
    const result = await test.page.evaluate(async () => {
      const veneer = (window as unknown as { veneer: { ready(): Promise<void> } }).veneer;
      const input = document.getElementById('d')!;
      document.getElementById('b')!.append(input);
      document.getElementById('a')!.remove();
      await veneer.ready();
      await new Promise((resolve) => setTimeout(resolve));
      // And once more, from its new parent.
      document.body.prepend(input);
      await veneer.ready();
      await new Promise((resolve) => setTimeout(resolve));
      return {
        enhanced: input.getAttribute('data-enhanced'),
        next: input.nextElementSibling?.className,
        buttons: document.querySelectorAll('.veneer-datepicker-button').length,
      };
    });
    expect(result).toEqual({ enhanced: 'datepicker', next: 'veneer-datepicker-button', buttons: 1 });
    await test.page.click('.veneer-datepicker-button');
    await test.page.waitForSelector('dialog.veneer-datepicker[open]');
    test.assertClean();
  });

  it('a select-link moved to another parent in one task takes its Go button along (the old parent then removed)', async () => {
    const html = fixture(
      '<div style="height:900px"></div><div id="a"><label for="s">Go to</label><select id="s" class="js-select-link"><option value="">Choose</option><option value="/news/">News</option></select></div><div id="b"></div>',
    );
    const test = await session.open('/__fixture/select-link-move', { html });
    const result = await test.page.evaluate(async () => {
      const veneer = (window as unknown as { veneer: { ready(): Promise<void> } }).veneer;
      const select = document.getElementById('s')!;
      const before = select.nextElementSibling?.className;
      document.getElementById('b')!.append(select);
      document.getElementById('a')!.remove();
      await veneer.ready();
      await new Promise((resolve) => setTimeout(resolve));
      document.body.prepend(select);
      await veneer.ready();
      await new Promise((resolve) => setTimeout(resolve));
      return {
        before,
        enhanced: select.getAttribute('data-enhanced'),
        next: select.nextElementSibling?.className,
        buttons: document.querySelectorAll('.veneer-select-link-go').length,
      };
    });
    expect(result).toEqual({ before: 'veneer-select-link-go', enhanced: 'select-link', next: 'veneer-select-link-go', buttons: 1 });
    test.assertClean();
  });

  it('what a script inserts beside a date input, a select-link or a playing video moves nothing back (no reload, no ping-pong)', async () => {
    const html = fixture(
      '<div><label for="d">Date</label><input class="js-datepicker" id="d"></div>' +
        '<div><select class="js-select-link" id="s" aria-label="Go to"><option value="/a/">A</option></select></div>' +
        '<div style="height:1200px"></div>',
    );
    const test = await session.open('/__fixture/beside', { html });
    await test.page.focus('#s');
    const order = await test.page.evaluate(async () => {
      const input = document.getElementById('d')!;
      const select = document.getElementById('s')!;
      // A script keeping its own node right after each (an input-mask icon): it would swap places
      // with the calendar button or the Go button for ever if they moved back beside the hook.
      for (const hook of [input, select]) {
        const icon = document.createElement('i');
        new MutationObserver(() => hook.nextSibling != icon && hook.after(icon)).observe(hook.parentNode!, { childList: true });
        hook.after(icon);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      return [input, select].map((hook) => [...hook.parentNode!.children].map((el) => el.localName).join(' '));
    });
    expect(order).toEqual(['label input i button', 'select i button']);
    test.assertClean();
  });

  it('a playing video whose link is moved to another parent in one task: the player goes along (the old parent then removed)', () =>
    playingVideoMoved(session, '/__fixture/video-move'));

  it.each([
    ['a lightbox', '#m .js-lightbox', '.veneer-lightbox.is-open'],
    ['a date picker', '#m .veneer-datepicker-button', 'dialog.veneer-datepicker[open]'],
  ])('a modal removed while %s opened from inside it is open: everything closes, focus back on the modal\'s opener', async (_, open, shown) => {
    const html = fixture(
      '<button data-modal-open="m" id="opener">Open</button><div class="js-modal" id="m"><div class="js-modal-body"><h2>M</h2>' +
        '<a class="js-lightbox" data-lightbox-type="inline" href="#inline">More</a><div id="inline" hidden><p>Inline</p></div>' +
        '<label for="d">Date</label><input class="js-datepicker" id="d"><button class="js-modal-close">Close</button></div></div>',
    );
    const test = await session.open('/__fixture/modal-inner', { html });
    await test.page.click('#opener');
    await test.page.waitForSelector('#m[aria-modal=true]');
    await test.page.click(open);
    await test.page.waitForSelector(shown);
    const result = await test.page.evaluate(async () => {
      document.getElementById('m')!.remove();
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      return {
        focus: document.activeElement?.id,
        dialogs: document.querySelectorAll('dialog').length,
        inert: document.querySelectorAll('[inert]').length,
        root: document.documentElement.className,
      };
    });
    expect(result).toEqual({ focus: 'opener', dialogs: 0, inert: 0, root: '' });
    test.assertClean();
  });

  it.each(['inline', 'ajax'])('a modal in %s lightbox content opens above the lightbox: its close control and Escape close it, not the lightbox', async (type) => {
    const content = '<p>Team</p><button data-modal-open="contact" id="o">Contact</button><div class="js-modal" id="contact"><div class="js-modal-body"><h2>Contact</h2><button class="js-modal-close" id="c">Close</button></div></div>';
    const html = fixture(`<a class="js-lightbox" data-lightbox-type="${type}" href="${type == 'inline' ? '#team' : '/team'}" id="lb">Team</a><div id="team" hidden>${type == 'inline' ? content : ''}</div>`);
    const test = await session.open('/__fixture/lightbox-modal-' + type, { html, respond: (url) => (url.endsWith('/team') ? { body: content } : undefined) });
    const state = () =>
      test.page.evaluate(() => ({
        modal: document.getElementById('contact')?.getAttribute('aria-modal') ?? null,
        lightbox: !!document.querySelector('.veneer-lightbox.is-open'),
        focus: document.activeElement?.id,
      }));
    await test.page.click('#lb');
    await test.page.waitForSelector('.veneer-lightbox.is-open:not(.is-busy)');
    await test.ready();
    // Freshly loaded ajax content shows its modal in place until used (pages never jump): the
    // trigger is pressed through the keyboard, where it is.
    await test.page.focus('#o');
    await test.page.keyboard.press('Enter');
    await test.page.waitForSelector('#contact[aria-modal=true]');
    expect(await state()).toEqual({ modal: 'true', lightbox: true, focus: 'c' });
    await test.page.click('#c');
    expect(await state()).toEqual({ modal: null, lightbox: true, focus: 'o' });
    await test.page.keyboard.press('Enter');
    await test.page.waitForSelector('#contact[aria-modal=true]');
    await test.page.keyboard.press('Escape');
    expect(await state()).toEqual({ modal: null, lightbox: true, focus: 'o' });
    await test.page.keyboard.press('Escape');
    await test.page.waitForFunction(() => !document.querySelector('.veneer-lightbox'));
    expect(await state()).toMatchObject({ modal: null, lightbox: false, focus: 'lb' });
    test.assertClean();
  });
});
