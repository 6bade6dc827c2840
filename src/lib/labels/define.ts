// The label chunks' side (./en.ts, ./de.ts, …): a language's complete set, with the operator's
// overrides applied once, here, so that features never carry this code. Overrides, without code:
// a JSON block the page carries (never executed)
//   <script type="application/json" id="veneer-labels">{"close": "Fermer"}</script>
// or `data-label-<key>` on veneer's script tag (data-label-close="Fermer"); the tag wins.
import { CORE_KEY, type CoreHandle } from '../feature';
import { isLabelSetting } from '../labels';
import { warn } from '../log';
import type { Labels } from './en';

type Data = CoreHandle['settings']['data'];

/** Only keys of `table` with string values, copied one by one (never a deep merge of outside data). */
function pick(table: Labels, source: unknown, where: string): Partial<Labels> {
  const picked: Partial<Labels> = {};
  if (!source || typeof source != 'object') return picked;
  for (const [key, value] of Object.entries(source)) {
    if (Object.hasOwn(table, key) && typeof value == 'string') picked[key as keyof Labels] = value;
    else warn(`${where}: label "${key}" is not a known label or not text; ignored (known: ${Object.keys(table).join(', ')})`);
  }
  return picked;
}

export function overrides(table: Labels, data: Data): Partial<Labels> {
  let block: unknown;
  const text = document.getElementById('veneer-labels')?.textContent;
  if (text)
    try {
      block = JSON.parse(text);
    } catch {
      warn('#veneer-labels is not valid JSON; ignored');
    }
  const fromTag: Record<string, string> = {};
  for (const [key, value] of Object.entries(data))
    if (isLabelSetting(key) && value != null) fromTag[key[5].toLowerCase() + key.slice(6)] = value;
  return { ...pick(table, block, '#veneer-labels'), ...pick(table, fromTag, 'data-label-*') };
}

/** A language's complete label set with the operator's overrides applied. */
export const withOverrides = (table: Labels, data: Data): Labels => ({ ...table, ...overrides(table, data) });

// The core's table hooks <html lang> to the label chunk of its language (scripts/build.mjs), so
// that it loads at start, and the core sets up whatever a hooked chunk defines: the set carries
// a set-up that does nothing. `setup` is no label: pick() refuses it as an override.

/** Registers a language's complete label set, overrides applied (a label chunk's one call). */
export function defineLabels(lang: string, table: Labels): void {
  const core = (globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY];
  core?.define('labels-' + lang, { ...withOverrides(table, core.settings.data), setup: () => () => {} } as never);
}
