// A count declared in markup (the carousel's data-total) checked against what is really there.
import { parseNumber } from './kit';

// Why a declared count was not used as it is, as the warning says it: the text itself, not a
// key to look it up by in the chunk.
export const INVALID = 'is not a whole number from 1; counting the slides';
export const MORE = 'is more than the slides; using the slide count';
export const FEWER = 'is fewer than the slides; the others stay hidden';

/**
 * The count to use for `raw`, given `actual` elements found: missing or not a whole
 * number from 1 → `actual`; more than `actual` → `actual`; fewer → the declared count
 * (the legacy cycled through data-total slides only). With it, why it differs from `raw`.
 */
export function declaredCount(raw: string | null | undefined, actual: number): [count: number, problem?: string] {
  if (raw == null) return [actual];
  const declared = parseNumber(raw, { integer: true, min: 1 });
  if (declared === undefined) return [actual, INVALID];
  if (declared > actual) return [actual, MORE];
  return declared < actual ? [declared, FEWER] : [declared];
}
