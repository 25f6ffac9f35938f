import { describe, expect, it } from "vitest";
import {
  isLowStock,
  isReservedHighlighted,
  LABEL_MOSTRAR_STOCK_CERO,
  MSG_STOCK_SIN_PRODUCTOS,
  MSG_STOCK_SIN_RESERVAS,
  reservaPendiente,
  stockDisponible,
  stockShortage,
  stockStatus,
} from "./stock";

describe("stock row (sections 4 and 9)", () => {
  it("is Bajo Stock when current stock is below the minimum, otherwise OK", () => {
    expect(isLowStock(5, 10)).toBe(true);
    expect(isLowStock(10, 10)).toBe(false);
    expect(isLowStock(12, 10)).toBe(false);
    expect(isLowStock("9.9999", "10.0000")).toBe(true);
    expect(isLowStock(0, null)).toBe(false); // no minimum
    expect(isLowStock(0, 1)).toBe(true);
    // The tag shows the server's bajo_stock.
    expect(stockStatus(true)).toBe("Bajo Stock");
    expect(stockStatus(false)).toBe("OK");
  });

  it("available = current − reserved, negative when short", () => {
    expect(stockDisponible(20, 5)).toBe(15);
    expect(stockDisponible(3, 10)).toBe(-7);
    expect(stockDisponible("0.3", "0.1")).toBe(0.2);
    expect(stockDisponible(8, null)).toBe(8);
  });

  it("highlights rows with reserved stock above 0", () => {
    expect(isReservedHighlighted(1)).toBe(true);
    expect(isReservedHighlighted("0.5000")).toBe(true);
    expect(isReservedHighlighted(0)).toBe(false);
    expect(isReservedHighlighted(null)).toBe(false);
  });

  it("a work's reservation is its pauta less what has left for it, never below 0", () => {
    expect(reservaPendiente(10, 4)).toBe(6);
    expect(reservaPendiente(10, 12)).toBe(0);
    expect(reservaPendiente("5.8", "2.9")).toBe(2.9);
    expect(reservaPendiente(3, null)).toBe(3);
  });

  it("has the screen's texts", () => {
    expect(LABEL_MOSTRAR_STOCK_CERO).toBe("Mostrar productos con stock 0");
    expect(MSG_STOCK_SIN_PRODUCTOS).toBe("No hay productos para mostrar.");
    expect(MSG_STOCK_SIN_RESERVAS).toBe("No hay reservas activas para este producto.");
  });
});

describe("shortages (Faltantes)", () => {
  it("available below 0: buy what the works need plus the minimum", () => {
    expect(stockShortage({ codigo: "20001", producto: "Refuerzo", stock_actual: 7, stock_reservado: 9, stock_minimo: 0 })).toEqual({
      disponible: -2,
      stock_minimo: 0,
      para_obras: 2,
      a_comprar: 2,
    });
    expect(stockShortage({ codigo: "30001", producto: "Termopanel", stock_actual: 0, stock_reservado: 6, stock_minimo: 2 })).toEqual({
      disponible: -6,
      stock_minimo: 2,
      para_obras: 6,
      a_comprar: 8,
    });
  });

  it("available below the minimum but not below 0: only the minimum to restore", () => {
    expect(stockShortage({ codigo: "10234", producto: "Marco", stock_actual: 12, stock_reservado: 8, stock_minimo: 5 })).toEqual({
      disponible: 4,
      stock_minimo: 5,
      para_obras: 0,
      a_comprar: 1,
    });
  });

  it("no shortage when available reaches the minimum", () => {
    expect(stockShortage({ codigo: "1", producto: "p", stock_actual: 12, stock_reservado: 7, stock_minimo: 5 })).toBeNull();
    expect(stockShortage({ codigo: "1", producto: "p", stock_actual: 0, stock_reservado: 0, stock_minimo: null })).toBeNull();
  });

});

describe("faltantesQuery (Crear OC from Faltantes)", () => {
  it("CODIGO:CANTIDAD pairs, decimals with a dot, nothing to buy left out", async () => {
    const { faltantesQuery } = await import("./stock");
    expect(faltantesQuery([{ codigo: "10001", a_comprar: 12 }, { codigo: "20002", a_comprar: 2.5 }, { codigo: "3", a_comprar: 0 }])).toBe("10001:12,20002:2.5");
    expect(faltantesQuery([{ codigo: "A B", a_comprar: 1 }])).toBe("A%20B:1");
  });
});
