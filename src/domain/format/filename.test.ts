import { describe, expect, it } from "vitest";
import { fileNamePart, quotePdfFileName } from "./filename";

describe("quotePdfFileName", () => {
  it("joins number and client", () => {
    expect(quotePdfFileName("1024", "Constructora Andes")).toBe("Presupuesto_1024_Constructora_Andes.pdf");
  });

  it("removes accents and characters a file system refuses", () => {
    expect(quotePdfFileName("P/2025:07", 'Peñalolén & Cía. "Ltda"')).toBe("Presupuesto_P_2025_07_Penalolen_Cia._Ltda.pdf");
    expect(quotePdfFileName("12", "  ../../etc/passwd  ")).toBe("Presupuesto_12_etc_passwd.pdf");
  });

  it("falls back when a part is empty", () => {
    expect(quotePdfFileName("", "")).toBe("Presupuesto_sin_numero_cliente.pdf");
    expect(quotePdfFileName(null, "???")).toBe("Presupuesto_sin_numero_cliente.pdf");
  });

  it("limits the length", () => {
    expect(fileNamePart("a".repeat(200)).length).toBe(60);
    expect(fileNamePart(`${"b".repeat(59)} c`)).toBe("b".repeat(59));
  });
});
