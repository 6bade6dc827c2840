// Every string veneer shows or announces comes from one label table (./labels/en.ts).
// English is the default: the seed's strings exactly (the lightbox's are Magnific Popup
// 1.2.0's). The page's `lang` picks a label set; each set is one small chunk (labels-en,
// labels-de, labels-fr, labels-es), complete, with the operator's overrides applied
// (./labels/define.ts), loaded once per page whichever chunk asks first. The page chunk asks
// at start, so it loads beside the features' chunks; features carry only this loader.
import { CORE_KEY, type CoreHandle } from './feature';
import type { Labels } from './labels/en';
import { warn } from './log';

export type { Labels };
export type LabelKey = keyof Labels;

/** The label sets that ship, by primary language subtag: each is the chunk `labels-<lang>`. */
export const LANGUAGES = ['en', 'de', 'fr', 'es'];

/** The page's language: the primary subtag of <html lang>, lower case. */
export const pageLanguage = () => (document.documentElement.lang || 'en').toLowerCase().split('-')[0];

/** `template` with each %name% replaced by its value (as text: labels never become HTML). */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/%(\w+)%/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The labels for this page: the set of its language (English when none ships, or it fails). */
export function loadLabels(): Promise<Labels> {
  const load = (globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY]!.load;
  const lang = LANGUAGES.includes(pageLanguage()) ? pageLanguage() : 'en';
  return (load('labels-' + lang) as unknown as Promise<Labels>).catch(
    () => (warn(`the ${lang} labels did not load; using English`), load('labels-en') as unknown as Promise<Labels>),
  );
}
