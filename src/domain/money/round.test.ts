import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { roundHalfAwayFromZero } from "./round";

/** The rule as written before its shortcut for values already whole at the scale: cut to 9 decimals as text, then round. */
function reference(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const rounded = Math.round(Number((Math.abs(value) * factor).toFixed(9))) / factor;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

describe("roundHalfAwayFromZero", () => {
  it("rounds half away from zero, past float noise", () => {
    expect(roundHalfAwayFromZero(1.45, 1)).toBe(1.5);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(1.00005, 4)).toBe(1.0001);
    expect(roundHalfAwayFromZero(1.5, 4)).toBe(1.5);
    expect(roundHalfAwayFromZero(Number.NaN, 4)).toBeNaN();
  });

  it("gives what the text rule gives, whole values at the scale included", () => {
    const wholeAtScale = fc.tuple(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(1, 10, 100, 1000, 10_000)).map(([n, d]) => n / d);
    fc.assert(
      fc.property(fc.oneof(wholeAtScale, fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.integer()), fc.integer({ min: 0, max: 4 }), (v, decimals) => {
        expect(Object.is(roundHalfAwayFromZero(v, decimals), reference(v, decimals))).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });
});
