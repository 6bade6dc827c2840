// format() (src/lib/labels.ts): the %name% placeholders of a label, filled as text.
import { describe, expect, it } from 'vitest';
import { format } from '../../src/lib/labels';

describe('format', () => {
  it('replaces each known %name%, as often as it appears', () => {
    expect(format('%curr% of %total% (%curr%)', { curr: 2, total: 5 })).toBe('2 of 5 (2)');
  });

  it('leaves an unknown %name% as written, even one an object inherits (an operator override can name anything)', () => {
    const names = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf'];
    for (const name of names) expect(format(`%curr% of %total% %${name}%`, { curr: 1, total: 3 })).toBe(`1 of 3 %${name}%`);
  });

  it('writes a value as text, never as a template of its own', () => {
    expect(format('%url%', { url: '<b>%curr%</b>', curr: 1 })).toBe('<b>%curr%</b>');
  });
});
