import { describe, expect, it } from "vitest";
import { addDays, daysBetween, isIsoDate, santiagoDateOf, santiagoDayStart, santiagoParts, todayInSantiago } from "./dates";

describe("today in America/Santiago", () => {
  it("is still the previous day in Chile late in the evening (UTC already tomorrow)", () => {
    expect(todayInSantiago(new Date("2026-11-23T02:30:00Z"))).toBe("2026-11-22"); // summer, UTC-3
    expect(todayInSantiago(new Date("2026-06-15T03:59:00Z"))).toBe("2026-06-14"); // winter, UTC-4
    expect(todayInSantiago(new Date("2026-06-15T04:00:00Z"))).toBe("2026-06-15");
  });

  it("changes day at Santiago midnight, not UTC midnight", () => {
    expect(santiagoDateOf(new Date("2026-01-01T02:59:59Z"))).toBe("2025-12-31");
    expect(santiagoDateOf(new Date("2026-01-01T03:00:00Z"))).toBe("2026-01-01");
  });

  it("gives wall-clock parts, with midnight as hour 0", () => {
    expect(santiagoParts(new Date("2026-11-23T03:05:09Z"))).toEqual({ year: 2026, month: 11, day: 23, hour: 0, minute: 5, second: 9 });
  });

  it("defaults to now", () => {
    expect(isIsoDate(todayInSantiago())).toBe(true);
  });
});

describe("calendar dates", () => {
  it("validates YYYY-MM-DD against the calendar", () => {
    expect(isIsoDate("2026-03-05")).toBe(true);
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("2026-04-31")).toBe(false);
    expect(isIsoDate("2026-3-5")).toBe(false);
    expect(isIsoDate("05-03-2026")).toBe(false);
    expect(isIsoDate("2026-03-05T00:00:00Z")).toBe(false);
    expect(isIsoDate(20260305)).toBe(false);
  });

  it("adds days across months, years and daylight-saving changes", () => {
    expect(addDays("2026-03-05", 5)).toBe("2026-03-10");
    expect(addDays("2026-02-27", 2)).toBe("2026-03-01");
    expect(addDays("2024-02-27", 2)).toBe("2024-02-29");
    expect(addDays("2026-12-30", 5)).toBe("2027-01-04");
    expect(addDays("2026-01-02", -5)).toBe("2025-12-28");
    expect(addDays("2026-04-04", 1)).toBe("2026-04-05"); // Chile leaves summer time that night
    expect(addDays("2026-09-05", 1)).toBe("2026-09-06"); // and enters it
    expect(addDays("2026-03-05", 0)).toBe("2026-03-05");
  });

  it("refuses a malformed date or a fractional day count", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
    expect(() => addDays("hoy", 1)).toThrow(RangeError);
    expect(() => addDays("2026-03-05", 1.5)).toThrow(RangeError);
  });

  it("counts days between two dates", () => {
    expect(daysBetween("2026-03-01", "2026-03-08")).toBe(7);
    expect(daysBetween("2026-03-08", "2026-03-01")).toBe(-7);
    expect(daysBetween("2026-04-01", "2026-04-10")).toBe(9);
    expect(daysBetween("2025-12-31", "2026-01-01")).toBe(1);
  });
});

describe("santiagoDayStart", () => {
  it("is midnight in Chile, summer (UTC-3) and winter (UTC-4)", () => {
    expect(santiagoDayStart("2026-11-25").toISOString()).toBe("2026-11-25T03:00:00.000Z");
    // Years 0-99 looped forever (Date.UTC reads them as 19xx); found by the API fuzzer on GET api/auditoria.
    expect(santiagoDayStart("0050-01-01").getUTCFullYear()).toBe(50);
    expect(santiagoDayStart("2026-06-15").toISOString()).toBe("2026-06-15T04:00:00.000Z");
  });

  it("is 01:00 on the day the clocks skip midnight, and the repeated hour's first midnight in April", () => {
    expect(santiagoDayStart("2026-09-06").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(santiagoDateOf(santiagoDayStart("2026-09-06"))).toBe("2026-09-06");
    expect(santiagoDayStart("2026-04-05").toISOString()).toBe("2026-04-05T04:00:00.000Z");
  });
});
