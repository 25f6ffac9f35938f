import { describe, expect, it } from "vitest";
import { matchInvoiceToOrders, normalizeItemName, type OpenOrderLine } from "./dte-match";

const oc = (numero_oc: number, id: number, codigo: string, producto: string, cantidad: number, llegada: number, precio: number): OpenOrderLine => ({
  numero_oc,
  id,
  codigo,
  producto,
  cantidad,
  cantidad_llegada: llegada,
  precio_unitario: precio,
});

const openLines = [
  oc(1031, 11, "AL-25", "Perfil marco 25 mm", 10, 0, 5000),
  oc(1030, 1, "AL-25", "Perfil marco 25 mm", 10, 6, 5000), // 4 pending, older order
  oc(1030, 2, "VID-4", "Vidrio incoloro 4 mm", 12, 0, 8900),
  oc(1030, 3, "GOM-1", "Burlete de goma EPDM", 100, 100, 500), // already arrived
  oc(1031, 12, "HER-9", "Manilla cremona blanca", 20, 0, 3500),
];

describe("normalized product names", () => {
  it("ignores accents, case, punctuation and spacing", () => {
    expect(normalizeItemName("  Perfil MARCO 25-mm ")).toBe("perfil marco 25 mm");
    expect(normalizeItemName("Vidrio Incoloro, 4 mm (Lirquén)")).toBe("vidrio incoloro 4 mm lirquen");
    expect(normalizeItemName(null)).toBe("");
  });
});

