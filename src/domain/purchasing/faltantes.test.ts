import { describe, expect, it } from "vitest";
import { parseFaltantes } from "./faltantes";

describe("faltantes parameter", () => {
  it("reads code:quantity pairs, codes with colons included, and skips bad pairs", () => {
    expect(parseFaltantes("PER-001:6,VID-003:2.5")).toEqual([
      { codigo: "PER-001", cantidad: 6 },
      { codigo: "VID-003", cantidad: 2.5 },
    ]);
    expect(parseFaltantes("A:B:3")).toEqual([{ codigo: "A:B", cantidad: 3 }]);
    expect(parseFaltantes("X:0,:4,Y:abc,Z")).toEqual([]);
    expect(parseFaltantes(null)).toEqual([]);
  });

});
