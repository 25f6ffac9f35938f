import { describe, expect, it } from "vitest";
import { buildOrdersWorkbook, detailsSheet, excelColumnWidth, ordersForExport, ordersSheet, type ExportOrder } from "./excel";

const orders: ExportOrder[] = [
  {
    numero_oc: 1025,
    proveedor: "Vidrios Peñalolén",
    fecha: "2026-03-20",
    numero_presupuesto: "P-102",
    observacion: "Casa Las Condes",
    estado: "PENDIENTE",
    total_neto: 106800,
    detalles: [{ codigo: "VID-4", producto: "Vidrio incoloro 4 mm", cantidad: "12.000", cantidad_llegada: "0", precio_unitario: "8900.00", observacion_ingreso: null }],
  },
  {
    numero_oc: 1024,
    proveedor: "Aluminios del Sur",
    fecha: "2026-03-05",
    numero_presupuesto: "P-101",
    observacion: "Edificio Ñuñoa",
    estado: "COMPLETA",
    total_neto: 100000,
    detalles: [
      { codigo: "AL-25", producto: "Perfil marco 25", cantidad: 10, cantidad_llegada: 10, precio_unitario: 5000, observacion_ingreso: "Llegó completo" },
      { codigo: "AL-30", producto: "Perfil hoja 30", cantidad: 5, cantidad_llegada: 5, precio_unitario: 10000, observacion: "Urgente" },
    ],
  },
  { numero_oc: 990, proveedor: "Tornillos Ltda", fecha: "2026-02-28", estado: "PENDIENTE", total_neto: "50000", detalles: [] },
  // Stored as an instant: 2026-04-01T02:30Z is still 31 March in Santiago.
  { numero_oc: 1030, proveedor: "Herrajes SpA", fecha: "2026-04-01T02:30:00Z", estado: "COMPLETA", total_neto: "1000" },
];

describe("orders chosen for export (section 9)", () => {
  it("takes the month on the Santiago calendar and the state the server gives", () => {
    expect(ordersForExport(orders, "2026-03", null).map((o) => o.numero_oc)).toEqual([1025, 1024, 1030]);
    expect(ordersForExport(orders, "2026-03", "COMPLETA").map((o) => o.numero_oc)).toEqual([1024, 1030]);
    expect(ordersForExport(orders, "2026-03", "PENDIENTE").map((o) => o.numero_oc)).toEqual([1025]);
    expect(ordersForExport(orders, "2026-02", null).map((o) => o.numero_oc)).toEqual([990]);
  });
});

describe("sheet OC", () => {
  it("has order number, supplier, date, budget, observation, net, IVA 19%, total and state", () => {
    const s = ordersSheet([orders[1], orders[2]]);
    expect(s.name).toBe("OC");
    expect(s.columns.map((c) => c.header)).toEqual(["N° OC", "Proveedor", "Fecha", "N° Presupuesto", "Observación", "Neto", "IVA 19%", "Total", "Estado"]);
    expect(s.rows[0]).toEqual([1024, "Aluminios del Sur", "2026-03-05", "P-101", "Edificio Ñuñoa", 100000, 19000, 119000, "Completa"]);
    expect(s.rows[1]).toEqual([990, "Tornillos Ltda", "2026-02-28", null, null, 50000, 9500, 59500, "Pendiente"]);
  });
});

describe("sheet Detalles", () => {
  it("lists every item with total, arrived and pending quantity and the comment", () => {
    const s = detailsSheet(orders.slice(0, 2));
    expect(s.name).toBe("Detalles");
    expect(s.columns.map((c) => c.header)).toEqual(["N° OC", "Código", "Producto", "Cantidad total", "Cantidad llegada", "Cantidad pendiente", "Comentario"]);
    expect(s.rows).toEqual([
      [1025, "VID-4", "Vidrio incoloro 4 mm", 12, 0, 12, null],
      [1024, "AL-25", "Perfil marco 25", 10, 10, 0, "Llegó completo"],
      [1024, "AL-30", "Perfil hoja 30", 5, 5, 0, "Urgente"],
    ]);
  });
});

describe("column widths between 10 and 60 characters", () => {
  it("fits the longest text as shown, header included, plus 2", () => {
    expect(excelColumnWidth("Proveedor", ["Aluminios del Sur"], "text")).toBe(19);
    expect(excelColumnWidth("Neto", [1234567], "money")).toBe(12); // "$1.234.567"
    expect(excelColumnWidth("N° Presupuesto", [], "text")).toBe(16);
    expect(excelColumnWidth("Fecha", ["2026-03-05"], "date")).toBe(12); // "05-03-2026"
  });

  it("never goes below 10 or above 60", () => {
    expect(excelColumnWidth("N° OC", [7], "number")).toBe(10);
    expect(excelColumnWidth("Comentario", ["x".repeat(500)], "text")).toBe(60);
    const s = ordersSheet(orders);
    for (const c of s.columns) {
      expect(c.width).toBeGreaterThanOrEqual(10);
      expect(c.width).toBeLessThanOrEqual(60);
    }
  });
});

describe("the workbook", () => {
  it("sorts by order number and names the file", () => {
    const wb = buildOrdersWorkbook(orders, "2026-03", null);
    expect(wb.ok).toBe(true);
    if (!wb.ok) return;
    expect(wb.fileName).toBe("OC_2026-03_Todas.xlsx");
    expect(wb.sheets.map((s) => s.name)).toEqual(["OC", "Detalles"]);
    expect(wb.sheets[0].rows.map((r) => r[0])).toEqual([1024, 1025, 1030]);
    expect(wb.sheets[1].rows).toHaveLength(3);
  });

  it("alerts when no order matches the month and state (section 5)", () => {
    expect(buildOrdersWorkbook(orders, "2026-01", null)).toEqual({ ok: false, message: "No hay órdenes en el mes/estado seleccionados." });
    expect(buildOrdersWorkbook(orders, "2026-02", "COMPLETA")).toEqual({ ok: false, message: "No hay órdenes en el mes/estado seleccionados." });
    expect(buildOrdersWorkbook(orders, "marzo", null)).toEqual({ ok: false, message: "Mes inválido: use AAAA-MM." });
  });
});
