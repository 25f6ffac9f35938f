import { describe, expect, it } from "vitest";
import {
  compareStockRows,
  isLowStock,
  isReservedHighlighted,
  LABEL_MOSTRAR_STOCK_CERO,
  matchesStockFilter,
  MSG_STOCK_SIN_PRODUCTOS,
  MSG_STOCK_SIN_RESERVAS,
  reservaPendiente,
  shortageListing,
  stockDisponible,
  stockListing,
  stockShortage,
  stockStatus,
} from "./stock";

describe("stock row (sections 4 and 9)", () => {
  it("is Bajo Stock when current stock is below the minimum, otherwise OK", () => {
    expect(stockStatus(5, 10)).toBe("Bajo Stock");
    expect(stockStatus(10, 10)).toBe("OK");
    expect(stockStatus(12, 10)).toBe("OK");
    expect(stockStatus("9.9999", "10.0000")).toBe("Bajo Stock");
    expect(stockStatus(0, null)).toBe("OK"); // no minimum
    expect(isLowStock(0, 1)).toBe(true);
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

describe("stockListing (section 9)", () => {
  const rows = [
    { codigo: "10234", producto: "Marco corredera", stock_actual: 12, stock_reservado: 4, stock_minimo: 5 },
    { codigo: "30001", producto: "Termopanel 4-12-4", stock_actual: "0.0000", stock_reservado: "6.0000", stock_minimo: "2" },
    { codigo: "9999", producto: "Tapa DESAGÜE", stock_actual: 3, stock_reservado: 0, stock_minimo: 10 },
    { codigo: "10000", producto: "Tornillo 8x1/2", stock_actual: 500, stock_reservado: 0, stock_minimo: 100 },
    { codigo: "70001", producto: "Felpa", stock_actual: 0, stock_reservado: 0, stock_minimo: 0 },
    { codigo: "20001", producto: "Refuerzo acero", stock_actual: 7, stock_reservado: 9, stock_minimo: 0 },
  ];
  const codes = (r: typeof rows) => r.map((x) => x.codigo);

  it("hides current stock 0 and sorts by reserved stock descending (then code)", () => {
    expect(codes(stockListing(rows))).toEqual(["20001", "10234", "9999", "10000"]);
  });

  it("shows stock 0 when the checkbox is on", () => {
    expect(codes(stockListing(rows, { mostrarStockCero: true }))).toEqual(["20001", "30001", "10234", "9999", "10000", "70001"]);
  });

  it("filters by code or product, ignoring case", () => {
    expect(codes(stockListing(rows, { filtro: "desagüe" }))).toEqual(["9999"]);
    expect(codes(stockListing(rows, { filtro: "  MARCO " }))).toEqual(["10234"]);
    expect(codes(stockListing(rows, { filtro: "1000" }))).toEqual(["10000"]);
    expect(codes(stockListing(rows, { filtro: "termopanel" }))).toEqual([]);
    expect(codes(stockListing(rows, { filtro: "termopanel", mostrarStockCero: true }))).toEqual(["30001"]);
    expect(matchesStockFilter(rows[0], "")).toBe(true);
    expect(matchesStockFilter(rows[0], "CORREDERA")).toBe(true);
    expect(matchesStockFilter(rows[0], "vidrio")).toBe(false);
  });

  it("can show only Bajo Stock rows", () => {
    expect(codes(stockListing(rows, { soloBajoStock: true }))).toEqual(["9999"]);
    expect(codes(stockListing(rows, { soloBajoStock: true, mostrarStockCero: true }))).toEqual(["30001", "9999"]);
  });

  it("does not change the rows it was given", () => {
    const copy = structuredClone(rows);
    stockListing(rows, { mostrarStockCero: true });
    expect(rows).toEqual(copy);
    expect(compareStockRows(rows[0], rows[0])).toBe(0);
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

  it("lists short products, works' needs first", () => {
    const list = shortageListing([
      { codigo: "A", producto: "a", stock_actual: 12, stock_reservado: 8, stock_minimo: 5 },
      { codigo: "B", producto: "b", stock_actual: 100, stock_reservado: 0, stock_minimo: 10 },
      { codigo: "C", producto: "c", stock_actual: 0, stock_reservado: 6, stock_minimo: 2 },
      { codigo: "D", producto: "d", stock_actual: 7, stock_reservado: 9, stock_minimo: 0 },
      { codigo: "E", producto: "e", stock_actual: 0, stock_reservado: 0, stock_minimo: 3 },
    ]);
    expect(list.map((r) => [r.codigo, r.faltante.para_obras, r.faltante.a_comprar])).toEqual([
      ["C", 6, 8],
      ["D", 2, 2],
      ["E", 0, 3],
      ["A", 0, 1],
    ]);
  });
});

describe("faltantesQuery (Crear OC from Faltantes)", () => {
  it("CODIGO:CANTIDAD pairs, decimals with a dot, nothing to buy left out", async () => {
    const { faltantesQuery } = await import("./stock");
    expect(faltantesQuery([{ codigo: "10001", a_comprar: 12 }, { codigo: "20002", a_comprar: 2.5 }, { codigo: "3", a_comprar: 0 }])).toBe("10001:12,20002:2.5");
    expect(faltantesQuery([{ codigo: "A B", a_comprar: 1 }])).toBe("A%20B:1");
  });
});
