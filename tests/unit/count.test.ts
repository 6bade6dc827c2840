import { describe, expect, it } from 'vitest';
import { declaredCount, FEWER, INVALID, MORE } from '../../src/lib/count';

describe('declaredCount', () => {
  it.each([
    [null, 5, [5]],
    ['5', 5, [5]],
    [' 5 ', 5, [5]],
    ['3', 5, [3, FEWER]],
    ['9', 5, [5, MORE]],
    ['9007199254740993', 5, [5, INVALID]],
    ['9007199254740991', 5, [5, MORE]],
    ['1e308', 5, [5, INVALID]],
    ['-1', 5, [5, INVALID]],
    ['0', 5, [5, INVALID]],
    ['NaN', 5, [5, INVALID]],
    ['0x10', 5, [5, INVALID]],
    ['', 5, [5, INVALID]],
    ['2.5', 5, [5, INVALID]],
    ['3', 0, [0, MORE]],
  ] as const)('%s with %i found', (raw, actual, expected) => expect(declaredCount(raw, actual)).toEqual(expected));
});
