import { describe, expect, it } from "vitest";
import { calendarDate, roundQuantity, toNumberOrNull, toQuantity } from "./values";

describe("values from the database and the web app", () => {
  it("reads numeric text in machine format, never es-CL", () => {
    expect(toNumberOrNull("10.500")).toBe(10.5);
    expect(toNumberOrNull(" 12 ")).toBe(12);
    expect(toNumberOrNull("-3")).toBe(-3);
    expect(toNumberOrNull("1.234.567")).toBeNull();
    expect(toNumberOrNull("2,5")).toBeNull();
    expect(toNumberOrNull("1e5")).toBeNull();
    expect(toNumberOrNull("")).toBeNull();
    expect(toNumberOrNull(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toQuantity(null)).toBe(0);
    expect(toQuantity("abc")).toBe(0);
  });

  it("cuts float dust from quantities", () => {
    expect(roundQuantity(0.3 - 0.1)).toBe(0.2);
    expect(Object.is(roundQuantity(-1e-9), 0)).toBe(true);
  });

  it("gives the Santiago calendar date of a stored date or instant", () => {
    expect(calendarDate("2026-03-05")).toBe("2026-03-05");
    expect(calendarDate("2026-11-23T02:30:00Z")).toBe("2026-11-22");
    expect(calendarDate(new Date("2026-06-15T04:00:00Z"))).toBe("2026-06-15");
    expect(calendarDate("2026-02-30")).toBeNull();
    expect(calendarDate("ayer")).toBeNull();
    expect(calendarDate(null)).toBeNull();
  });
});
