import { describe, expect, it } from "vitest";
import {
  MAX_LOTE_LINEAS,
  MSG_PAUTA_CANTIDAD_POSITIVA,
  MSG_PAUTA_SIN_ITEMS,
  pautaCantidadSchema,
  pautaItemSchema,
  pautaLoteSchema,
  pautaLoteTodoSchema,
  separadoSchema,
} from "./schemas";

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("pautaItemSchema (a line of a batch)", () => {
  it("keeps code, product and the original quantity (a JSON number, 4 decimals at most)", () => {
    expect(pautaItemSchema.parse({ codigo: " 10001 ", producto: "Marco corredera", cantidad: 4, cantidad_original: 23.2 })).toEqual({
      codigo: "10001",
      producto: "Marco corredera",
      cantidad: null,
      cantidad_original: 23.2,
    });
    expect(pautaItemSchema.parse({ codigo: "10001", producto: "x", cantidad_original: 1.2345 }).cantidad_original).toBe(1.2345);
    // A fifth decimal is refused, not rounded (issue 23.4).
    expect(issues(pautaItemSchema.safeParse({ codigo: "10001", producto: "x", cantidad_original: 1.23456 }))).toEqual(["cantidad_original: Use como máximo 4 decimales"]);
  });

  it("23.10 a line without an original quantity is a quantity given by hand: kept as given, no original", () => {
    expect(pautaItemSchema.parse({ codigo: "40001", producto: "Cierre", cantidad: 7 })).toEqual({ codigo: "40001", producto: "Cierre", cantidad: 7, cantidad_original: null });
    expect(pautaItemSchema.parse({ codigo: "40001", producto: "Cierre", cantidad: 3, cantidad_original: null })).toMatchObject({ cantidad: 3, cantidad_original: null });
    // 23.12: quantities are JSON numbers; text is refused.
    expect(pautaItemSchema.safeParse({ codigo: "40001", producto: "Cierre", cantidad: "3" }).success).toBe(false);
    expect(pautaItemSchema.safeParse({ codigo: "40001", producto: "Cierre", cantidad_original: "23,2" }).success).toBe(false);
  });

  it("refuses a missing code or product and a quantity that is missing, 0, negative or not a number", () => {
    expect(issues(pautaItemSchema.safeParse({ codigo: "", producto: " ", cantidad: 1 }))).toEqual([
      "codigo: El código es obligatorio",
      "producto: El producto es obligatorio",
    ]);
    for (const bad of [{}, { cantidad: 0 }, { cantidad: -2 }, { cantidad: "abc" }, { cantidad: 1, cantidad_original: 0 }, { cantidad: 0.00001 }]) {
      const r = pautaItemSchema.safeParse({ codigo: "1", producto: "p", ...bad });
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(issues(r)[0]).toMatch(MSG_PAUTA_CANTIDAD_POSITIVA);
    }
  });
});

describe("pautaLoteSchema (POST api/ot_pautas/{category}/lote)", () => {
  const base = { cliente_id: 3, presupuesto_id: 7, numero_presupuesto: "2025-0001" };

  it("reads the header and the items", () => {
    const r = pautaLoteSchema.parse({ ...base, items: [{ codigo: "10001", producto: "Perfil", cantidad: 4, cantidad_original: 23.2 }] });
    expect(r).toEqual({ cliente_id: 3, presupuesto_id: 7, numero_presupuesto: "2025-0001", items: [{ codigo: "10001", producto: "Perfil", cantidad: null, cantidad_original: 23.2 }] });
  });

  it("needs a client, a quote and at least one item, with the field of each problem", () => {
    expect(issues(pautaLoteSchema.safeParse({ items: [] }))).toEqual([
      "cliente_id: Debe seleccionar un cliente",
      "presupuesto_id: Debe seleccionar un presupuesto",
      `items: ${MSG_PAUTA_SIN_ITEMS}`,
    ]);
    expect(issues(pautaLoteSchema.safeParse({ ...base, items: [{ codigo: "1", producto: "p", cantidad: 1 }, { codigo: "2", producto: "q", cantidad: -1 }] }))).toEqual([
      `items.1.cantidad: ${MSG_PAUTA_CANTIDAD_POSITIVA}`,
    ]);
  });

  it(`takes up to ${MAX_LOTE_LINEAS} lines`, () => {
    const line = { codigo: "10001", producto: "p", cantidad: 1 };
    expect(pautaLoteSchema.safeParse({ ...base, items: Array(MAX_LOTE_LINEAS).fill(line) }).success).toBe(true);
    expect(pautaLoteSchema.safeParse({ ...base, items: Array(MAX_LOTE_LINEAS + 1).fill(line) }).success).toBe(false);
  });
});

describe("pautaLoteTodoSchema (POST api/ot_pautas/lote: every category at once)", () => {
  const base = { cliente_id: 3, presupuesto_id: 7 };
  it("reads the lists by category", () => {
    const r = pautaLoteTodoSchema.parse({ ...base, categorias: { perfiles: [{ codigo: "10001", producto: "p", cantidad_original: 5.8 }], vidrio: [] } });
    expect(r.categorias).toEqual({ perfiles: [{ codigo: "10001", producto: "p", cantidad: null, cantidad_original: 5.8 }], vidrio: [] });
  });
  it("refuses unknown categories and an empty save", () => {
    expect(issues(pautaLoteTodoSchema.safeParse({ ...base, categorias: { madera: [] } }))[0]).toMatch("Categoría de pauta desconocida: madera");
    expect(issues(pautaLoteTodoSchema.safeParse({ ...base, categorias: { vidrio: [] } }))).toEqual([`categorias: ${MSG_PAUTA_SIN_ITEMS}`]);
    expect(pautaLoteTodoSchema.safeParse({ ...base }).success).toBe(false);
  });
});

describe("pautaCantidadSchema and separadoSchema", () => {
  it("a quantity above 0, a JSON number", () => {
    expect(pautaCantidadSchema.parse({ cantidad: 7 })).toEqual({ cantidad: 7 });
    expect(pautaCantidadSchema.parse({ cantidad: 2.5 })).toEqual({ cantidad: 2.5 });
    for (const bad of [{}, { cantidad: 0 }, { cantidad: "" }, { cantidad: "x" }, { cantidad: "7" }, { cantidad: -1 }]) {
      expect(issues(pautaCantidadSchema.safeParse(bad)), JSON.stringify(bad)).toEqual([`cantidad: ${MSG_PAUTA_CANTIDAD_POSITIVA}`]);
    }
  });
  it("separado must be sent: JSON true or false", () => {
    expect(separadoSchema.parse({ separado: true })).toEqual({ separado: true });
    expect(separadoSchema.parse({ separado: false })).toEqual({ separado: false });
    expect(separadoSchema.safeParse({ separado: "false" }).success).toBe(false);
    expect(separadoSchema.safeParse({ separado: 1 }).success).toBe(false);
    expect(separadoSchema.safeParse({}).success).toBe(false);
    expect(separadoSchema.safeParse({ separado: "sí" }).success).toBe(false);
  });
});
