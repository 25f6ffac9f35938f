import { describe, expect, it } from "vitest";
import {
  EDIT_ORDER_STATE_FILTER_OPTIONS,
  isItemComplete,
  MSG_ESTADO_OC_INVALIDO,
  ORDER_STATE_FILTER_OPTIONS,
  ORDER_STATE_LABELS,
  ORDER_STATES,
  orderState,
  orderStateLabel,
  parseOrderStateFilter,
} from "./order-state";

describe("order state derived from its items (section 4, server-behaviour Purchasing)", () => {
  it("is COMPLETA only when every item has cantidad_llegada >= cantidad", () => {
    expect(orderState([{ cantidad: 10, cantidad_llegada: 10 }, { cantidad: 2.5, cantidad_llegada: 2.5 }])).toBe("COMPLETA");
    expect(orderState([{ cantidad: 10, cantidad_llegada: 10 }, { cantidad: 3, cantidad_llegada: 2 }])).toBe("PENDIENTE");
    expect(orderState([{ cantidad: 10, cantidad_llegada: 12 }])).toBe("COMPLETA"); // over-delivery
    expect(orderState([{ cantidad: 10 }])).toBe("PENDIENTE");
    expect(orderState([{ cantidad: 10, cantidad_llegada: null }])).toBe("PENDIENTE");
  });

  it("reads database numeric text as machine numbers", () => {
    expect(orderState([{ cantidad: "10.500", cantidad_llegada: "10.5" }])).toBe("COMPLETA");
    expect(orderState([{ cantidad: "10.500", cantidad_llegada: "10.000" }])).toBe("PENDIENTE");
    expect(isItemComplete({ cantidad: "2.000", cantidad_llegada: 2 })).toBe(true);
  });

  it("keeps an order without items PENDIENTE", () => {
    expect(orderState([])).toBe("PENDIENTE");
  });

  it("labels each state for display", () => {
    expect(ORDER_STATES).toEqual(["PENDIENTE", "COMPLETA"]);
    expect(ORDER_STATE_LABELS).toEqual({ PENDIENTE: "Pendiente", COMPLETA: "Completa" });
    expect(orderStateLabel("PENDIENTE")).toBe("Pendiente");
    expect(orderStateLabel("completa")).toBe("Completa");
    expect(orderStateLabel(null)).toBe("");
    expect(orderStateLabel("Anulada")).toBe("Anulada");
  });

  it("offers the filters of the list and the edit screens", () => {
    expect(ORDER_STATE_FILTER_OPTIONS.map((o) => o.label)).toEqual(["Pendiente", "Completa", "Todas"]);
    expect(EDIT_ORDER_STATE_FILTER_OPTIONS.map((o) => o.label)).toEqual(["Pendiente", "Completas", "Todas"]);
    for (const o of [...ORDER_STATE_FILTER_OPTIONS, ...EDIT_ORDER_STATE_FILTER_OPTIONS]) {
      expect(parseOrderStateFilter(o.value).valid).toBe(true);
    }
  });
});

describe("estado query in all its spellings (section 7)", () => {
  it.each([
    ["Pendiente", "PENDIENTE"],
    ["PENDIENTE", "PENDIENTE"],
    ["pendientes", "PENDIENTE"],
    [" Pendientes ", "PENDIENTE"],
    ["Completa", "COMPLETA"],
    ["Completas", "COMPLETA"],
    ["COMPLETA", "COMPLETA"],
    ["completas", "COMPLETA"],
  ])("%s → %s", (raw, estado) => {
    expect(parseOrderStateFilter(raw)).toEqual({ valid: true, estado });
  });

  it("reads empty, missing and Todas as every order", () => {
    for (const raw of ["", "  ", undefined, null, "Todas", "TODOS"]) {
      expect(parseOrderStateFilter(raw)).toEqual({ valid: true, estado: null });
    }
  });

  it("refuses anything else with a Spanish message", () => {
    for (const raw of ["Pagada", "pend", "COMPLETO", "1", ["Pendiente"], 1, {}]) {
      expect(parseOrderStateFilter(raw)).toEqual({ valid: false, message: MSG_ESTADO_OC_INVALIDO });
    }
  });
});
