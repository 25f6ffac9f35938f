import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./date";

describe("formatDate (DD-MM-YYYY)", () => {
  it("rearranges a date-only string without any timezone shift", () => {
    expect(formatDate("2026-03-05")).toBe("05-03-2026");
    expect(formatDate("2026-01-01")).toBe("01-01-2026");
    expect(formatDate("2026-12-31")).toBe("31-12-2026");
    expect(formatDate(" 2026-12-31 ")).toBe("31-12-2026");
  });

  it("shows an instant's calendar date in Santiago", () => {
    expect(formatDate(new Date("2026-11-23T02:30:00Z"))).toBe("22-11-2026");
    expect(formatDate("2026-11-23T02:30:00Z")).toBe("22-11-2026");
    expect(formatDate(new Date("2026-11-23T12:00:00Z"))).toBe("23-11-2026");
  });

  it("gives empty text for no value and keeps unreadable text visible", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDate("pronto")).toBe("pronto");
    expect(formatDate("2026-02-30")).toBe("2026-02-30");
    expect(formatDate(new Date("x"))).toBe("");
  });
});

describe("formatDateTime", () => {
  it("shows Santiago wall-clock time", () => {
    expect(formatDateTime(new Date("2026-11-23T02:30:00Z"))).toBe("22-11-2026 23:30");
    expect(formatDateTime("2026-06-15T16:05:00Z")).toBe("15-06-2026 12:05");
    expect(formatDateTime("2026-03-05")).toBe("05-03-2026");
    expect(formatDateTime(null)).toBe("");
  });
});