describe("matching an invoice to open purchase-order lines", () => {
  it("finds lines by code, oldest order first, across orders", () => {
    const m = matchInvoiceToOrders([{ codigos: ["al-25"], nombre: "Perfil 25", cantidad: 14, precio_unitario: 5000 }], openLines);
    expect(m.lineas[0].por).toBe("codigo");
    expect(m.lineas[0].asignaciones.map((a) => [a.numero_oc, a.item_id, a.cantidad, a.pendiente])).toEqual([
      [1030, 1, 4, 4],
      [1031, 11, 10, 10],
    ]);
    expect(m.lineas[0].diferencias).toEqual([]);
    expect(m.ordenes).toEqual([1030, 1031]);
    expect(m.cuadra).toBe(true); // lines still pending elsewhere are listed, not a difference
    expect(m.pendientes_sin_facturar.map((p) => [p.numero_oc, p.codigo, p.pendiente])).toEqual([
      [1030, "VID-4", 12],
      [1031, "HER-9", 20],
    ]);
  });

  it("serves the orders the invoice cites first", () => {
    const m = matchInvoiceToOrders([{ codigo: "AL-25", nombre: "Perfil", cantidad: 10, precio_unitario: 5000 }], openLines, ["1031"]);
    expect(m.lineas[0].asignaciones.map((a) => [a.numero_oc, a.cantidad])).toEqual([[1031, 10]]);
    expect(m.lineas[0].diferencias).toEqual([]);
  });

  it("falls back to the normalized name when no code matches", () => {
    const m = matchInvoiceToOrders([{ codigos: ["7801234567890"], nombre: "VIDRIO INCOLORO 4MM.", cantidad: 12, precio_unitario: 8900 }], openLines);
    expect(m.lineas[0].por).toBeNull(); // "4mm" ≠ "4 mm": names must agree word by word
    const ok = matchInvoiceToOrders([{ nombre: "Vidrio  incoloro 4 mm.", cantidad: 12, precio_unitario: 8900 }], openLines);
    expect(ok.lineas[0].por).toBe("nombre");
    expect(ok.lineas[0].asignaciones.map((a) => a.item_id)).toEqual([2]);
    expect(ok.cuadra).toBe(true);
  });

  it("lists quantity differences: more than pending, partial delivery", () => {
    const more = matchInvoiceToOrders([{ codigo: "VID-4", nombre: "Vidrio", cantidad: 15, precio_unitario: 8900 }], openLines);
    expect(more.lineas[0].diferencias).toEqual([
      { tipo: "cantidad_mayor", facturado: 15, pendiente: 12, mensaje: "Se facturan 15 de «Vidrio» y solo quedan 12 pendientes en las OC." },
    ]);
    expect(more.lineas[0].asignaciones.map((a) => a.cantidad)).toEqual([12]);
    const partial = matchInvoiceToOrders([{ codigo: "VID-4", nombre: "Vidrio", cantidad: 7.5, precio_unitario: 8900 }], openLines);
    expect(partial.lineas[0].diferencias).toEqual([
      { tipo: "cantidad_menor", facturado: 7.5, pendiente: 12, mensaje: "Entrega parcial de «Vidrio»: se facturan 7,5 de 12 pendientes." },
    ]);
  });

  it("lists a price that differs by more than half a peso, per order", () => {
    const m = matchInvoiceToOrders([{ codigo: "AL-25", nombre: "Perfil", cantidad: 14, precio_unitario: 5200 }], openLines);
    expect(m.lineas[0].diferencias).toEqual([
      { tipo: "precio_distinto", numero_oc: 1030, precio_factura: 5200, precio_oc: 5000, mensaje: "Precio de «Perfil»: la factura dice $5.200 y la OC 1030, $5.000." },
      { tipo: "precio_distinto", numero_oc: 1031, precio_factura: 5200, precio_oc: 5000, mensaje: "Precio de «Perfil»: la factura dice $5.200 y la OC 1031, $5.000." },
    ]);
    const close = matchInvoiceToOrders([{ codigo: "HER-9", nombre: "Manilla", cantidad: 20, precio_unitario: 3500.4 }], openLines);
    expect(close.lineas[0].diferencias).toEqual([]);
  });

  it("flags lines with no open order and lines already received", () => {
    const m = matchInvoiceToOrders(
      [
        { codigo: "XX-1", nombre: "Silicona neutra", cantidad: 5, precio_unitario: 3000 },
        { codigo: "GOM-1", nombre: "Burlete", cantidad: 10, precio_unitario: 500 },
      ],
      openLines,
    );
    expect(m.lineas.map((l) => l.diferencias)).toEqual([
      [{ tipo: "sin_orden", mensaje: "«Silicona neutra» no está en ninguna OC abierta de este proveedor." }],
      [{ tipo: "sin_pendiente", mensaje: "«Burlete» no tiene cantidad pendiente en la OC 1030." }],
    ]);
    expect(m.ordenes).toEqual([]);
    expect(m.cuadra).toBe(false);
  });

  it("uses each pending quantity once across the invoice's lines", () => {
    const m = matchInvoiceToOrders(
      [
        { codigo: "HER-9", nombre: "Manilla", cantidad: 15, precio_unitario: 3500 },
        { codigo: "HER-9", nombre: "Manilla", cantidad: 10, precio_unitario: 3500 },
      ],
      openLines,
    );
    expect(m.lineas[0].diferencias.map((d) => d.mensaje)).toEqual(["Entrega parcial de «Manilla»: se facturan 15 de 20 pendientes."]);
    expect(m.lineas[1].diferencias.map((d) => d.mensaje)).toEqual(["Se facturan 10 de «Manilla» y solo quedan 5 pendientes en las OC."]);
    expect(m.lineas[1].asignaciones.map((a) => a.cantidad)).toEqual([5]);
  });

  it("places a line without quantity and compares only its price", () => {
    const m = matchInvoiceToOrders([{ codigo: "HER-9", nombre: "Manilla", cantidad: null, precio_unitario: 3500 }], openLines);
    expect(m.lineas[0].asignaciones.map((a) => [a.item_id, a.cantidad])).toEqual([[12, 0]]);
    expect(m.lineas[0].diferencias).toEqual([]);
  });

  it("reads database numeric text on the order lines", () => {
    const m = matchInvoiceToOrders(
      [{ codigo: "AL-25", nombre: "Perfil", cantidad: 2.5, precio_unitario: 5000 }],
      [{ numero_oc: "1040", id: "7", codigo: "AL-25", producto: "Perfil", cantidad: "2.500", cantidad_llegada: "0.000", precio_unitario: "5000.00" }],
    );
    expect(m.cuadra).toBe(true);
    expect(m.ordenes).toEqual(["1040"]);
  });
});
