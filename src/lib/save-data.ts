// Save-data mode: the visitor's browser asks to save data (the Save-Data hint through
// navigator.connection.saveData, an effective type of 2g or slow-2g, or prefers-reduced-data
// where supported), or the operator says so with data-save-data="true" on the script tag
// ("false" turns it off whatever the browser says; "auto", the default, follows it).
// Features then load less: see docs/markup.md, "Save-data mode".
import type { CoreSettings } from './feature';

type Connection = { saveData?: boolean; effectiveType?: string };

export function saveData(settings: CoreSettings): boolean {
  const setting = settings.data.saveData;
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  // One expression, not a return per setting: the minifier writes no if or return for them.
  return (
    setting == 'true' ||
    (setting != 'false' &&
      (!!connection?.saveData ||
        /^(slow-)?2g$/.test(connection?.effectiveType ?? '') ||
        !!globalThis.matchMedia?.('(prefers-reduced-data: reduce)').matches))
  );
}
