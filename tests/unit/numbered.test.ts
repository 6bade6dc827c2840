import { describe, expect, it } from 'vitest';
import { numbered } from '../../src/lib/numbered';

describe('numbered', () => {
  const of = (...names: string[]) => (name: string) => names.includes(name);
  it.each([
    [of(), 'Map'],
    [of('Map'), 'Map (2)'],
    [of('Map', 'Map (2)'), 'Map (3)'],
    // A gap is filled: the first name left free (a carousel removed by ajax).
    [of('Map (2)'), 'Map'],
    [of('Map', 'Map (3)'), 'Map (2)'],
    [of('Maps'), 'Map'],
  ])('%#', (taken, name) => expect(numbered('Map', taken)).toBe(name));
});
