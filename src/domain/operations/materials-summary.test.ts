import { describe, expect, it } from "vitest";
import { materialSummaryNet, materialSummaryRow, utilityPercent } from "./materials-summary";

describe("works and materials summary rows (server-behaviour Operations)", () => {
  it("computes pendiente = max(0, reservado − llegado) and total_neto = llegado × precio", () => {
    expect(materialSummaryRow({ codigo: "AL-25", producto: "Perfil marco 25", unidad: "UN", stock_reservado: 10, stock_llegado: 4, precio: 5000 })).toEqual({
      codigo: "AL-25",
      producto: "Perfil marco 25",
      unidad: "UN",
      stock_reservado: 10,
      stock_llegado: 4,
      pendiente: 6,
      precio: 5000,
      total_neto: 20000,
    });
    const over = materialSummaryRow({ codigo: "X", stock_reservado: "2.5", stock_llegado: "3.000", precio: "1999.50" });
    expect(over.pendiente).toBe(0);
    expect(over.total_neto).toBe(5999); // 5998.5
    expect(materialSummaryRow({ codigo: "Y", stock_reservado: 0.3, stock_llegado: 0.1, precio: null })).toMatchObject({ pendiente: 0.2, total_neto: 0 });
  });

  it("adds the rows' nets", () => {
    expect(materialSummaryNet([{ total_neto: 20000 }, { total_neto: 5999 }])).toBe(25999);
    expect(materialSummaryNet([])).toBe(0);
  });
});

describe("budget utility % (section 9)", () => {
  it("is (budgeted − actual) / budgeted × 100 with one decimal", () => {
    expect(utilityPercent(1_000_000, 850_000)).toBe(15);
    expect(utilityPercent(1_000_000, 876_543)).toBe(12.3); // 12.3457
    expect(utilityPercent(3_000_000, 2_000_000)).toBe(33.3);
    expect(utilityPercent(3_000_000, 1_000_000)).toBe(66.7);
    expect(utilityPercent(1_000_000, 999_500)).toBe(0.1); // 0.05 rounds half up
    expect(utilityPercent("1000000", "0")).toBe(100);
  });

  it("goes negative when the work cost more than budgeted", () => {
    expect(utilityPercent(1_000_000, 1_250_000)).toBe(-25);
    expect(utilityPercent(1_000_000, 1_000_500)).toBe(-0.1);
  });

  it("is 0 when there is no budget", () => {
    expect(utilityPercent(0, 500_000)).toBe(0);
    expect(utilityPercent(null, 500_000)).toBe(0);
    expect(utilityPercent("", 500_000)).toBe(0);
    expect(utilityPercent(-5, 1)).toBe(0);
    expect(Object.is(utilityPercent(1_000_000, 1_000_000), 0)).toBe(true);
  });
});
