import { describe, expect, it } from "vitest";
import {
  isRectificacionVencida,
  isWorkComplete,
  isWorkStage,
  MATERIAL_STAGES,
  RECTIFICACION_PLAZO_DEFAULT,
  rectificacionFechaMax,
  toggleStageSchema,
  WORK_STAGE_LABELS,
  WORK_STAGES,
} from "./tracking";

describe("work stages (sections 4 and 9)", () => {
  it("lists the 16 stages in the specification's order", () => {
    expect(WORK_STAGES).toEqual([
      "presupuesto", "rectificacion", "accesorios", "gomas_cepillos", "herraje", "perfiles", "refuerzos", "tornillos",
      "vidrio", "planilla_corte", "fabricacion", "acopio", "despacho", "instalacion", "recepcion_final", "pago",
    ]);
    expect(new Set(WORK_STAGES).size).toBe(16);
    expect(Object.keys(WORK_STAGE_LABELS)).toEqual([...WORK_STAGES]);
  });

  it("groups seven material stages", () => {
    expect(MATERIAL_STAGES).toEqual(["perfiles", "refuerzos", "tornillos", "accesorios", "gomas_cepillos", "herraje", "vidrio"]);
    for (const s of MATERIAL_STAGES) expect(isWorkStage(s)).toBe(true);
  });

  it("defaults the rectification deadline to 5 days", () => {
    expect(RECTIFICACION_PLAZO_DEFAULT).toBe(5);
  });
});

describe("isWorkComplete", () => {
  const all = Object.fromEntries(WORK_STAGES.map((s) => [s, true]));
  it("is complete only when all 16 stages are true", () => {
    expect(isWorkComplete(all)).toBe(true);
    for (const s of WORK_STAGES) {
      expect(isWorkComplete({ ...all, [s]: false }), s).toBe(false);
      expect(isWorkComplete({ ...all, [s]: null }), s).toBe(false);
    }
    const missing: Record<string, boolean> = { ...all };
    delete missing.pago;
    expect(isWorkComplete(missing)).toBe(false);
    expect(isWorkComplete({})).toBe(false);
  });
});

describe("rectification deadline (Fecha Máx)", () => {
  it("is the rectification date plus the days", () => {
    expect(rectificacionFechaMax("2026-03-05", 5)).toBe("2026-03-10");
    expect(rectificacionFechaMax("2026-02-26", 5)).toBe("2026-03-03");
    expect(rectificacionFechaMax("2026-03-05", 0)).toBe("2026-03-05");
    expect(rectificacionFechaMax("2026-12-29", 10)).toBe("2027-01-08");
  });

  it("uses 5 days when empty and nothing when there is no date", () => {
    expect(rectificacionFechaMax("2026-03-05", null)).toBe("2026-03-10");
    expect(rectificacionFechaMax(null, 5)).toBeNull();
    expect(rectificacionFechaMax("", 5)).toBeNull();
  });

  it("is overdue only after the deadline day", () => {
    expect(isRectificacionVencida("2026-03-10", "2026-03-09")).toBe(false);
    expect(isRectificacionVencida("2026-03-10", "2026-03-10")).toBe(false);
    expect(isRectificacionVencida("2026-03-10", "2026-03-11")).toBe(true);
    expect(isRectificacionVencida(null, "2026-03-11")).toBe(false);
  });
});

describe("toggle body", () => {
  it("accepts only the 16 stage names", () => {
    expect(toggleStageSchema.parse({ campo: "vidrio" })).toEqual({ campo: "vidrio" });
    const bad = toggleStageSchema.safeParse({ campo: "id" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ["campo"], message: "Etapa desconocida" });
    expect(toggleStageSchema.safeParse({}).success).toBe(false);
  });
});
