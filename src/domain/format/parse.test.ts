import { describe, expect, it } from "vitest";
import { parseNumberInput, typedNumber, withTypedNumbers } from "./parse";

describe("parseNumberInput (section 5: empty or invalid becomes an empty value)", () => {
  it("parses plain numbers and a decimal comma", () => {
    expect(parseNumberInput("1200")).toBe(1200);
    expect(parseNumberInput("2,5")).toBe(2.5);
    expect(parseNumberInput("2.5")).toBe(2.5);
    expect(parseNumberInput(",5")).toBe(0.5);
    expect(parseNumberInput(" 7 ")).toBe(7);
    expect(parseNumberInput("-3")).toBe(-3);
    expect(parseNumberInput("+4")).toBe(4);
    expect(parseNumberInput("0")).toBe(0);
    expect(Object.is(parseNumberInput("-0"), 0)).toBe(true);
  });

  it("reads dots before three digits as es-CL thousands, any other dot as a decimal point", () => {
    expect(parseNumberInput("1.200")).toBe(1200);
    expect(parseNumberInput("12.500")).toBe(12500);
    expect(parseNumberInput("1.5")).toBe(1.5);
    expect(parseNumberInput("0.250")).toBe(0.25);
    expect(parseNumberInput("1.25")).toBe(1.25);
    expect(parseNumberInput("1.234.567")).toBe(1234567);
    expect(parseNumberInput("1.234,5")).toBe(1234.5);
    expect(parseNumberInput("1,234.5")).toBe(1234.5);
  });

  it("gives null for empty input", () => {
    expect(parseNumberInput("")).toBeNull();
    expect(parseNumberInput("   ")).toBeNull();
    expect(parseNumberInput(null)).toBeNull();
    expect(parseNumberInput(undefined)).toBeNull();
  });

  it("gives null for anything that is not wholly a number", () => {
    for (const bad of ["12abc", "abc", "1e5", "0x10", "Infinity", "NaN", "1 200", "5,", "5.", "1,2,3", "1.2.3,4,5", "--1", "$100", "2,5,"]) {
      expect(parseNumberInput(bad), bad).toBeNull();
    }
  });

  it("passes finite numbers through", () => {
    expect(parseNumberInput(12.5)).toBe(12.5);
    expect(parseNumberInput(Number.NaN)).toBeNull();
    expect(parseNumberInput(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe("23.12 numbers typed in text boxes, as the JSON numbers the API takes", () => {
  it("reads es-CL text, empty is null, unreadable text stays for the schema to refuse", () => {
    expect(typedNumber("1.200")).toBe(1200);
    expect(typedNumber("2,5")).toBe(2.5);
    expect(typedNumber("  ")).toBeNull();
    expect(typedNumber(undefined)).toBeNull();
    expect(typedNumber(7)).toBe(7);
    expect(typedNumber("12abc")).toBe("12abc");
    expect(withTypedNumbers({ nombre: "12", dias_credito: "30" }, ["dias_credito"])).toEqual({ nombre: "12", dias_credito: 30 });
  });
});
