// The map's view box (src/features/map): what OpenStreetMap's embed shows around the point.
import { describe, expect, it } from 'vitest';
import { bbox } from '../../src/features/map/index';

const parse = (box: string) => box.split(',').map(Number);

describe('map bbox', () => {
  it('centres the point, 360° across 2^zoom tiles of 256 px, north-south narrowed by cos(latitude)', () => {
    const [west, south, east, north] = parse(bbox(52, 4, 10, 512, 256));
    // 512 px at zoom 10: two tiles of 360/1024°.
    expect(east - west).toBeCloseTo((2 * 360) / 1024, 4);
    expect((west + east) / 2).toBeCloseTo(4, 4);
    expect((south + north) / 2).toBeCloseTo(52, 4);
    expect(north - south).toBeCloseTo(((east - west) / 2) * Math.cos((52 * Math.PI) / 180), 4);
  });

  it('stays inside the world at zoom 0 and near the poles', () => {
    expect(parse(bbox(0, 0, 0, 800, 450))).toEqual([-180, expect.any(Number), 180, expect.any(Number)]);
    const [, south, , north] = parse(bbox(89.9, 179.9, 2, 800, 800));
    expect(north).toBeLessThanOrEqual(90);
    expect(south).toBeGreaterThanOrEqual(-90);
  });

  it('writes five decimals, no exponent', () => {
    expect(bbox(1e-7, 1e-7, 19, 100, 100)).toMatch(/^-?\d+\.\d{5}(,-?\d+\.\d{5}){3}$/);
  });
});
