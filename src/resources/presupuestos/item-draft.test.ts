import { describe, expect, it } from "vitest";
import { EMPTY_DRAFT, draftElevation, draftToInput, draftUtv, itemToDraft, parseDraft } from "./item-draft";

const draft = (patch: Partial<typeof EMPTY_DRAFT>) => ({ ...EMPTY_DRAFT, ...patch });

describe("draftUtv (what the read-only fields show)", () => {
  it("2 × Doble Corredera with 1 additional frame → UTV 5, $100.000", () => {
    expect(draftUtv(draft({ cantidad: "2", adicional: true, cuadros_adicionales: "1" }))).toMatchObject({ utv: 5, utv_monto: 100000 });
  });

  it("an empty quantity counts as 1; the observations flag makes it 0", () => {
    expect(draftUtv(draft({ tipo_ventana: "Marco puerta" })).utv).toBe(2.5);
    expect(draftUtv(draft({ observaciones: true, adicional: true, cuadros_adicionales: "3" })).utv).toBe(0);
  });

  it("frames only count with the additional flag; typed text is read as a number", () => {
    expect(draftUtv(draft({ cuadros_adicionales: "4", cantidad: "1" })).utv).toBe(2);
    expect(draftUtv(draft({ tipo_ventana: "Fijo", cantidad: "2,5" })).utv).toBe(1.25);
    expect(draftUtv(draft({ cantidad: "abc" })).utv).toBe(2); // unreadable → empty → 1
  });
});

describe("draftElevation (the live drawing of Ingreso de Ítems)", () => {
  it("reads the sizes as typed (es-CL), a size not yet a number is none, hidden frames do not count", () => {
    expect(draftElevation(draft({ ancho: "1.500", alto: "1200", tipo_ventana: "Proyectante", tipo_apertura: "Izquierda" }))).toEqual({
      tipo_ventana: "Proyectante",
      tipo_apertura: "Izquierda",
      ancho: 1500,
      alto: 1200,
      adicional: false,
      cuadros_adicionales: null,
      cantidad: null,
    });
    expect(draftElevation(draft({ ancho: "15x", alto: "" }))).toMatchObject({ ancho: null, alto: null });
    expect(draftElevation(draft({ adicional: true, cuadros_adicionales: "2" }))).toMatchObject({ adicional: true, cuadros_adicionales: 2 });
    // With observaciones the form hides the extra frames: they are not drawn either.
    expect(draftElevation(draft({ observaciones: true, adicional: true, cuadros_adicionales: "2" }))).toMatchObject({ adicional: false });
  });
});

describe("draftToInput / parseDraft", () => {
  it("does not send hidden values: additional block off under observations, text only with its flag", () => {
    const input = draftToInput(draft({ observaciones: true, texto_observaciones: "ver vano", adicional: true, cuadros_adicionales: "2" }));
    expect(input).toMatchObject({ observaciones: true, texto_observaciones: "ver vano", adicional: false, cuadros_adicionales: "" });
    expect(draftToInput(draft({ texto_observaciones: "olvidado" })).texto_observaciones).toBe("");
    expect(draftToInput(draft({ cuadros_adicionales: "2" })).cuadros_adicionales).toBe("");
  });

  it("builds the API body with the route's schema, without the server's utv and utv_monto", () => {
    const r = parseDraft(draft({ item: " V1 ", ancho: "1500", alto: "1200", cantidad: "2", precio_unitario: "350000", adicional: true, cuadros_adicionales: "1" }), 7);
    expect(r).toEqual({
      ok: true,
      body: expect.objectContaining({
        presupuesto_id: 7,
        item: "V1",
        ancho: 1500,
        alto: 1200,
        tipo_ventana: "Doble Corredera",
        tipo_apertura: "Derecha",
        adicional: true,
        cuadros_adicionales: 1,
        cantidad: 2,
        precio_unitario: 350000,
      }),
    });
    expect(r.ok && ("utv" in r.body || "utv_monto" in r.body)).toBe(false);
  });

  it("reports the schema's messages per field", () => {
    const r = parseDraft(draft({ cantidad: "-1", ancho: "-5" }), 7);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.cantidad).toEqual(["La cantidad no puede ser negativa"]);
      expect(r.errors.ancho).toEqual(["El ancho no puede ser negativo"]);
    }
  });

  it("round-trips a stored item through the form", () => {
    const stored = { item: "V2", recinto: null, ancho: 800, alto: 600, tipo_ventana: "Proyectante", tipo_apertura: "Izquierda", grada_buque: true, observaciones: false, texto_observaciones: null, adicional: false, cuadros_adicionales: 0, cantidad: null, precio_unitario: 120000 } as const;
    const d = itemToDraft(stored);
    expect(d).toMatchObject({ item: "V2", recinto: "", ancho: "800", alto: "600", cuadros_adicionales: "", cantidad: "", precio_unitario: "120000", grada_buque: true });
    const r = parseDraft(d, 3);
    expect(r.ok && r.body).toMatchObject({ ancho: 800, alto: 600, cantidad: null });
    expect(draftUtv(d)).toMatchObject({ utv: 1, utv_monto: 20000 });
  });
});
