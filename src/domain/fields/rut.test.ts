import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodFieldErrors } from "./fields";
import { isValidRut, MSG_RUT_INVALIDO, normalizeRut, rutCheckDigit, rutField } from "./rut";

describe("RUT check digit (módulo 11)", () => {
  it("computes known check digits", () => {
    expect(rutCheckDigit(12345678)).toBe("5");
    expect(rutCheckDigit("11111111")).toBe("1");
    expect(rutCheckDigit(76086428)).toBe("5");
    expect(rutCheckDigit(60803000)).toBe("K"); // Servicio de Impuestos Internos
    expect(rutCheckDigit(1000013)).toBe("0");
    expect(rutCheckDigit(7654321)).toBe("6");
    expect(() => rutCheckDigit("12a")).toThrow(RangeError);
  });
});

describe("normalizeRut", () => {
  it("accepts valid RUTs in any usual writing and returns 12.345.678-5 form", () => {
    expect(normalizeRut("12.345.678-5")).toBe("12.345.678-5");
    expect(normalizeRut("12345678-5")).toBe("12.345.678-5");
    expect(normalizeRut("123456785")).toBe("12.345.678-5");
    expect(normalizeRut(" 12 345 678 - 5 ")).toBe("12.345.678-5");
    expect(normalizeRut("11.111.111-1")).toBe("11.111.111-1");
    expect(normalizeRut("76.086.428-5")).toBe("76.086.428-5");
    expect(normalizeRut("7654321-6")).toBe("7.654.321-6");
    expect(normalizeRut("1.000.013-0")).toBe("1.000.013-0");
    expect(normalizeRut("012.345.678-5")).toBe("12.345.678-5");
  });

  it("accepts K and k", () => {
    expect(normalizeRut("60.803.000-K")).toBe("60.803.000-K");
    expect(normalizeRut("60803000-k")).toBe("60.803.000-K");
    expect(normalizeRut("10.000.013-k")).toBe("10.000.013-K");
  });

  it("rejects a wrong check digit", () => {
    expect(normalizeRut("12.345.678-9")).toBeNull();
    expect(normalizeRut("12.345.678-K")).toBeNull();
    expect(normalizeRut("60.803.000-0")).toBeNull();
    expect(isValidRut("76.086.428-4")).toBe(false);
  });

  it("rejects garbage, too short and too long", () => {
    for (const bad of ["", "   ", "abc", "12.345.678", "12.345.678-", "-5", "12.3a5.678-5", "K", "1-9", "123.456-0", "123.456.789-2", "12,345,678-5"]) {
      expect(normalizeRut(bad), bad).toBeNull();
    }
    expect(normalizeRut(null)).toBeNull();
    expect(normalizeRut(undefined)).toBeNull();
  });

  it("isValidRut agrees", () => {
    expect(isValidRut("12.345.678-5")).toBe(true);
    expect(isValidRut("12.345.678-6")).toBe(false);
  });
});

describe("rutField (clients, suppliers, invoices, the company)", () => {
  const optional = z.object({ rut: rutField() });
  const required = z.object({ rut: rutField({ required: "El RUT es obligatorio" }) });
  it("stores the normal form of a RUT typed any way", () => {
    for (const typed of ["76086428-5", "760864285", " 76.086.428-5 "]) expect(optional.parse({ rut: typed })).toEqual({ rut: "76.086.428-5" });
    expect(required.parse({ rut: "60803000-k" })).toEqual({ rut: "60.803.000-K" });
  });
  it("empty is null when optional, and the given message when required", () => {
    for (const rut of ["", "  ", null, undefined]) expect(optional.parse({ rut })).toEqual({ rut: null });
    expect(zodFieldErrors(required.safeParse({ rut: "" }).error!)).toEqual({ rut: ["El RUT es obligatorio"] });
  });
  it("a RUT whose check digit does not match is refused, never stored as typed", () => {
    for (const typed of ["76086428-4", "no es un rut", "123-4"]) {
      expect(zodFieldErrors(optional.safeParse({ rut: typed }).error!), typed).toEqual({ rut: [MSG_RUT_INVALIDO] });
      expect(required.safeParse({ rut: typed }).success, typed).toBe(false);
    }
    expect(MSG_RUT_INVALIDO).toBe("RUT inválido: revise el dígito verificador");
  });
});
