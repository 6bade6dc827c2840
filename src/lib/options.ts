// Parsing of data-* attribute values: numbers and booleans strictly, and the attribute's name
// for warnings. Part of the kit (./kit-runtime); readOptions, which reads a feature's typed
// options with them, is in ./read-options.

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
  const text = raw?.trim() ?? '';
  const value = Number(text);
  // One condition, no early return for each check. An absent bound compares false either way
  // (value < undefined): no limit.
  if (
    /^-?\d+(\.\d+)?$/.test(text) &&
    Number.isFinite(value) &&
    (!rule.integer || Number.isSafeInteger(value)) &&
    !(value < rule.min!) &&
    !(value > rule.max!)
  )
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
