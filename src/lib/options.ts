// Typed options read from data-* attributes: the type of each default says how to parse.
// Bad values fall back to the default with a console warning that names the attribute.
import { warn } from './log';

export type Defaults = Record<string, string | number | boolean>;

export interface NumberRule {
  min?: number;
  max?: number;
  integer?: boolean;
}

/** `dataKey` is the camelCase dataset key; the warning names it as an attribute. */
export function attributeName(dataKey: string): string {
  return 'data-' + dataKey.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

/**
 * Parses a decimal number strictly: no hex, no exponent, no trailing junk, finite,
 * inside [min, max]. Returns undefined for anything else.
 */
export function parseNumber(raw: string | null | undefined, rule: NumberRule = {}): number | undefined {
  if (raw == null) return undefined;
  const text = raw.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) return undefined;
  if (rule.integer && !Number.isSafeInteger(value)) return undefined;
  if (rule.min !== undefined && value < rule.min) return undefined;
  if (rule.max !== undefined && value > rule.max) return undefined;
  return value;
}

/** 'true' and '' (a bare attribute) are on, 'false' is off, anything else is invalid. */
export function parseBoolean(raw: string | null | undefined): boolean | undefined {
  if (raw == null) return undefined;
  const text = raw.trim().toLowerCase();
  if (text === '' || text === 'true') return true;
  if (text === 'false') return false;
  return undefined;
}

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
