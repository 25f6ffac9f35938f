import { describe, expect, it } from "vitest";
import * as sales from "../sales";
import { clientPaymentSummary } from "./client-payments";
import {
  isPautaLineCovered,
  isPaymentHinted,
  isWorkComplete,
  MATERIAL_STAGE_PAUTA_CATEGORY,
  MATERIAL_STAGES,
  materialStageHints,
  NON_MATERIAL_STAGES,
  rectificacionDeadline,
  WORK_STAGES,
  workStageHints,
  type WorkStages,
} from "./work-tracking";

const allTrue = Object.fromEntries(WORK_STAGES.map((s) => [s, true]));

describe("stages come from sales/tracking.ts (one list)", () => {
  it("re-exports the same 16 stages and Material group", () => {
    expect(WORK_STAGES).toBe(sales.WORK_STAGES);
    expect(MATERIAL_STAGES).toBe(sales.MATERIAL_STAGES);
    expect(WORK_STAGES).toHaveLength(16);
    expect(NON_MATERIAL_STAGES).toEqual(["presupuesto", "rectificacion", "planilla_corte", "fabricacion", "acopio", "despacho", "instalacion", "recepcion_final", "pago"]);
    expect(Object.keys(MATERIAL_STAGE_PAUTA_CATEGORY).sort()).toEqual([...MATERIAL_STAGES].sort());
    expect(MATERIAL_STAGE_PAUTA_CATEGORY.gomas_cepillos).toBe("gomascepillos");
  });

  it("a work is complete when every stage is ticked", () => {
    const works: (WorkStages & { id: number })[] = [{ id: 1, ...allTrue }, { id: 2, ...allTrue, pago: false }];
    expect(works.map(isWorkComplete)).toEqual([true, false]);
  });
});

describe("work cards (section 4)", () => {

  it("gives Fecha Máx = rectification date + days, red once passed", () => {
    const rec = { rectificacion_fecha: "2026-03-05", rectificacion_plazo_dias: 5 };
    expect(rectificacionDeadline(rec, "2026-03-10")).toEqual({ fechaMax: "2026-03-10", vencido: false });
    expect(rectificacionDeadline(rec, "2026-03-11")).toEqual({ fechaMax: "2026-03-10", vencido: true });
    expect(rectificacionDeadline({ rectificacion_fecha: "2026-03-05", rectificacion_plazo_dias: null }, "2026-03-09")).toEqual({ fechaMax: "2026-03-10", vencido: false });
    expect(rectificacionDeadline({ rectificacion_fecha: "2026-02-26", rectificacion_plazo_dias: 3 }, "2026-03-02")).toEqual({ fechaMax: "2026-03-01", vencido: true });
    expect(rectificacionDeadline({ rectificacion_fecha: null }, "2026-03-11")).toEqual({ fechaMax: null, vencido: false });
  });
});

describe("stage hints from data", () => {
  it("covers a pauta line when what arrived or what left reaches its quantity", () => {
    expect(isPautaLineCovered({ categoria: "vidrio", cantidad: 4, llegado: 4 })).toBe(true);
    expect(isPautaLineCovered({ categoria: "vidrio", cantidad: 4, salido: "4.000" })).toBe(true);
    expect(isPautaLineCovered({ categoria: "vidrio", cantidad: 4, llegado: 2, salido: 3 })).toBe(false); // larger, not the sum
    expect(isPautaLineCovered({ categoria: "vidrio", cantidad: 0.3, llegado: 0.1 + 0.2 })).toBe(true);
    expect(isPautaLineCovered({ categoria: "vidrio", cantidad: 4 })).toBe(false);
  });

  it("hints a Material stage when every line of its category is covered", () => {
    const lines = [
      { categoria: "perfiles", cantidad: 10, llegado: 10 },
      { categoria: "perfiles", cantidad: 4, salido: 5 },
      { categoria: "vidrio", cantidad: 6, llegado: 6 },
      { categoria: "vidrio", cantidad: 2, llegado: 1 },
      { categoria: "gomascepillos", cantidad: 20, salido: 20 },
      { categoria: "instalacion", cantidad: 1, llegado: 1 },
    ];
    expect(materialStageHints(lines)).toEqual(["perfiles", "gomas_cepillos"]);
    expect(materialStageHints([])).toEqual([]);
  });

  it("hints pago when the client's balance is settled", () => {
    expect(isPaymentHinted(clientPaymentSummary(1_000_000, [{ monto: 1_190_000 }]))).toBe(true);
    expect(isPaymentHinted(clientPaymentSummary(1_000_000, [{ monto: 1_189_999 }]))).toBe(false);
    expect(isPaymentHinted(clientPaymentSummary(0, []))).toBe(false);
    expect(isPaymentHinted(null)).toBe(false);
  });

  it("leaves out stages already marked, in the stage order", () => {
    const lines = [
      { categoria: "herraje", cantidad: 8, llegado: 8 },
      { categoria: "tornillos", cantidad: 100, salido: 100 },
    ];
    const payments = clientPaymentSummary(100, [{ monto: 119 }]);
    expect(workStageHints({ record: {}, pautaLines: lines, payments })).toEqual(["herraje", "tornillos", "pago"]);
    expect(workStageHints({ record: { herraje: true, pago: true }, pautaLines: lines, payments })).toEqual(["tornillos"]);
    expect(workStageHints({ record: {}, pautaLines: [], payments: null })).toEqual([]);
  });
});
