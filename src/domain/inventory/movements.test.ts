import { describe, expect, it } from "vitest";
import {
  isMovementKind,
  kardex,
  MOVEMENT_KIND_LABELS,
  MOVEMENT_KINDS,
  movementSignError,
  MSG_MOVIMIENTO_AJUSTE_CERO,
  MSG_MOVIMIENTO_INGRESO_POSITIVO,
  MSG_MOVIMIENTO_SALIDA_NEGATIVA,
} from "./movements";

describe("movement kinds (design page)", () => {
  it("are INGRESO, SALIDA and AJUSTE with Spanish labels", () => {
    expect(MOVEMENT_KINDS).toEqual(["INGRESO", "SALIDA", "AJUSTE"]);
    expect(MOVEMENT_KIND_LABELS).toEqual({ INGRESO: "Ingreso", SALIDA: "Salida", AJUSTE: "Ajuste" });
    expect(isMovementKind("SALIDA")).toBe(true);
    expect(isMovementKind("salida")).toBe(false);
  });

  it("checks the sign of each kind", () => {
    expect(movementSignError("INGRESO", 10)).toBeNull();
    expect(movementSignError("INGRESO", 0)).toBe(MSG_MOVIMIENTO_INGRESO_POSITIVO);
    expect(movementSignError("INGRESO", -1)).toBe(MSG_MOVIMIENTO_INGRESO_POSITIVO);
    expect(movementSignError("SALIDA", "-2.5")).toBeNull();
    expect(movementSignError("SALIDA", 2)).toBe(MSG_MOVIMIENTO_SALIDA_NEGATIVA);
    expect(movementSignError("AJUSTE", -3)).toBeNull();
    expect(movementSignError("AJUSTE", 5)).toBeNull();
    expect(movementSignError("AJUSTE", 0)).toBe(MSG_MOVIMIENTO_AJUSTE_CERO);
    expect(movementSignError("AJUSTE", 0.00001)).toBe(MSG_MOVIMIENTO_AJUSTE_CERO); // below 4 decimals
  });
});

describe("kardex: running balance", () => {
  const movements = [
    { fecha: "2026-03-02T10:00:00-03:00", tipo: "INGRESO" as const, cantidad: 20, documento: "OC 101" },
    { fecha: "2026-03-03T09:30:00-03:00", tipo: "SALIDA" as const, cantidad: "-7.5000", documento: "Salida 12" },
    { fecha: "2026-03-04T17:00:00-03:00", tipo: "AJUSTE" as const, cantidad: 5, documento: "Ajuste 3" },
    { fecha: "2026-03-05T08:00:00-03:00", tipo: "SALIDA" as const, cantidad: -17.5, documento: "Salida 13" },
  ];

  it("gives the balance each movement leaves, with in and out columns", () => {
    expect(kardex(movements).map(({ tipo, cantidad, entrada, salida, saldo, documento }) => ({ tipo, cantidad, entrada, salida, saldo, documento }))).toEqual([
      { tipo: "INGRESO", cantidad: 20, entrada: 20, salida: 0, saldo: 20, documento: "OC 101" },
      { tipo: "SALIDA", cantidad: -7.5, entrada: 0, salida: 7.5, saldo: 12.5, documento: "Salida 12" },
      { tipo: "AJUSTE", cantidad: 5, entrada: 5, salida: 0, saldo: 17.5, documento: "Ajuste 3" },
      { tipo: "SALIDA", cantidad: -17.5, entrada: 0, salida: 17.5, saldo: 0, documento: "Salida 13" },
    ]);
  });

  it("starts from an opening balance and keeps decimals exact", () => {
    const rows = kardex(
      Array.from({ length: 10 }, (_, i) => ({ fecha: `2026-03-${String(i + 1).padStart(2, "0")}`, tipo: "INGRESO" as const, cantidad: 0.1 })),
      "2.0000",
    );
    expect(rows.map((r) => r.saldo)).toEqual([2.1, 2.2, 2.3, 2.4, 2.5, 2.6, 2.7, 2.8, 2.9, 3]);
    expect(kardex([])).toEqual([]);
  });

});
