import { describe, expect, it } from "vitest";
import { ownFields } from "./common";
import { utvSchema } from "../domain/workshop/schemas";
import { itemPresupuestoUpdateSchema } from "../domain/sales/schemas";
import { itemOcFieldsSchema } from "../domain/purchasing/schemas";

describe("ownFields: a body is the route's own schema input", () => {
  it("drops a stored UTV row's id and computed figures", () => {
    const row = { id: 7, fecha: "2026-03-02", tipo: "PVC", fijo: 2, valor_m2: 9000, m2_instalador: 1, instalador: null, utv: 2, valor: 18000, created_at: "2026-03-02T10:00:00Z" };
    const body = ownFields(utvSchema, row);
    expect(body).toEqual({ fecha: "2026-03-02", tipo: "PVC", fijo: 2, valor_m2: 9000, m2_instalador: 1, instalador: null });
    expect(utvSchema.safeParse(body).success).toBe(true);
  });

  it("drops a quote item's utv, utv_monto and total, and an order line's total", () => {
    const item = { item: "V1", cantidad: 2, precio_unitario: 1000, utv: 3.5, utv_monto: 350, total: 2000, presupuesto_id: 4 };
    expect(Object.keys(ownFields(itemPresupuestoUpdateSchema, item)).sort()).toEqual(["cantidad", "item", "precio_unitario", "presupuesto_id"]);
    const line = { codigo: "GOM-1", producto: "Goma", cantidad: 2, precio_unitario: 10, total: 20, costo_neto: 20 };
    expect(ownFields(itemOcFieldsSchema, line)).toEqual({ codigo: "GOM-1", producto: "Goma", cantidad: 2, precio_unitario: 10 });
  });
});
