// Hook selector (from ../shared/markup.md) to feature chunk (src/features/<name>).
// Adding a feature is one row here plus its folder.
export const registry: ReadonlyArray<readonly [selector: string, feature: string]> = [
  ['div.js-carousel', 'carousel'],
  ['div.js-tabs', 'tabs'],
  ['div.js-expand', 'expand'],
];
