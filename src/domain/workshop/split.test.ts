import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitByAccumulatedHours, splitByAttendance, splitProportionally } from "./split";
import type { SplitResult, SplitWeight } from "./split";

const montos = (r: SplitResult) => r.partes.map((p) => p.monto);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("splitProportionally", () => {
  it("gives exact shares when they are whole pesos", () => {
    const r = splitProportionally(1000, [
      { nombre: "Ana", peso: 100 },
      { nombre: "Beto", peso: 100 },
      { nombre: "Carla", peso: 50 },
    ]);
    expect(montos(r)).toEqual([400, 400, 200]);
    expect(r.partes.map((p) => p.resto)).toEqual([0, 0, 0]);
    expect(r).toMatchObject({ total: 1000, pesoTotal: 250, asignado: 1000, sinAsignar: 0 });
    expect(r.partes[2]).toMatchObject({ index: 2, nombre: "Carla", peso: 50, proporcion: 0.2, exacto: 200, base: 200 });
  });

  it("rounds down and spreads the remainder over the largest weights", () => {
    // 89.150 by 198, 195.5 and 90 hours: 36.508,17 + 36.047,21 + 16.594,62 → one peso left.
    const r = splitProportionally(89_150, [
      { nombre: "Carla", peso: 90 },
      { nombre: "Bruno", peso: 195.5 },
      { nombre: "Ana", peso: 198 },
    ]);
    expect(r.partes.map((p) => p.base)).toEqual([16_594, 36_047, 36_508]);
    // The peso goes to the largest weight (section 9), not to the largest fraction (Carla's .62).
    expect(montos(r)).toEqual([16_594, 36_047, 36_509]);
    expect(r.partes.map((p) => p.resto)).toEqual([0, 0, 1]);
    expect(r.partes[1].exacto).toBeCloseTo(36_047.2079, 3);
    expect(sum(montos(r))).toBe(89_150);
  });

  it("breaks ties by name, then by input order, whatever the order of the input", () => {
    const names = [
      { nombre: "Carla", peso: 1 },
      { nombre: "Ana", peso: 1 },
      { nombre: "Beto", peso: 1 },
    ];
    // 100 / 3 = 33,33 each: the one peso left goes to Ana (same weight, first name).
    expect(montos(splitProportionally(100, names))).toEqual([33, 34, 33]);
    expect(montos(splitProportionally(100, [names[1], names[2], names[0]]))).toEqual([34, 33, 33]);
    // 101 / 3: two pesos left → Ana and Beto.
    expect(montos(splitProportionally(101, names))).toEqual([33, 34, 34]);
    // Same name and weight: input order decides.
    expect(montos(splitProportionally(2, [{ nombre: "Ana", peso: 1 }, { nombre: "Ana", peso: 1 }, { nombre: "Ana", peso: 1 }]))).toEqual([1, 1, 0]);
  });

  it("gives nothing to a weight of 0, not even a remainder peso", () => {
    const r = splitProportionally(10, [
      { nombre: "Ana", peso: 0 },
      { nombre: "Beto", peso: 3 },
      { nombre: "Carla", peso: 3 },
    ]);
    expect(montos(r)).toEqual([0, 5, 5]);
    expect(montos(splitProportionally(1, [{ nombre: "Ana", peso: 0 }, { nombre: "Beto", peso: 0.25 }]))).toEqual([0, 1]);
  });

  it("leaves the whole total unassigned when every weight is 0 or nobody is listed", () => {
    const r = splitProportionally(89_150, [
      { nombre: "Ana", peso: 0 },
      { nombre: "Beto", peso: 0 },
    ]);
    expect(montos(r)).toEqual([0, 0]);
    expect(r).toMatchObject({ asignado: 0, sinAsignar: 89_150, pesoTotal: 0 });
    expect(r.partes[0]).toMatchObject({ proporcion: 0, exacto: 0, base: 0, resto: 0 });
    expect(splitProportionally(500, [])).toMatchObject({ partes: [], asignado: 0, sinAsignar: 500 });
    expect(splitProportionally(0, [{ nombre: "Ana", peso: 0 }])).toMatchObject({ asignado: 0, sinAsignar: 0 });
  });

  it("splits a total of 0 into zeros", () => {
    expect(montos(splitProportionally(0, [{ nombre: "Ana", peso: 5 }, { nombre: "Beto", peso: 1 }]))).toEqual([0, 0]);
  });

  it("is exact where floating point is not", () => {
    // 0.1 + 0.2 !== 0.3 in doubles; the parts still add up and stay within a peso.
    const r = splitProportionally(600, [
      { nombre: "A", peso: 0.1 },
      { nombre: "B", peso: 0.2 },
      { nombre: "C", peso: 0.3 },
    ]);
    expect(sum(montos(r))).toBe(600);
    for (const p of r.partes) expect(Math.abs(p.monto - p.exacto)).toBeLessThan(1);
    // Extreme weights: a subnormal next to a huge one.
    const x = splitProportionally(1_000_000, [
      { nombre: "A", peso: 5e-324 },
      { nombre: "B", peso: 1e308 },
    ]);
    expect(montos(x)).toEqual([0, 1_000_000]);
  });

  it("refuses a total that is not whole non-negative pesos and invalid weights", () => {
    expect(() => splitProportionally(10.5, [{ nombre: "A", peso: 1 }])).toThrow(RangeError);
    expect(() => splitProportionally(-1, [{ nombre: "A", peso: 1 }])).toThrow(RangeError);
    expect(() => splitProportionally(Number.MAX_SAFE_INTEGER + 1, [{ nombre: "A", peso: 1 }])).toThrow(RangeError);
    expect(() => splitProportionally(10, [{ nombre: "A", peso: -1 }])).toThrow(RangeError);
    expect(() => splitProportionally(10, [{ nombre: "A", peso: Number.NaN }])).toThrow(RangeError);
    expect(() => splitProportionally(10, [{ nombre: "A", peso: Number.POSITIVE_INFINITY }])).toThrow(RangeError);
  });
});

