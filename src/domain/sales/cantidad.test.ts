import { describe, expect, it } from "vitest";
import { lineTotal } from "../money/vat";
import { CANTIDAD_VACIA, cantidadEfectiva } from "./cantidad";
import { computeItemUtv } from "./utv";

describe("cantidad vacía (especificación 9)", () => {
  it("an empty quantity counts as 1; an explicit 0 stays 0", () => {
    expect(CANTIDAD_VACIA).toBe(1);
    expect(cantidadEfectiva(null)).toBe(1);
    expect(cantidadEfectiva(undefined)).toBe(1);
    expect(cantidadEfectiva(0)).toBe(0);
    expect(cantidadEfectiva(2.5)).toBe(2.5);
  });

  it("the UTV and the line total read it the same way", () => {
    // Proyectante: 1 UTV; 120.000 pesos a unit.
    expect(computeItemUtv({ tipo_ventana: "Proyectante", cantidad: null }).utv).toBe(1);
    expect(computeItemUtv({ tipo_ventana: "Proyectante", cantidad: 0 }).utv).toBe(0);
    expect(lineTotal(null, 120000)).toBe(120000);
    expect(lineTotal(0, 120000)).toBe(0);
    expect(lineTotal(3, 120000)).toBe(360000);
  });
});
