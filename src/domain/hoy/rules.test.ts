import { describe, expect, it } from "vitest";
import { ROLES } from "../roles/roles";
import {
  CARD_INFO,
  CARD_KEYS,
  cardsForRole,
  currentStage,
  daysInStage,
  DIAS_OBRA_DETENIDA,
  DIAS_OC_ATRASADA,
  endOfWeek,
  lateOrderBefore,
  monthOf,
  stalledBefore,
} from "./rules";
import { facturasFilterParams, presupuestosFilters, seguimientoFilterParams } from "./links";

describe("cards per role", () => {
  it("Gerencia sees accounting, operations and sales; Bodega and Adquisiciones the same four; Informático and Secretaria none", () => {
    // "Aceptados hoy" is both Operaciones' and Ventas' card: Gerencia sees it once.
    expect(cardsForRole("Gerencia")).toEqual([...new Set([...cardsForRole("Contabilidad"), ...cardsForRole("Operaciones"), ...cardsForRole("Ventas")])]);
    expect(cardsForRole("Ventas")[0]).toBe("aceptados-hoy");
    expect(cardsForRole("Operaciones")[0]).toBe("aceptados-hoy");
    expect(cardsForRole("Bodega")).toEqual(["faltantes", "bajo-minimo", "oc-atrasadas", "solicitudes-pendientes"]);
    expect(cardsForRole("Adquisiciones")).toEqual(cardsForRole("Bodega"));
    expect(cardsForRole("Fábrica")).toEqual(["utv-mes", "planilla-faltante"]);
    expect(cardsForRole("Oficina Técnica")).toEqual(["obras-sin-pauta"]);
    expect(cardsForRole("Informático")).toEqual([]);
    expect(cardsForRole("Secretaria")).toEqual([]);
  });

  it("every card is shown to some role and has its texts", () => {
    const shown = new Set(ROLES.flatMap((r) => cardsForRole(r)));
    for (const key of CARD_KEYS) {
      expect(shown.has(key), key).toBe(true);
      expect(CARD_INFO[key].titulo).not.toBe("");
    }
  });
});

describe("date windows", () => {
  it("the week ends on Sunday (a Sunday ends its own week)", () => {
    expect(endOfWeek("2026-11-25")).toBe("2026-11-29"); // Wednesday
    expect(endOfWeek("2026-11-23")).toBe("2026-11-29"); // Monday
    expect(endOfWeek("2026-11-29")).toBe("2026-11-29"); // Sunday
    expect(endOfWeek("2026-12-31")).toBe("2027-01-03");
  });

  it("stalled: more than DIAS_OBRA_DETENIDA days in the stage; late order: more than DIAS_OC_ATRASADA days", () => {
    expect(DIAS_OBRA_DETENIDA).toBe(14);
    expect(stalledBefore("2026-11-25")).toBe("2026-11-11"); // changed on the 11th: 14 days, not yet stalled
    expect(daysInStage("2026-11-10", "2026-11-25")).toBe(15);
    expect(daysInStage("2026-11-30", "2026-11-25")).toBe(0);
    expect(DIAS_OC_ATRASADA).toBe(15);
    expect(lateOrderBefore("2026-03-10")).toBe("2026-02-23");
  });

  it("the current stage is the first of the 16 not done", () => {
    expect(currentStage({})).toBe("presupuesto");
    expect(currentStage({ presupuesto: true, rectificacion: true })).toBe("accesorios");
    expect(currentStage({ presupuesto: true, accesorios: true })).toBe("rectificacion");
  });

  it("the month and the one before", () => {
    expect(monthOf("2026-01-15")).toEqual({ periodo: "2026-01", desde: "2026-01-01", hastaExclusivo: "2026-02-01", anterior: "2025-12" });
  });
});

describe("screen filters", () => {
  it("invoices: overdue or due by Sunday", () => {
    expect(facturasFilterParams("aceptacion-sii", "2026-11-25")).toBeNull(); // the card leads to Registro de Compras SII (issue 35)
    expect(facturasFilterParams("por-pagar", "2026-11-25")).toMatchObject({ estado_calculado: ["Vencida", "Vigente"], vencimiento_lte: "2026-11-29" });
    expect(facturasFilterParams("otro", "2026-11-25")).toBeNull();
    expect(facturasFilterParams(null, "2026-11-25")).toBeNull();
  });

  it("works and quotes", () => {
    expect(seguimientoFilterParams("detenidas", "2026-11-25")).toMatchObject({ presupuesto: "true", recepcion_final: "false", etapa_fecha_lt: "2026-11-11" });
    expect(seguimientoFilterParams("rectificacion-vencida", "2026-11-25")).toMatchObject({ rectificacion: "true", fecha_max_lt: "2026-11-25" });
    expect(presupuestosFilters("mes", "2026-11-25")).toEqual([
      { field: "fecha", operator: "gte", value: "2026-11-01" },
      { field: "fecha", operator: "lte", value: "2026-11-25" },
    ]);
  });
});
