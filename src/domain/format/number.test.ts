import { describe, expect, it } from "vitest";
import { formatCLP, formatMm, formatNumber } from "./number";

describe("formatCLP (es-CL pesos, no decimals)", () => {
  it("groups thousands with dots", () => {
    expect(formatCLP(1234567)).toBe("$1.234.567");
    expect(formatCLP(119000)).toBe("$119.000");
    expect(formatCLP(1000)).toBe("$1.000");
    expect(formatCLP(999)).toBe("$999");
    expect(formatCLP(0)).toBe("$0");
    expect(formatCLP(1_000_000_000)).toBe("$1.000.000.000");
  });

  it("puts the minus sign before the dollar sign", () => {
    expect(formatCLP(-1234)).toBe("-$1.234");
    expect(formatCLP(-0.4)).toBe("$0");
  });

  it("rounds to whole pesos", () => {
    expect(formatCLP(1234.5)).toBe("$1.235");
    expect(formatCLP(1234.49)).toBe("$1.234");
    expect(formatCLP(-1234.5)).toBe("-$1.235");
  });

  it("accepts database numeric strings and gives empty text for no value", () => {
    expect(formatCLP("1234567.00")).toBe("$1.234.567");
    expect(formatCLP(null)).toBe("");
    expect(formatCLP(undefined)).toBe("");
    expect(formatCLP("")).toBe("");
    expect(formatCLP("abc")).toBe("");
    expect(formatCLP(Number.NaN)).toBe("");
    expect(formatCLP(Number.POSITIVE_INFINITY)).toBe("");
  });
});

describe("formatNumber and formatMm", () => {
  it("uses a decimal comma and drops trailing zeros", () => {
    expect(formatNumber(1234567.891)).toBe("1.234.567,89");
    expect(formatNumber(2.5)).toBe("2,5");
    expect(formatNumber(2.5, 0)).toBe("3");
    expect(formatNumber(3)).toBe("3");
    expect(formatNumber(-1234.5)).toBe("-1.234,5");
    expect(formatNumber(0.005, 2)).toBe("0,01");
    expect(formatNumber("5.80")).toBe("5,8");
    expect(formatNumber(null)).toBe("");
  });

  it("shows millimetres", () => {
    expect(formatMm(1200)).toBe("1.200 mm");
    expect(formatMm(850)).toBe("850 mm");
    expect(formatMm(1200.5)).toBe("1.200,5 mm");
    expect(formatMm(null)).toBe("");
  });
});
