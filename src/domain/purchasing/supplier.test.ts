import { describe, expect, it } from "vitest";
import { parseDiasCredito, supplierNameError } from "./supplier";

describe("supplier (section 5)", () => {
  it("requires the name", () => {
    expect(supplierNameError("Aluminios del Sur")).toBeNull();
    for (const v of ["", "   ", null, undefined]) expect(supplierNameError(v)).toBe("El nombre del proveedor es obligatorio.");
  });

  it("reads credit days as a whole number from 0 to 365; empty is 0 (contado)", () => {
    expect(parseDiasCredito("30")).toEqual({ ok: true, value: 30 });
    expect(parseDiasCredito(" 60 ")).toEqual({ ok: true, value: 60 });
    expect(parseDiasCredito(0)).toEqual({ ok: true, value: 0 });
    expect(parseDiasCredito("")).toEqual({ ok: true, value: 0 });
    expect(parseDiasCredito(null)).toEqual({ ok: true, value: 0 });
    expect(parseDiasCredito(365)).toEqual({ ok: true, value: 365 });
    const bad = { ok: false, message: "Los días de crédito deben ser un número entero entre 0 y 365." };
    for (const v of ["treinta", "30,5", "-1", -1, 2.5, 366, "1e2", Number.NaN]) expect(parseDiasCredito(v), String(v)).toEqual(bad);
  });
});
