// Typed options read from data-* attributes: the type of each default says how to parse.
// Bad values fall back to the default with a console warning that names the attribute.
// Not in the kit (the page chunk, on every page): only appear reads its options this way, so
// this ships in its chunk, and calls the kit's parseNumber and warn.
import { parseNumber, warn } from './kit';
import { attributeName, parseBoolean } from './options';

export type Defaults = Record<string, string | number | boolean>;

export function readOptions<O extends Defaults>(element: Element, defaults: O, owner: string): O {
  const data = (element as HTMLElement).dataset ?? {};
  const options = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof O & string)[]) {
    const raw = data[key];
    if (raw === undefined) continue;
    const fallback = defaults[key];
    const parsed =
      typeof fallback === 'number'
        ? parseNumber(raw, { min: 0 })
        : typeof fallback === 'boolean'
          ? parseBoolean(raw)
          : raw;
    if (parsed === undefined) {
      warn(`${owner}: ${attributeName(key)}="${raw}" is not valid; using ${String(fallback)}`, element);
    } else {
      options[key] = parsed as O[typeof key];
    }
  }
  return options;
}
