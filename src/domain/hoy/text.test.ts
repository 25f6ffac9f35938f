import { describe, expect, it } from "vitest";
import { digestText } from "./text";

describe("digestText", () => {
  it("writes each card with its count, figures, items and link, in Spanish", () => {
    const text = digestText(
      {
        fecha: "2026-11-25",
        rol: "Contabilidad",
        tarjetas: [
          {
            clave: "facturas-por-pagar",
            titulo: "Facturas de proveedores por pagar",
            cantidad: 2,
            unidad: "facturas",
            cifras: [{ etiqueta: "Vencidas", valor: 1234567, formato: "pesos" }],
            items: [{ texto: "Vidrios Lirquén · Factura N° 55", detalle: "Venció el 01-11-2026", monto: 119000, enlace: null }],
            enlace: "/FacturasEstadoPage?filtro=por-pagar",
            enlace_texto: "Ver facturas",
            vacio: "No hay facturas.",
          },
          { clave: "saldos-clientes", titulo: "Saldos", cantidad: 0, unidad: "obras", cifras: [], items: [], enlace: "/PagosClientesPage", enlace_texto: "x", vacio: "Sin saldos." },
        ],
      },
      "https://erp.example.cl",
    );
    expect(text).toBe(
      [
        "Ventanal · Resumen del 25-11-2026 · Contabilidad",
        "",
        "Facturas de proveedores por pagar: 2 facturas",
        "  Vencidas: $1.234.567",
        "  - Vidrios Lirquén · Factura N° 55 · Venció el 01-11-2026 · $119.000",
        "  Ver: https://erp.example.cl/FacturasEstadoPage?filtro=por-pagar",
        "",
        "Saldos: 0 obras",
        "  Sin saldos.",
        "  Ver: https://erp.example.cl/PagosClientesPage",
        "",
      ].join("\n"),
    );
  });

  it("a role without cards says so", () => {
    expect(digestText({ fecha: "2026-11-25", rol: "Informático", tarjetas: [] })).toContain("Este rol no tiene tarjetas");
  });
});
