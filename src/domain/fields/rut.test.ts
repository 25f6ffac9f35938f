import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodFieldErrors } from "./fields";
import { isValidRut, MSG_RUT_CARACTERES, MSG_RUT_INVALIDO, MSG_RUT_LARGO, MSG_RUT_PREFIJO, MSG_RUT_RAYA, normalizeRut, rutCheckDigit, rutField, rutProblem } from "./rut";

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
    for (const [typed, message] of [["76086428-4", MSG_RUT_INVALIDO], ["no es un rut", MSG_RUT_CARACTERES], ["123-4", MSG_RUT_LARGO]]) {
      expect(zodFieldErrors(optional.safeParse({ rut: typed }).error!), typed).toEqual({ rut: [message] });
      expect(required.safeParse({ rut: typed }).success, typed).toBe(false);
    }
    expect(MSG_RUT_INVALIDO).toBe("RUT inválido: revise el dígito verificador");
  });
});

describe("32.4.a a RUT refusal says what is wrong (rutProblem)", () => {
  it("names letters and other characters, a prefix, an en dash, the body's length and the check digit, one message each", () => {
    const cases: [string, string][] = [
      ["12.345.67A-5", MSG_RUT_CARACTERES],
      ["abc", MSG_RUT_CARACTERES],
      ["12,345,678-5", MSG_RUT_CARACTERES],
      ["12-345-678-5", MSG_RUT_CARACTERES],
      ["RUT 12.345.678-5", MSG_RUT_PREFIJO],
      ["Rut: 76.086.428-5", MSG_RUT_PREFIJO],
      ["12.345.678–5", MSG_RUT_RAYA],
      ["12.345.678—5", MSG_RUT_RAYA],
      ["123.456-0", MSG_RUT_LARGO], // 0 is 123456's check digit: the length is what is wrong
      ["123.456.789-2", MSG_RUT_LARGO], // 2 is 123456789's
      ["1-9", MSG_RUT_LARGO],
      ["12.345.678-9", MSG_RUT_INVALIDO],
      ["60.803.000-0", MSG_RUT_INVALIDO],
    ];
    for (const [typed, message] of cases) expect(rutProblem(typed), typed).toBe(message);
    for (const ok of ["12.345.678-5", "60803000-k", " 76 086 428-5 "]) expect(rutProblem(ok), ok).toBeNull();
  });
  it("every message is different and says RUT inválido", () => {
    const all = [MSG_RUT_CARACTERES, MSG_RUT_PREFIJO, MSG_RUT_RAYA, MSG_RUT_LARGO, MSG_RUT_INVALIDO];
    expect(new Set(all).size).toBe(all.length);
    for (const m of all) expect(m).toMatch(/^RUT inválido: /);
  });
});
