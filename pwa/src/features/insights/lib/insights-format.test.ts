import { describe, expect, it } from 'vitest';
import { axisTicks } from './insights-format';

describe('the chart value axis', () => {
  it('is whole numbers, top to 0, never a number twice', () => {
    expect(axisTicks(0)).toEqual([2, 1, 0]);
    expect(axisTicks(1)).toEqual([2, 1, 0]);
    expect(axisTicks(2)).toEqual([2, 1, 0]);
    expect(axisTicks(3)).toEqual([4, 2, 0]);
    expect(axisTicks(7)).toEqual([10, 5, 0]);
    expect(axisTicks(37)).toEqual([40, 20, 0]);
    expect(axisTicks(1234)).toEqual([2000, 1000, 0]);
    for (let max = 0; max <= 5000; max++) {
      const [top, middle, zero] = axisTicks(max);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(Number.isInteger(middle) && middle > zero && top > middle).toBe(true);
      expect(top).toBe(middle * 2);
    }
  });
});
