// Resource downloads (div.js-resource): the checked files (.js-resource-file, value = media
// id) come as one zip from GET /download-zip/<id>,<id>,… (the seed), saved under a name
// built from data-title and the selected file types; any failure publishes the item's
// data-download-error on the /status channel and shows it in .js-resource-status.
import { zipName } from '../../lib/filename';
import { adoptStyles, defineFeature, format, warn } from '../../lib/kit';
import { RESOURCE } from '../../lib/labels/en';

// The harness and the CMS accept positive integers only, at most 200 at a time.
const ID = /^[1-9]\d{0,9}$/;
const MAX_IDS = 200;
// Revoking a Blob URL right after click() can cancel the download: one minute later.
const REVOKE_AFTER = 60_000;

defineFeature<HTMLElement>('resource', (item, { signal, bus, labels }) => {
  // The contract writes a <button>; an <input type="button"> or a link (to the whole zip, the
  // no-script fallback) works as well, as every hook does on any tag.
  const button = item.querySelector<HTMLButtonElement>('.js-resource-download');
  if (!button) return warn('resource: no .js-resource-download inside; left as it is', item);
  const files = () => [...item.querySelectorAll<HTMLInputElement>('input[type=checkbox].js-resource-file')];
  if (!files().length) return warn('resource: no input[type=checkbox].js-resource-file inside; left as it is', item);
  let error = item.getAttribute('data-download-error')?.trim();
  if (!error) warn(`resource: no data-download-error; failures will say "${labels!.downloadError}"`, item);
  error ||= labels!.downloadError;

  let status = item.querySelector<HTMLElement>('.js-resource-status');
  const ownStatus = !status;
  if (!status) item.append((status = Object.assign(document.createElement('p'), { className: 'js-resource-status' })));
  const addedRole = !status.hasAttribute('role');
  if (addedRole) status.setAttribute('role', 'status');
  const statusText = status.textContent;
  const hadAriaDisabled = button.getAttribute('aria-disabled');
  // A CMS may send the button disabled (no file is checked yet; the legacy script enabled it):
  // veneer says when it is unavailable with aria-disabled, so the markup's disabled goes.
  const hadDisabled = button.hasAttribute('disabled');
  button.removeAttribute('disabled');

  adoptStyles('resource', '.js-resource-download[aria-disabled=true]{opacity:.5;cursor:not-allowed}');

  let busy = false;
  const urls = new Set<string>();
  const timers = new Set<ReturnType<typeof setTimeout>>();

  // aria-disabled rather than disabled: the button stays in the tab order and focused
  // while it downloads; clicks are ignored while it is set.
  const update = () => {
    const off = busy || !files().some((box) => box.checked);
    button.setAttribute('aria-disabled', String(off));
  };
  const setBusy = (on: boolean) => {
    busy = on;
    item.classList.toggle('is-busy', on);
    on ? item.setAttribute('aria-busy', 'true') : item.removeAttribute('aria-busy');
    update();
  };
  const show = (message: string) => {
    status!.textContent = message;
  };

  const save = (blob: Blob, name: string) => {
    const url = URL.createObjectURL(blob);
    urls.add(url);
    const link = Object.assign(document.createElement('a'), { href: url, download: name, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    const timer = setTimeout(() => {
      timers.delete(timer);
      urls.delete(url);
      URL.revokeObjectURL(url);
    }, REVOKE_AFTER);
    timers.add(timer);
  };

  const download = async () => {
    const ids: string[] = [];
    const types: string[] = [];
    for (const box of files()) {
      if (!box.checked) continue;
      const value = box.value.trim();
      if (!ID.test(value)) {
        warn(`resource: the file value "${value}" is not a media id (a positive integer); skipped`, box);
        continue;
      }
      if (ids.includes(value)) continue;
      ids.push(value);
      types.push(box.getAttribute('data-file-type') || '');
    }
    if (!ids.length) return show(error!);
    let note = '';
    if (ids.length > MAX_IDS) {
      note = format(labels!.tooManyFiles, { max: MAX_IDS, count: ids.length });
      warn(`resource: ${ids.length} files selected; only the first ${MAX_IDS} are requested`, item);
      ids.length = types.length = MAX_IDS;
    }
    // The checklist: the busy state is announced.
    show([note, labels!.downloadPreparing].filter(Boolean).join(' '));
    setBusy(true);
    try {
      const response = await fetch('/download-zip/' + ids.join(','), { signal, credentials: 'same-origin' });
      if (response.status !== 200) throw new Error(`status ${response.status}`);
      const blob = await response.blob();
      if (signal.aborted) return;
      save(blob, zipName(item.getAttribute('data-title') || '', types));
      setBusy(false);
      show(note);
    } catch (reason) {
      if (signal.aborted) return;
      warn('resource: the zip download failed', item, reason);
      setBusy(false);
      show(error!);
      bus.emit('/status', { message: error!, element: item });
    }
  };

  button.addEventListener(
    'click',
    (event) => {
      event.preventDefault();
      if (button.getAttribute('aria-disabled') == 'true') return;
      void download();
    },
    { signal },
  );
  item.addEventListener('change', update, { signal });
  // A form reset unchecks the boxes without change events.
  button.form?.addEventListener('reset', () => setTimeout(update), { signal });
  update();

  return () => {
    timers.forEach(clearTimeout);
    urls.forEach((url) => URL.revokeObjectURL(url));
    item.classList.remove('is-busy');
    item.removeAttribute('aria-busy');
    hadAriaDisabled == null ? button.removeAttribute('aria-disabled') : button.setAttribute('aria-disabled', hadAriaDisabled);
    button.toggleAttribute('disabled', hadDisabled);
    if (ownStatus) status!.remove();
    else {
      status!.textContent = statusText;
      if (addedRole) status!.removeAttribute('role');
    }
  };
}, RESOURCE);
