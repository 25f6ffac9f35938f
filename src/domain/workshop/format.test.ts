import { describe, expect, it } from "vitest";
import { formatM2, formatPercent } from "./format";
import { termopanelM2 } from "./production";

describe("formatM2", () => {
  it("prints 2 decimals: 1200 × 1500 mm × 2 = 3,60", () => {
    expect(formatM2(termopanelM2({ ancho_mm: 1200, alto_mm: 1500, cantidad: 2 }))).toBe("3,60");
    expect(formatM2(1234.5)).toBe("1.234,50");
    expect(formatM2(0.005)).toBe("0,01");
    expect(formatM2(0)).toBe("0,00");
    expect(formatM2(null)).toBe("");
  });
  it("percent", () => {
    expect(formatPercent((180 / 261) * 100)).toBe("68,97 %");
  });
});
