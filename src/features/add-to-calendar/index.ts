// Add to calendar (a.js-add-to-calendar): a click (or Enter) downloads a text/calendar file
// built from the link's data-* attributes and the page's address. Invalid data: a warning at
// setup and the link is left alone, so its href (the server's .ics) still works.
import { fileName, writeCalendar } from '../../lib/ical';
import { createJournal, defineFeature, warn } from '../../lib/kit';

// Revoking a Blob URL right after click() can cancel the download: a minute later, or at teardown.
const REVOKE_AFTER = 60_000;

// writeCalendar drops the address's hash, and reads a missing text as empty.
function calendar(link: HTMLElement): string | null {
  const { start, end, title, description, venue, address, country } = link.dataset;
  return writeCalendar({
    url: location.href,
    // CMS templates often pad attribute values: " 2026-03-12 " is that date.
    start: (start ?? '').trim(),
    end: end?.trim(),
    title,
    description,
    venue,
    address,
    country,
  });
}

defineFeature<HTMLElement>('add-to-calendar', (link, { signal }) => {
  if (calendar(link) == null)
    return warn(
      `add-to-calendar: data-start="${link.dataset.start ?? ''}" / data-end="${link.dataset.end ?? ''}" is not a valid event date; the link is left as it is`,
      link,
    );
  // A link without href (the contract allows one: the file is built here) is no link to the
  // browser: out of the tab order, no Enter. A button, then, as veneer builds the file.
  const j = createJournal();
  if (!link.hasAttribute('href')) {
    j.set(link, 'role', 'button');
    if (!link.hasAttribute('tabindex')) j.set(link, 'tabindex', '0');
    link.addEventListener('keydown', (event) => event.target == link && /^(Enter| )$/.test(event.key) && (event.preventDefault(), link.click()), { signal });
  }
  // Each Blob URL with its revoke timer.
  const urls = new Map<string, ReturnType<typeof setTimeout>>();
  const revoke = (href: string) => {
    clearTimeout(urls.get(href));
    URL.revokeObjectURL(href);
    urls.delete(href);
  };
  link.addEventListener(
    'click',
    (event) => {
      // A modified click (new tab, save as) keeps the link's own behaviour.
      if (event.defaultPrevented || event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      const text = calendar(link);
      // The data changed since setup and is no longer valid: the href takes over.
      if (text == null) return;
      event.preventDefault();
      const href = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
      const anchor = document.createElement('a');
      anchor.href = href;
      anchor.download = fileName(link.dataset.title ?? '');
      anchor.click();
      urls.set(href, setTimeout(() => revoke(href), REVOKE_AFTER));
    },
    { signal },
  );
  return () => ([...urls.keys()].forEach(revoke), j.restore());
});
