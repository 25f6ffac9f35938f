import { describe, expect, it } from "vitest";
import { KARDEX_HEADERS, kardexFileName, kardexSheet } from "./kardex-excel";

describe("kardex Excel sheet", () => {
  it("one row per movement, oldest first, entries and exits apart, the balance after each", () => {
    const sheet = kardexSheet("10001", "Perfil marco", [
      { fecha: "2026-03-02T13:00:00.000Z", tipo: "INGRESO", cantidad: 20, documento: "OC 120 · Factura 5531", precio_unitario: 1000, usuario_nombre: "Ana" },
      { fecha: "2026-03-03T13:00:00.000Z", tipo: "SALIDA", cantidad: "-2.5", documento: "Salida 4", precio_unitario: 1000, usuario_nombre: "Pedro" },
      { fecha: "2026-03-04T13:00:00.000Z", tipo: "AJUSTE", cantidad: 0.1, documento: "Ajuste 7" },
    ]);
    expect(sheet[0][0]).toBe("Kardex 10001 — Perfil marco");
    expect(sheet[1]).toEqual([...KARDEX_HEADERS]);
    expect(sheet.slice(2).map((r) => [r[1], r[3], r[4], r[5]])).toEqual([
      ["Ingreso", 20, null, 20],
      ["Salida", null, 2.5, 17.5],
      ["Ajuste", 0.1, null, 17.6],
    ]);
    expect(sheet[2][2]).toBe("OC 120 · Factura 5531");
    expect(sheet[4][7]).toBeNull();
  });

  it("names the file after the code", () => {
    expect(kardexFileName("10001")).toBe("Kardex_10001.xlsx");
    expect(kardexFileName("A/B 3")).toBe("Kardex_A_B_3.xlsx");
  });
});
