import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { attendanceHours, attendancePercent, computedHours, HORAS_POR_DIA, horasAcumTrab, horasTrab } from "./payroll";

describe("payroll hours (section 9)", () => {
  it("counts 9 hours per worked day", () => {
    expect(HORAS_POR_DIA).toBe(9);
    expect(horasTrab(22)).toBe(198);
    expect(horasTrab(0)).toBe(0);
    expect(horasTrab(null)).toBe(0);
  });

  it("accumulates worked + extra − delay", () => {
    expect(horasAcumTrab({ dias_trab: 22, horas_extras: 3.5, horas_retraso: 1.25 })).toBe(200.25);
    expect(horasAcumTrab({ dias_trab: 20 })).toBe(180);
    expect(computedHours({ dias_trab: 22, horas_extras: 3.5, horas_retraso: 1.25 })).toEqual({ horas_trab: 198, horas_acum_trab: 200.25 });
  });

  it("never accumulates below 0", () => {
    expect(horasAcumTrab({ dias_trab: 0, horas_extras: 0, horas_retraso: 5 })).toBe(0);
    expect(horasAcumTrab({ dias_trab: 1, horas_extras: 0.5, horas_retraso: 12 })).toBe(0);
  });
});

describe("attendance % (section 9)", () => {
  it("is max(0, days × 9 − delay) / (days of the month × 9) × 100", () => {
    // March 2026 has 31 days: 279 hours.
    expect(attendancePercent({ dias_trab: 22, horas_retraso: 1.25 }, "2026-03")).toBeCloseTo(70.5197, 4); // 196.75 / 279
    expect(attendancePercent({ dias_trab: 31 }, "2026-03")).toBe(100);
    // Extra hours do not count.
    expect(attendancePercent({ dias_trab: 22, horas_extras: 40 }, "2026-03")).toBeCloseTo(70.9677, 4);
  });

  it("uses the real length of February in a leap year", () => {
    expect(attendancePercent({ dias_trab: 20 }, "2028-02")).toBeCloseTo(68.9655, 4); // 180 / 261
    expect(attendancePercent({ dias_trab: 20 }, "2026-02")).toBeCloseTo(71.4286, 4); // 180 / 252
    expect(attendancePercent({ dias_trab: 29 }, "2028-02")).toBe(100);
    expect(attendancePercent({ dias_trab: 28 }, "2028-02")).toBeCloseTo(96.5517, 4);
    expect(attendancePercent({ dias_trab: 28 }, "2026-02")).toBe(100);
  });

  it("is capped to 0-100", () => {
    expect(attendancePercent({ dias_trab: 31 }, "2026-02")).toBe(100);
    expect(attendanceHours({ dias_trab: 31 }, "2026-02")).toBe(252);
    expect(attendancePercent({ dias_trab: 1, horas_retraso: 10 }, "2026-03")).toBe(0);
    expect(attendancePercent({}, "2026-03")).toBe(0);
  });

  it("refuses a malformed period", () => {
    expect(() => attendancePercent({ dias_trab: 1 }, "2026-13")).toThrow(RangeError);
  });

  it("stays within 0-100 for any figures", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 2024, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        (dias, cuartos, anio, mes) => {
          const p = attendancePercent({ dias_trab: dias, horas_retraso: cuartos / 4 }, `${anio}-${String(mes).padStart(2, "0")}`);
          return p >= 0 && p <= 100;
        },
      ),
    );
  });
});
