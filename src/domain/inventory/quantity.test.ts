import { describe, expect, it } from "vitest";
import { ceilDivInt, fromQtyUnits, qtyValue, roundQty, sumQty, toQtyUnits } from "./quantity";

describe("stock quantities (4 decimals, exact sums)", () => {
  it("reads numbers and database numerics", () => {
    expect(qtyValue("12.5000")).toBe(12.5);
    expect(qtyValue(" 3 ")).toBe(3);
    expect(qtyValue(7)).toBe(7);
    for (const v of ["", "  ", "abc", null, undefined, NaN, Infinity]) expect(qtyValue(v)).toBeNull();
  });

  it("adds exactly where floats do not", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumQty([0.1, 0.2])).toBe(0.3);
    expect(sumQty(Array.from({ length: 10 }, () => 0.1))).toBe(1);
    expect(sumQty(["1.5", null, 2, "", -0.5])).toBe(3);
    expect(sumQty([])).toBe(0);
  });

  it("rounds to 4 decimals, half away from zero, without -0", () => {
    expect(roundQty(1.23455)).toBe(1.2346);
    expect(roundQty(-1.23455)).toBe(-1.2346);
    expect(roundQty(0.1 + 0.2)).toBe(0.3);
    expect(Object.is(roundQty(-0.00001), 0)).toBe(true);
  });

  it("converts to whole ten-thousandths and back", () => {
    expect(toQtyUnits(23.2)).toBe(232000);
    expect(toQtyUnits("2.9")).toBe(29000);
    expect(toQtyUnits(null)).toBe(0);
    expect(fromQtyUnits(232000)).toBe(23.2);
    expect(Object.is(fromQtyUnits(-0), 0)).toBe(true);
  });

  it("divides whole numbers rounding up, exactly", () => {
    expect(ceilDivInt(232000, 58000)).toBe(4);
    expect(ceilDivInt(233000, 58000)).toBe(5);
    expect(ceilDivInt(406000, 58000)).toBe(7);
    expect(ceilDivInt(0, 58000)).toBe(0);
    expect(ceilDivInt(1, 10000)).toBe(1);
    for (let k = 1; k < 5000; k++) {
      expect(ceilDivInt(k * 58000, 58000)).toBe(k);
      expect(ceilDivInt(k * 58000 + 1, 58000)).toBe(k + 1);
    }
  });
});
