import { describe, expect, it } from "vitest";
import { hasAtMostDecimals, MSG_MAXIMO_4_DECIMALES, nullableNumber, numberWithDefault } from "./fields";
import { ajusteSchema, materialSchema, salidaSchema, solicitudSchema } from "../inventory/schemas";
import { borradoresSchema, ingresarFacturaSchema, itemOcFieldsSchema } from "../purchasing/schemas";
import { pautaCantidadSchema, pautaItemSchema } from "../pautas/schemas";
import { itemFieldsSchema } from "../sales/schemas";

describe("hasAtMostDecimals (issue 23.4: quantities keep 4 decimals)", () => {
  it("counts the decimals a person typed, ignoring float dust", () => {
    expect(hasAtMostDecimals(1.2345, 4)).toBe(true);
    expect(hasAtMostDecimals(999_999_999.1234, 4)).toBe(true);
    expect(hasAtMostDecimals(1.1 - 0.3, 4)).toBe(true); // 0.8000000000000002
    expect(hasAtMostDecimals(1.23456, 4)).toBe(false);
    expect(hasAtMostDecimals(0.00001, 4)).toBe(false);
    expect(hasAtMostDecimals(-2.00005, 4)).toBe(false);
    expect(hasAtMostDecimals(Number.NaN, 4)).toBe(false);
  });
});

describe("number fields with decimals", () => {
  it("refuse a fifth decimal with the Spanish message and store accepted values without float dust", () => {
    const f = nullableNumber({ decimals: 4 });
    expect(f.parse(1.2345)).toBe(1.2345);
    expect(f.parse(1.1 - 0.3)).toBe(0.8);
    expect(f.parse(null)).toBeNull();
    const bad = f.safeParse(1.23456);
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual([MSG_MAXIMO_4_DECIMALES]);
    expect(MSG_MAXIMO_4_DECIMALES).toBe("Use como máximo 4 decimales");
    expect(numberWithDefault(0, { decimals: 2 }).safeParse(1.234).error!.issues[0].message).toBe("Use como máximo 2 decimales");
    // Without the option, any number as before.
    expect(nullableNumber().parse(1.234567)).toBe(1.234567);
  });

  it("every body with a quantity refuses a fifth decimal on that field", () => {
    const cases: [{ safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, object, string][] = [
      [salidaSchema, { codigo: "A", cantidad_salida: 1.00001, cliente_id: 1, presupuesto_id: 1 }, "cantidad_salida"],
      [ajusteSchema, { codigo: "A", diferencia: -0.00005 }, "diferencia"],
      [solicitudSchema, { codigo: "A", producto: "B", cantidad: 1.00001, solicitante: "C" }, "cantidad"],
      [materialSchema, { codigo: "A", producto: "B", stock_minimo: 2.00001 }, "stock_minimo"],
      [itemOcFieldsSchema, { codigo: "A", producto: "B", cantidad: 1.00001, precio_unitario: 1 }, "cantidad"],
      [borradoresSchema, { faltantes: [{ codigo: "A", cantidad: 1.00001 }] }, "faltantes.0.cantidad"],
      [ingresarFacturaSchema, { ordenes: [{ numero_oc: 1, factura: "F", fecha_factura: "2026-03-01", detalles: [{ id: 1, cantidad_llegada: 1.00001 }] }] }, "ordenes.0.detalles.0.cantidad_llegada"],
      [pautaItemSchema, { codigo: "A", producto: "B", cantidad: 1.00001 }, "cantidad"],
      [pautaCantidadSchema, { cantidad: 3.00001 }, "cantidad"],
      [itemFieldsSchema, { cantidad: 1.00001 }, "cantidad"],
    ];
    for (const [schema, body, field] of cases) {
      const r = schema.safeParse(body);
      expect(r.success, field).toBe(false);
      expect(r.error!.issues.filter((i) => i.path.join(".") === field).map((i) => i.message), field).toEqual([MSG_MAXIMO_4_DECIMALES]);
    }
  });
});
