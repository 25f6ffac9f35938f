import { describe, expect, it } from "vitest";
import { siiPasos, siiPlazo, siiPlazoTexto } from "./sii-decision";

const base = { tipo: 33, fecha_recepcion_sii: "2026-03-06", fecha_registro: "2026-03-09", decision: null, fecha_acuse: null } as const;

describe("the 8-day window of Ley 19.983 counted from the SII's reception", () => {
  it("counts from Fecha Recepcion at the SII when known, else from the registration, and says which", () => {
    expect(siiPlazo(base, "2026-03-06")).toEqual({ estado: "Por aceptar", fecha_inicio: "2026-03-06", fuente: "SII", fecha_limite: "2026-03-14", dias_restantes: 8, aviso: false });
    expect(siiPlazo({ ...base, fecha_recepcion_sii: null }, "2026-03-09")).toMatchObject({ fuente: "registro", fecha_inicio: "2026-03-09", fecha_limite: "2026-03-17", dias_restantes: 8 });
    expect(siiPlazoTexto(siiPlazo(base, "2026-03-10")!)).toBe("Por aceptar: quedan 4 días (hasta el 14-03-2026), contados desde la recepción en el SII el 06-03-2026.");
  });
  it("warns from day 5 (3 days left); past day 8 without a claim it is accepted tacitly", () => {
    expect(siiPlazo(base, "2026-03-10")!.aviso).toBe(false); // day 4
    expect(siiPlazo(base, "2026-03-11")).toMatchObject({ dias_restantes: 3, aviso: true }); // day 5
    expect(siiPlazo(base, "2026-03-14")).toMatchObject({ estado: "Por aceptar", dias_restantes: 0, aviso: true }); // day 8
    expect(siiPlazo(base, "2026-03-15")).toMatchObject({ estado: "Aceptada tácitamente", dias_restantes: -1, aviso: false });
  });
  it("a decision or the RCV's Fecha Acuse settles it; guías and credit notes have no window", () => {
    expect(siiPlazo({ ...base, decision: "reclamada" }, "2026-03-20")!.estado).toBe("Reclamada");
    expect(siiPlazo({ ...base, decision: "aceptada" }, "2026-03-07")!.estado).toBe("Aceptada");
    expect(siiPlazo({ ...base, fecha_acuse: "2026-03-07" }, "2026-03-07")!.estado).toBe("Aceptada");
    expect(siiPlazo({ ...base, tipo: 34 }, "2026-03-07")).not.toBeNull();
    expect(siiPlazo({ ...base, tipo: 52 }, "2026-03-07")).toBeNull();
    expect(siiPlazo({ ...base, tipo: 61 }, "2026-03-07")).toBeNull();
  });
  it("gives the steps in the SII's site with the SII's codes", () => {
    expect(siiPasos("reclamada", "RFP")[2]).toBe("Elija «Reclamar» con el motivo «Reclamo por falta parcial de mercaderías» (RFP), dentro de los 8 días desde su recepción en el SII.");
    expect(siiPasos("aceptada", null)[2]).toContain("(ACD)");
  });
});
