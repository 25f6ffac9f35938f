import { describe, expect, it } from "vitest";
import { IVA_RATE, iva, lineTotal, quoteTotals, totalConIva, totals } from "./vat";
import { roundHalfAwayFromZero, roundPesos } from "./round";

describe("IVA 19% (specification section 9)", () => {
  it("uses a 19% rate", () => {
    expect(IVA_RATE).toBe(0.19);
  });

  it("computes the spec's example: 100.000 net → 19.000 IVA → 119.000 total", () => {
    expect(iva(100000)).toBe(19000);
    expect(totalConIva(100000)).toBe(119000);
    expect(totals(100000)).toEqual({ neto: 100000, iva: 19000, total: 119000 });
  });

  it("rounds IVA to whole pesos", () => {
    expect(iva(1234567)).toBe(234568); // 234567.73
    expect(totalConIva(1234567)).toBe(1469135);
    expect(iva(1)).toBe(0); // 0.19
    expect(iva(3)).toBe(1); // 0.57
    expect(iva(50)).toBe(10); // 9.5 rounds up
    expect(iva(150)).toBe(29); // 28.5 rounds up
    expect(iva(0)).toBe(0);
  });

  it("total = net + IVA agrees with round(net × 1.19) for every net up to 300.000 and large sampled nets", () => {
    const check = (n: number) => {
      const exact119 = Math.round((n * 119) / 100);
      if (totalConIva(n) !== n + iva(n) || totalConIva(n) !== exact119 || totalConIva(n) !== Math.round(n * 1.19) || iva(n) !== Math.round(n * 0.19)) {
        throw new Error(`disagree at ${n}`);
      }
    };
    for (let n = 0; n <= 300_000; n++) check(n);
    for (let n = 1_000_000; n <= 1_000_000_000; n += 999_983) check(n);
  });

  it("mirrors negative amounts (credit notes)", () => {
    expect(iva(-50)).toBe(-10);
    expect(totals(-100000)).toEqual({ neto: -100000, iva: -19000, total: -119000 });
  });

  it("rounds a net with cents before adding IVA", () => {
    expect(totals(1000.6)).toEqual({ neto: 1001, iva: 190, total: 1191 });
  });
});

describe("line and quote totals", () => {
  it("multiplies quantity by unit price, rounded to whole pesos", () => {
    expect(lineTotal(3, 125000)).toBe(375000);
    expect(lineTotal(2.5, 1999)).toBe(4998); // 4997.5
    expect(lineTotal(1.45, 10)).toBe(15); // 14.499999999999998 in floating point
    expect(lineTotal(0.333, 1000)).toBe(333);
  });

  it("counts an empty quantity as 1 and an empty price as 0; 0 stays 0", () => {
    expect(lineTotal(null, 45000)).toBe(45000);
    expect(lineTotal(undefined, 45000)).toBe(45000);
    expect(lineTotal(2, null)).toBe(0);
    expect(lineTotal(0, 45000)).toBe(0);
  });

  it("sums rounded lines and applies IVA on the sum", () => {
    const items = [
      { cantidad: 2, precio_unitario: 150000 },
      { cantidad: null, precio_unitario: 89990 },
      { cantidad: 1.5, precio_unitario: 3333 }, // 4999.5 → 5000
      { cantidad: 4, precio_unitario: null },
    ];
    const neto = 300000 + 89990 + 5000;
    expect(quoteTotals(items)).toEqual({ neto, iva: Math.round(neto * 0.19), total: neto + Math.round(neto * 0.19) });
    expect(quoteTotals([])).toEqual({ neto: 0, iva: 0, total: 0 });
  });
});

describe("rounding helpers", () => {
  it("rounds half away from zero, without float dust", () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(1.005, 2)).toBe(1.01);
    expect(roundHalfAwayFromZero(0.1 + 0.2, 2)).toBe(0.3);
    expect(roundHalfAwayFromZero(-0.4)).toBe(0);
    expect(Object.is(roundHalfAwayFromZero(-0.4), -0)).toBe(false);
    expect(roundPesos(1234.49)).toBe(1234);
    expect(roundHalfAwayFromZero(Number.NaN)).toBeNaN();
  });
});
