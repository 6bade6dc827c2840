// A count declared in markup (e.g. data-total) checked against what is really there.
import { parseNumber } from './kit';

/** Why a declared count was not used as it is. */
export type CountProblem = 'invalid' | 'more' | 'fewer';

/**
 * The count to use for `raw`, given `actual` elements found: missing or not a whole
 * number from 1 → `actual`; more than `actual` → `actual`; fewer → the declared count
 * (the legacy cycled through data-total slides only).
 */
export function declaredCount(raw: string | null | undefined, actual: number): [count: number, problem?: CountProblem] {
  if (raw == null) return [actual];
  const declared = parseNumber(raw, { integer: true, min: 1 });
  if (declared === undefined) return [actual, 'invalid'];
  if (declared > actual) return [actual, 'more'];
  return declared < actual ? [declared, 'fewer'] : [declared];
}
