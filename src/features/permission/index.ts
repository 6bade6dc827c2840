// Permission prompts (div.js-permission, data-permission="geolocation|cookie"). States
// (src/lib/consent.ts): pending shows the prompt; no and yes hide it; blocked (the browser
// refuses geolocation) shows guidance instead of the allow button. Nothing asks the browser
// before the visitor clicks allow: the Permissions API only reads what it already knows.
// Every decided state is stored; it and the state at start are published on '/permission'.
import {
  PERMISSION_TYPES,
  storePermission,
  storedPermission,
  type PermissionState,
  type PermissionType,
} from '../../lib/consent';
import { adoptStyles, createJournal, defineFeature, hiddenRules, warn } from '../../lib/kit';
import { PERMISSION } from '../../lib/labels/en';

const UNSEEN = 'veneer-unseen';

defineFeature<HTMLElement>('permission', (prompt, { bus, signal, settle, labels }) => {
  // Trimmed and lower-cased as the analytics feature reads it, so both agree on a cookie prompt.
  const type = prompt.dataset.permission?.trim().toLowerCase() as PermissionType;
  const supported = PERMISSION_TYPES.includes(type);
  const allow = prompt.querySelector<HTMLElement>('.js-permission-allow');
  const deny = prompt.querySelector<HTMLElement>('.js-permission-deny');
  if (!supported)
    warn(`permission: data-permission=${JSON.stringify(type ?? null)} is not supported (supported: ${PERMISSION_TYPES.join(', ')}); treated as denied`, prompt);
  else if (!allow || !deny) return warn('permission: .js-permission-allow or .js-permission-deny missing; left as it is', prompt);

  adoptStyles('permission', hiddenRules('.js-permission') + hiddenRules('.js-permission-allow') + `.${UNSEEN}{visibility:hidden!important}`);
  const j = createJournal();
  let state: PermissionState = supported ? 'pending' : 'no';
  let dismissed = false;
  let guidance: HTMLElement | undefined;

  // on: the state as it is; off: the markup's look, kept while the prompt is on screen at
  // load (settle): a decided prompt then keeps its room, unseen, until hiding it moves nothing.
  const render = (on: boolean) => {
    const decided = !((state === 'pending' || state === 'blocked') && !dismissed);
    const shown = !on || !decided;
    j.set(prompt, 'hidden', shown ? null : '');
    j.flag(prompt, 'is-hidden', !shown);
    j.flag(prompt, UNSEEN, !on && decided);
    const blocked = on && state === 'blocked';
    if (allow) j.set(allow, 'hidden', blocked ? '' : null);
    if (blocked && !guidance) {
      guidance = document.createElement('p');
      guidance.className = 'veneer-permission-guidance';
      guidance.setAttribute('role', 'status');
      guidance.textContent = labels!.permissionBlocked;
    }
    if (guidance) blocked ? prompt.append(guidance) : guidance.remove();
  };

  let stop = () => {};
  let acted = false;
  const decide = (next: PermissionState) => {
    if (signal.aborted || next === state) return;
    state = next;
    render(true);
    if (next !== 'pending') bus.emit('/permission', { type, state: next });
  };
  // The visitor's answer: stored, and it replaces any initial state still waiting to settle.
  const answer = (next: PermissionState) => {
    acted = true;
    stop();
    storePermission(type, next);
    decide(next);
  };
  const start = (initial: PermissionState) => {
    if (acted || signal.aborted) return;
    state = initial;
    stop = settle(prompt, signal, render);
    // Pending too: a prompt added after start (ajax, a lightbox) tells analytics to wait.
    if (supported) bus.emit('/permission', { type, state: initial });
  };

  if (!supported) start('no');
  else if (type === 'geolocation' && navigator.permissions?.query) {
    // What the browser knows wins; 'prompt' means the visitor's own answer stands, unless it
    // was yes or blocked, which the browser no longer remembers: ask again.
    const known = (browser: PermissionStatus['state']): PermissionState => {
      const stored = storedPermission(type);
      if (browser === 'granted') return 'yes';
      return stored === 'no' ? 'no' : browser === 'denied' ? 'blocked' : 'pending';
    };
    navigator.permissions.query({ name: 'geolocation' }).then(
      (status) => {
        const read = () => {
          const next = known(status.state);
          if (next !== 'pending') storePermission(type, next);
          return next;
        };
        start(read());
        status.addEventListener('change', () => decide(read()), { signal });
      },
      () => start(storedPermission(type)),
    );
  } else start(storedPermission(type));

  // preventDefault: a button inside a form (a page wrapped in one, as ASP.NET Web Forms does)
  // would otherwise post it.
  allow?.addEventListener(
    'click',
    (event) => {
      event.preventDefault();
      if (type !== 'geolocation') return answer('yes');
      if (!navigator.geolocation) return answer('blocked');
      j.set(prompt, 'aria-busy', 'true');
      j.flag(prompt, 'is-busy', true);
      const done = (next: PermissionState) => {
        if (signal.aborted) return;
        j.set(prompt, 'aria-busy', null);
        j.flag(prompt, 'is-busy', false);
        answer(next);
      };
      // Only a refusal (code 1) is about the permission: a position that cannot be found
      // or takes too long still leaves it granted.
      navigator.geolocation.getCurrentPosition(
        () => done('yes'),
        (error) => done(error.code === 1 ? 'blocked' : 'yes'),
      );
    },
    { signal },
  );
  deny?.addEventListener('click', (event) => (event.preventDefault(), answer('no')), { signal });
  // Escape puts the prompt away for this page view, deciding nothing.
  prompt.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || prompt.hidden) return;
      stop();
      dismissed = true;
      render(true);
    },
    { signal },
  );

  return () => {
    stop();
    guidance?.remove();
    j.restore();
  };
}, PERMISSION);
