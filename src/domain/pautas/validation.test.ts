import { describe, expect, it } from "vitest";
import {
  countPautaItems,
  MSG_PAUTA_CANTIDAD_ACTUALIZADA,
  MSG_PAUTA_CANTIDAD_ERROR,
  MSG_PAUTA_CLIENTE_INVALIDO,
  MSG_PAUTA_ERROR,
  MSG_PAUTA_GUARDADA,
  MSG_PAUTA_INCOMPLETA,
  MSG_PAUTA_ITEM_INCOMPLETO,
  validatePautaItem,
  validatePautaSave,
} from "./validation";

describe("pauta messages (sections 5 and 8)", () => {
  it("are the specification's texts", () => {
    expect(MSG_PAUTA_INCOMPLETA).toBe("Seleccione cliente, presupuesto y agregue ítems.");
    expect(MSG_PAUTA_CLIENTE_INVALIDO).toBe("Cliente o presupuesto no válido en la base de datos.");
    expect(MSG_PAUTA_GUARDADA).toBe("Pauta guardada con éxito.");
    expect(MSG_PAUTA_ERROR).toBe("Error al guardar pauta");
    expect(MSG_PAUTA_CANTIDAD_ACTUALIZADA).toBe("Cantidad actualizada con éxito.");
    expect(MSG_PAUTA_CANTIDAD_ERROR).toBe("❌ Error al actualizar cantidad.");
  });
});

describe("validatePautaSave (Guardar TODO)", () => {
  const item = { codigo: "10234", producto: "Marco", cantidad: 4 };

  it("needs a client, a budget and at least one item", () => {
    expect(validatePautaSave({ cliente_id: 3, presupuesto_id: 7, items: [item] })).toBeNull();
    expect(validatePautaSave({ cliente_id: "3", presupuesto_id: "7", items: { vidrio: [item] } })).toBeNull();
    expect(validatePautaSave({ cliente_id: null, presupuesto_id: 7, items: [item] })).toBe(MSG_PAUTA_INCOMPLETA);
    expect(validatePautaSave({ cliente_id: 3, presupuesto_id: "", items: [item] })).toBe(MSG_PAUTA_INCOMPLETA);
    expect(validatePautaSave({ cliente_id: 3, presupuesto_id: undefined, items: [item] })).toBe(MSG_PAUTA_INCOMPLETA);
    expect(validatePautaSave({ cliente_id: 3, presupuesto_id: 7, items: [] })).toBe(MSG_PAUTA_INCOMPLETA);
    expect(validatePautaSave({ cliente_id: 3, presupuesto_id: 7, items: { perfiles: [], vidrio: [] } })).toBe(MSG_PAUTA_INCOMPLETA);
    expect(validatePautaSave({ cliente_id: 3, presupuesto_id: 7, items: null })).toBe(MSG_PAUTA_INCOMPLETA);
  });

  it("counts the items of every category list", () => {
    expect(countPautaItems({ perfiles: [item, item], tornillos: [item] })).toBe(3);
    expect(countPautaItems([item])).toBe(1);
    expect(countPautaItems(undefined)).toBe(0);
  });
});

describe("validatePautaItem (Añadir)", () => {
  it("needs code, product and a quantity above 0 (es-CL text accepted)", () => {
    expect(validatePautaItem({ codigo: "10234", producto: "Marco", cantidad: "23,2" })).toEqual({ ok: true, cantidad: 23.2 });
    expect(validatePautaItem({ codigo: "10234", producto: "Marco", cantidad: "23,23456" })).toEqual({ ok: false, message: "Use como máximo 4 decimales" });
    expect(validatePautaItem({ codigo: "10234", producto: "Marco", cantidad: 4 })).toEqual({ ok: true, cantidad: 4 });
    for (const bad of [
      { codigo: "", producto: "Marco", cantidad: 4 },
      { codigo: "10234", producto: "  ", cantidad: 4 },
      { codigo: "10234", producto: "Marco", cantidad: "" },
      { codigo: "10234", producto: "Marco", cantidad: "abc" },
      { codigo: "10234", producto: "Marco", cantidad: 0 },
      { codigo: "10234", producto: "Marco", cantidad: "-1" },
      { codigo: null, producto: undefined, cantidad: null },
    ]) {
      expect(validatePautaItem(bad), JSON.stringify(bad)).toEqual({ ok: false, message: MSG_PAUTA_ITEM_INCOMPLETO });
    }
  });
});
