// Every string veneer shows or announces comes from one label table (./labels/en.ts).
// English is the default: the seed's strings exactly (the lightbox's are Magnific Popup
// 1.2.0's). The page's `lang` picks a label set, complete, with the operator's overrides
// applied (./labels/define.ts). English ships in the page chunk; every other set is one small
// chunk (labels-de, labels-fr, labels-es), loaded once per page whichever asks first: the
// core, at start, since its table hooks <html lang> to it (scripts/build.mjs), so it loads
// beside the page chunk and the features' chunks.
import { CORE_KEY, type CoreHandle } from './feature';
import { withOverrides } from './labels/define';
import { EN, type Labels } from './labels/en';
import { warn } from './log';

export type { Labels };
export type LabelKey = keyof Labels;

/** The label sets that ship, by primary language subtag: each is the chunk `labels-<lang>`. */
export const LANGUAGES = ['en', 'de', 'fr', 'es'];

/** The page's language: the primary subtag of <html lang>, lower case. */
export const pageLanguage = () => (document.documentElement.lang || 'en').toLowerCase().split('-')[0];

/**
 * `template` with each %name% replaced by its value (as text: labels never become HTML). Own
 * names only: an override may write %constructor%, which every object inherits.
 */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/%(\w+)%/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

let english: Labels | undefined;
const inEnglish = (data: CoreHandle['settings']['data']) => (english ||= withOverrides(EN, data));

/**
 * The labels for this page: the set of its language, or English when none ships or it fails.
 * English is in the page chunk (src/lib/kit-runtime.ts): most pages need no label request.
 */
export function loadLabels(): Promise<Labels> {
  const { load, settings } = (globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY]!;
  const lang = pageLanguage();
  return lang == 'en' || !LANGUAGES.includes(lang)
    ? Promise.resolve(inEnglish(settings.data))
    : (load('labels-' + lang) as unknown as Promise<Labels>).catch(
        () => (warn(`the ${lang} labels did not load; using English`), inEnglish(settings.data)),
      );
}
