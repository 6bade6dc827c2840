// Every string veneer shows or announces comes from one label table (./labels/en.ts).
// English is the default: the seed's strings exactly (the lightbox's are Magnific Popup
// 1.2.0's). The page's `lang` picks a label set, complete, with the operator's overrides
// applied (./labels/define.ts). Each feature's chunk carries its own English labels (its group
// of ./labels/en.ts), so that English pages, most pages, need no label request and the page
// chunk carries no label; every other set is one small chunk (labels-de, labels-fr,
// labels-es), loaded once per page whichever asks first: the core, at start, since its table
// hooks <html lang> to it (scripts/build.mjs), so it loads beside the page chunk and the
// features' chunks. An English page whose operator overrides labels loads the whole English
// set, labels-en, where the overrides are checked against every key and applied.
import { CORE_KEY, type CoreHandle } from './feature';
import type { Labels } from './labels/en';
import { warn } from './log';

export type { Labels };
export type LabelKey = keyof Labels;

/** The label sets that ship, by primary language subtag: each is the chunk `labels-<lang>`. */
export const LANGUAGES = ['en', 'de', 'fr', 'es'];

/** The page's language: the primary subtag of <html lang>, lower case ('' for none). */
export const pageLanguage = () => document.documentElement.lang.toLowerCase().split('-')[0];

/**
 * `template` with each %name% replaced by its value (as text: labels never become HTML). Own
 * names only: an override may write %constructor%, which every object inherits.
 */
export const format = (template: string, values: Record<string, string | number>): string =>
  template.replace(/%(\w+)%/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));

/** A script tag setting that overrides a label: data-label-previous-slide, labelPreviousSlide. */
export const isLabelSetting = (key: string) => /^label[A-Z]/.test(key);

/** The operator's label overrides, if the page has any (./labels/define.ts reads them). */
const overridden = (data: CoreHandle['settings']['data']) => !!document.getElementById('veneer-labels') || Object.keys(data).some(isLabelSetting);

/**
 * The labels for this page: the set of its language, or `english`, the feature's own English
 * labels, when none ships or it fails. English with overrides: the whole English set. Awaited:
 * `english` itself, not wrapped in a promise, where nothing loads.
 */
export function loadLabels(english: Partial<Labels> = {}): Labels | Promise<Labels> {
  const { load, settings } = (globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY]!;
  const page = pageLanguage();
  const lang = LANGUAGES.includes(page) ? page : 'en';
  return lang == 'en' && !overridden(settings.data)
    ? (english as Labels)
    : (load('labels-' + lang) as unknown as Promise<Labels>).catch(() => (warn(`the ${lang} labels did not load; using English`), english as Labels));
}
