import { describe, expect, it } from "vitest";
import { orderExcelFileName, orderPdfFileName } from "./files";

describe("purchasing file names (section 9)", () => {
  it("names the PDF OC_{number}_{supplier}.pdf, safe for any file system", () => {
    expect(orderPdfFileName(1024, "Aluminios del Sur")).toBe("OC_1024_Aluminios_del_Sur.pdf");
    expect(orderPdfFileName(1024, "Vidrios Peñalolén S.A.")).toBe("OC_1024_Vidrios_Penalolen_S.A.pdf");
    expect(orderPdfFileName(7, "Ferretería A/B: \"Ñuñoa\"")).toBe("OC_7_Ferreteria_A_B_Nunoa.pdf");
    expect(orderPdfFileName(7, "")).toBe("OC_7_proveedor.pdf");
    expect(orderPdfFileName(null, "X")).toBe("OC_sin_numero_X.pdf");
  });

  it("names the Excel file OC_{month}_{status}.xlsx", () => {
    expect(orderExcelFileName("2026-03", "PENDIENTE")).toBe("OC_2026-03_Pendiente.xlsx");
    expect(orderExcelFileName("2026-03", "COMPLETA")).toBe("OC_2026-03_Completa.xlsx");
    expect(orderExcelFileName("2026-03", null)).toBe("OC_2026-03_Todas.xlsx");
  });
});