describe("splitProportionally, properties", () => {
  const anyWeight = fc.oneof(
    fc.constant(0),
    fc.integer({ min: 0, max: 400 }).map((q) => q / 4), // quarter hours
    fc.double({ min: 0, max: 100, noNaN: true }), // attendance %
    fc.double({ min: 0, max: 1e300, noNaN: true, noDefaultInfinity: true }),
  );
  const weightList = fc.array(fc.record({ nombre: fc.string({ maxLength: 6 }), peso: anyWeight }), { maxLength: 25 });
  const total = fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 50_000_000 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }));

  it("always adds up exactly to the total in whole pesos, each part within a peso of its share", () => {
    fc.assert(
      fc.property(total, weightList, (t, weights) => {
        const r = splitProportionally(t, weights);
        const anyPositive = weights.some((w) => w.peso > 0);
        expect(r.partes).toHaveLength(weights.length);
        for (const p of r.partes) {
          expect(Number.isSafeInteger(p.monto) && p.monto >= 0).toBe(true);
          expect(p.monto).toBe(p.base + p.resto);
          if (p.peso === 0) expect(p.monto).toBe(0);
        }
        if (anyPositive) {
          expect(sum(montos(r))).toBe(t);
          expect(r.sinAsignar).toBe(0);
          // Below 2^53 the exact share is represented closely enough to check the 1-peso bound.
          if (t <= 50_000_000) for (const p of r.partes) expect(Math.abs(p.monto - p.exacto)).toBeLessThan(1 + 1e-6);
        } else {
          expect(sum(montos(r))).toBe(0);
          expect(r.sinAsignar).toBe(t);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("gives remainder pesos only to weights at least as large as any weight without one", () => {
    fc.assert(
      fc.property(total, weightList, (t, weights) => {
        const r = splitProportionally(t, weights);
        const withPeso = r.partes.filter((p) => p.resto === 1);
        const without = r.partes.filter((p) => p.resto === 0 && p.peso > 0);
        if (withPeso.length && without.length) {
          expect(Math.min(...withPeso.map((p) => p.peso))).toBeGreaterThanOrEqual(Math.max(...without.map((p) => p.peso)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("does not depend on the order of the input (ties included)", () => {
    // Few names and weights, so ties are frequent.
    const tied = fc.array(fc.record({ nombre: fc.constantFrom("Ana", "Beto", "Carla", "Álvaro"), peso: fc.constantFrom(0, 0.25, 1, 2, 9, 100) }), { maxLength: 12 });
    const key = (w: SplitWeight, monto: number) => `${w.nombre}|${w.peso}|${monto}`;
    fc.assert(
      fc.property(total, fc.oneof(tied, weightList), fc.infiniteStream(fc.double({ noNaN: true })), (t, weights, randoms) => {
        const shuffled = weights
          .map((w) => ({ w, k: randoms.next().value as number }))
          .sort((a, b) => a.k - b.k)
          .map((x) => x.w);
        const a = splitProportionally(t, weights);
        const b = splitProportionally(t, shuffled);
        const ka = a.partes.map((p) => key(weights[p.index], p.monto)).sort();
        const kb = b.partes.map((p) => key(shuffled[p.index], p.monto)).sort();
        expect(kb).toEqual(ka);
        expect(b.pesoTotal).toBe(a.pesoTotal);
      }),
      { numRuns: 500 },
    );
  });
});

describe("pay splits of the workshop", () => {
  const roster = [
    { nombre: "Ana Pérez", dias_trab: 22, horas_extras: 0, horas_retraso: 0 }, // 198 h → 70,97 %
    { nombre: "Bruno Díaz", dias_trab: 22, horas_extras: 4, horas_retraso: 2.5 }, // 195,5 h → 70,07 %
    { nombre: "Carla Soto", dias_trab: 10, horas_extras: 12, horas_retraso: 0 }, // 90 h → 32,26 %
  ];

  it("splits the PDF's total by attendance % (section 9)", () => {
    const r = splitByAttendance(89_150, roster, "2026-03");
    expect(montos(r)).toEqual([36_509, 36_047, 16_594]);
    expect(r.partes.map((p) => p.porcentaje_asistencia.toFixed(2))).toEqual(["70.97", "70.07", "32.26"]);
    expect(r.porcentajeTotal).toBeCloseTo(173.2975, 4);
    // Same shares as total × % / Σ %.
    for (const p of r.partes) expect(p.exacto).toBeCloseTo((89_150 * p.porcentaje_asistencia) / r.porcentajeTotal, 6);
  });

  it("caps attendance at 100 % before splitting", () => {
    // 31 days in February counts as 100 %, like 28 days.
    const r = splitByAttendance(1000, [{ nombre: "A", dias_trab: 31 }, { nombre: "B", dias_trab: 28 }], "2026-02");
    expect(montos(r)).toEqual([500, 500]);
  });

  it("splits the screen's total by accumulated hours (section 9)", () => {
    // 198, 199.5 (198 + 4 − 2.5) and 102 (90 + 12) hours: 39.639,64 + 39.939,94 + 20.420,42;
    // the two pesos left go to the two largest weights.
    const r = splitByAccumulatedHours(100_000, roster);
    expect(r.partes.map((p) => p.peso)).toEqual([198, 199.5, 102]);
    expect(sum(montos(r))).toBe(100_000);
    expect(montos(r)).toEqual([39_640, 39_940, 20_420]);
  });

  it("leaves the total unassigned when nobody has hours", () => {
    const r = splitByAttendance(5000, [{ nombre: "A", dias_trab: 0 }], "2026-03");
    expect(r.sinAsignar).toBe(5000);
    expect(montos(r)).toEqual([0]);
  });
});
