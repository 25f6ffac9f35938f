import { describe, expect, it } from "vitest";
import { formatPatente, MSG_PATENTE_INVALIDA, MSG_PATENTE_OBLIGATORIA, normalizePatente, patenteField } from "./patente";

describe("patente (Chilean licence plate)", () => {
  it("takes the new format, four consonants without M, N, Ñ, Q and two digits", () => {
    expect(normalizePatente("BBBB12")).toBe("BBBB12");
    expect(normalizePatente("bb·bb·12")).toBe("BBBB12");
    expect(normalizePatente("KX-ZT 45")).toBe("KXZT45");
    expect(normalizePatente("BABB12")).toBeNull(); // a vowel
    expect(normalizePatente("BMBB12")).toBeNull(); // M
    expect(normalizePatente("BQBB12")).toBeNull(); // Q
    expect(normalizePatente("BÑBB12")).toBeNull();
    expect(normalizePatente("BBB123")).toBeNull();
  });
  it("takes the old format, two letters and a number from 1000 to 9999", () => {
    expect(normalizePatente("AA·1234")).toBe("AA1234");
    expect(normalizePatente("fh 4521")).toBe("FH4521");
    expect(normalizePatente("AA0123")).toBeNull(); // starts with 0
    expect(normalizePatente("QA1234")).toBeNull();
    expect(normalizePatente("A12345")).toBeNull();
  });
  it("prints both formats with middle dots", () => {
    expect(formatPatente("BBBB12")).toBe("BB·BB·12");
    expect(formatPatente("AA1234")).toBe("AA·1234");
  });
  it("is a body field with Spanish messages", () => {
    expect(patenteField().parse(" kx·zt·45 ")).toBe("KXZT45");
    expect(patenteField().safeParse("").error?.issues[0].message).toBe(MSG_PATENTE_OBLIGATORIA);
    expect(patenteField().safeParse("ABC").error?.issues[0].message).toBe(MSG_PATENTE_INVALIDA);
    expect(patenteField().safeParse(12).error?.issues[0].message).toBe(MSG_PATENTE_OBLIGATORIA);
  });
});
