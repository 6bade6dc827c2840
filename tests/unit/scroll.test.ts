// The pure parts of src/lib/scroll.ts: the seed's timing (at most 600 ms, twice the distance)
// and the easing.
import { describe, expect, it } from 'vitest';
import { duration, ease, MAX_DURATION, position } from '../../src/lib/scroll';

describe('duration', () => {
  it('is twice the distance in ms, at most 600 ms, in either direction', () => {
    expect(MAX_DURATION).toBe(600);
    expect(duration(0)).toBe(0);
    expect(duration(1)).toBe(2);
    expect(duration(150)).toBe(300);
    expect(duration(-150)).toBe(300);
    expect(duration(300)).toBe(600);
    expect(duration(301)).toBe(600);
    expect(duration(-100000)).toBe(600);
  });
});

describe('ease', () => {
  it('runs from 0 to 1, symmetric, monotonic, clamped outside [0, 1]', () => {
    expect(ease(0)).toBe(0);
    expect(ease(1)).toBe(1);
    expect(ease(0.5)).toBeCloseTo(0.5);
    expect(ease(-1)).toBe(0);
    expect(ease(2)).toBe(1);
    for (let t = 0; t <= 1; t += 0.05) expect(ease(t) + ease(1 - t)).toBeCloseTo(1);
    let last = 0;
    for (let t = 0.01; t <= 1; t += 0.01) {
      expect(ease(t)).toBeGreaterThanOrEqual(last);
      last = ease(t);
    }
    // Eases in: slow at the start.
    expect(ease(0.1)).toBeLessThan(0.1);
  });
});

describe('position', () => {
  it('goes from `from` to `to` over the duration, and jumps when the duration is 0', () => {
    expect(position(100, 500, 0, 400)).toBe(100);
    expect(position(100, 500, 200, 400)).toBeCloseTo(300);
    expect(position(100, 500, 400, 400)).toBe(500);
    expect(position(100, 500, 900, 400)).toBe(500);
    expect(position(500, 100, 200, 400)).toBeCloseTo(300);
    expect(position(100, 500, 0, 0)).toBe(500);
  });
});
