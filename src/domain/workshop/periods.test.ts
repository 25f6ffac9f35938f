import { describe, expect, it } from "vitest";
import { formatDate } from "../format/date";
import {
  currentPeriodo,
  daysInPeriodo,
  formatWorkshopDate,
  isPeriodo,
  MESES,
  MESES_NOMBRES,
  nextPeriodo,
  parsePeriodo,
  periodoFromMesAnio,
  periodoLabel,
  periodoParam,
  periodoRange,
  previousPeriodo,
  selectableYears,
  shiftWorkshopDate,
  WORKSHOP_DISPLAY_SHIFT_HOURS,
  workshopPayPdfFileName,
} from "./periods";

describe("selectable periods (section 9)", () => {
  it("offers months 01 to 12", () => {
    expect(MESES).toEqual(["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]);
    expect(MESES_NOMBRES).toHaveLength(12);
    expect(MESES_NOMBRES[0]).toBe("Enero");
    expect(MESES_NOMBRES[11]).toBe("Diciembre");
  });

  it("offers the specification's 2024, 2025, 2026 during 2025", () => {
    expect(selectableYears(new Date("2025-06-15T12:00:00Z"))).toEqual([2024, 2025, 2026]);
  });

  it("keeps working after 2026: 2024 through next year", () => {
    expect(selectableYears(new Date("2026-11-22T12:00:00Z"))).toEqual([2024, 2025, 2026, 2027]);
    expect(selectableYears(new Date("2027-03-01T12:00:00Z"))).toEqual([2024, 2025, 2026, 2027, 2028]);
  });

  it("counts the year in Santiago, not UTC", () => {
    // 2027-01-01T02:30Z is still 31 December 2026 at 23:30 in Chile (UTC-3).
    expect(selectableYears(new Date("2027-01-01T02:30:00Z"))).toEqual([2024, 2025, 2026, 2027]);
    expect(selectableYears(new Date("2027-01-01T03:00:00Z"))).toEqual([2024, 2025, 2026, 2027, 2028]);
  });

  it("never starts after 2024", () => {
    expect(selectableYears(new Date("2023-05-01T12:00:00Z"))).toEqual([2024]);
  });
});

describe("period YYYY-MM", () => {
  it("parses and validates", () => {
    expect(parsePeriodo("2026-03")).toEqual({ anio: 2026, mes: 3 });
    expect(parsePeriodo("2026-12")).toEqual({ anio: 2026, mes: 12 });
    for (const bad of ["2026-3", "2026-13", "2026-00", "26-03", "2026/03", " 2026-03", "2026-03-01", "0000-01", "", null, 202603]) {
      expect(parsePeriodo(bad)).toBeNull();
      expect(isPeriodo(bad)).toBe(false);
    }
    expect(isPeriodo("2024-02")).toBe(true);
  });

  it("builds the period of the month and year filters", () => {
    expect(periodoFromMesAnio("03", "2026")).toBe("2026-03");
    expect(periodoFromMesAnio("3", 2026)).toBe("2026-03");
    expect(periodoFromMesAnio(12, "2024")).toBe("2024-12");
    expect(periodoFromMesAnio("13", "2026")).toBeNull();
    expect(periodoFromMesAnio("0", "2026")).toBeNull();
    expect(periodoFromMesAnio("03", "")).toBeNull();
    expect(periodoFromMesAnio(null, "2026")).toBeNull();
    expect(periodoFromMesAnio(3.5, 2026)).toBeNull();
    expect(periodoFromMesAnio("03", "abc")).toBeNull();
  });

  it("steps to the previous and next month across years", () => {
    expect(previousPeriodo("2026-03")).toBe("2026-02");
    expect(previousPeriodo("2026-01")).toBe("2025-12");
    expect(nextPeriodo("2026-11")).toBe("2026-12");
    expect(nextPeriodo("2026-12")).toBe("2027-01");
    expect(() => previousPeriodo("2026-13")).toThrow(/Periodo inválido\./);
    expect(() => nextPeriodo("x")).toThrow(RangeError);
  });

  it("gives the current period in Santiago", () => {
    expect(currentPeriodo(new Date("2026-12-01T02:59:00Z"))).toBe("2026-11");
    expect(currentPeriodo(new Date("2026-12-01T03:00:00Z"))).toBe("2026-12");
    expect(isPeriodo(currentPeriodo())).toBe(true);
  });

  it("counts the real days of the month, leap years included", () => {
    expect(daysInPeriodo("2026-01")).toBe(31);
    expect(daysInPeriodo("2026-02")).toBe(28);
    expect(daysInPeriodo("2028-02")).toBe(29);
    expect(daysInPeriodo("2024-02")).toBe(29);
    expect(daysInPeriodo("2100-02")).toBe(28);
    expect(daysInPeriodo("2000-02")).toBe(29);
    expect(daysInPeriodo("2026-04")).toBe(30);
    expect(daysInPeriodo("2026-12")).toBe(31);
    expect(() => daysInPeriodo("2026-13")).toThrow(RangeError);
  });

  it("gives the month's date range", () => {
    expect(periodoRange("2028-02")).toEqual({ desde: "2028-02-01", hasta: "2028-02-29", hastaExclusivo: "2028-03-01" });
    expect(periodoRange("2026-12")).toEqual({ desde: "2026-12-01", hasta: "2026-12-31", hastaExclusivo: "2027-01-01" });
    expect(() => periodoRange("2026-1")).toThrow(RangeError);
  });

  it("labels and names the pay PDF by period", () => {
    expect(periodoLabel("2026-03")).toBe("Marzo 2026");
    expect(periodoLabel("2025-09")).toBe("Septiembre 2025");
    expect(workshopPayPdfFileName("2026-03")).toBe("pago-taller-2026-03.pdf");
    expect(() => workshopPayPdfFileName("2026-3")).toThrow(RangeError);
  });
});

describe("workshop dates shifted by 4 hours for display (section 9)", () => {
  it("adds exactly 4 hours", () => {
    expect(WORKSHOP_DISPLAY_SHIFT_HOURS).toBe(4);
    expect(shiftWorkshopDate("2026-03-05T00:00:00Z")?.toISOString()).toBe("2026-03-05T04:00:00.000Z");
    expect(shiftWorkshopDate(new Date("2026-03-05T21:30:00Z"))?.toISOString()).toBe("2026-03-06T01:30:00.000Z");
    expect(shiftWorkshopDate("2026-03-05")?.toISOString()).toBe("2026-03-05T04:00:00.000Z");
    expect(shiftWorkshopDate("")).toBeNull();
    expect(shiftWorkshopDate(null)).toBeNull();
    expect(shiftWorkshopDate("no es fecha")).toBeNull();
  });

  it("shows a UTC-midnight date on its own day in Chile, summer and winter", () => {
    // Unshifted, Chile (UTC-3 in March, UTC-4 in July) would show the previous day.
    expect(formatDate(new Date("2026-03-05T00:00:00Z"))).toBe("04-03-2026");
    expect(formatWorkshopDate("2026-03-05T00:00:00Z")).toBe("05-03-2026");
    expect(formatDate(new Date("2026-07-05T00:00:00.000Z"))).toBe("04-07-2026");
    expect(formatWorkshopDate("2026-07-05T00:00:00.000Z")).toBe("05-07-2026");
    expect(formatWorkshopDate("2026-07-05")).toBe("05-07-2026");
    expect(formatWorkshopDate(new Date("2026-12-31T00:00:00Z"))).toBe("31-12-2026");
  });

  it("keeps empty and unreadable values visible as they are", () => {
    expect(formatWorkshopDate("")).toBe("");
    expect(formatWorkshopDate(undefined)).toBe("");
    expect(formatWorkshopDate("sin fecha")).toBe("sin fecha");
  });
});

describe("periodoParam", () => {
  it("a valid ?periodo= opens that month; anything else is the current month in Santiago", () => {
    const now = new Date("2026-11-30T23:30:00-03:00");
    expect(periodoParam("2026-03", now)).toBe("2026-03");
    expect(periodoParam("2026-13", now)).toBe("2026-11");
    expect(periodoParam(null, now)).toBe("2026-11");
    expect(periodoParam("marzo", now)).toBe("2026-11");
  });
});
