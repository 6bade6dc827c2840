import { describe, expect, it } from 'vitest';
import { declaredCount } from '../../src/lib/count';

describe('declaredCount', () => {
  it.each([
    [null, 5, [5]],
    ['5', 5, [5]],
    [' 5 ', 5, [5]],
    ['3', 5, [3, 'fewer']],
    ['9', 5, [5, 'more']],
    ['9007199254740993', 5, [5, 'invalid']],
    ['9007199254740991', 5, [5, 'more']],
    ['1e308', 5, [5, 'invalid']],
    ['-1', 5, [5, 'invalid']],
    ['0', 5, [5, 'invalid']],
    ['NaN', 5, [5, 'invalid']],
    ['0x10', 5, [5, 'invalid']],
    ['', 5, [5, 'invalid']],
    ['2.5', 5, [5, 'invalid']],
    ['3', 0, [0, 'more']],
  ] as const)('%s with %i found', (raw, actual, expected) => expect(declaredCount(raw, actual)).toEqual(expected));
});
