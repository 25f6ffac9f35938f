import { describe, expect, it } from "vitest";
import {
  CANTIDAD_VACIA,
  cuadrosAlMarcarAdicional,
  itemInputs,
  TIPO_APERTURA_OPTIONS,
  TIPO_VENTANA_OPTIONS,
  withoutHiddenInputs,
} from "./item-rules";
import { computeItemUtv } from "./utv";
import { lineTotal } from "../money/vat";

describe("itemInputs (what the item form shows, spec 2.4)", () => {
  it("plain item: the Adicional box, no frame count, no observations text", () => {
    expect(itemInputs({})).toEqual({ textoObservaciones: false, adicional: true, cuadrosAdicionales: false });
  });
  it("Adicional ticked: the frame count shows", () => {
    expect(itemInputs({ adicional: true })).toEqual({ textoObservaciones: false, adicional: true, cuadrosAdicionales: true });
  });
  it("Observaciones ticked: the text shows and the whole additional block hides, even if Adicional was ticked", () => {
    expect(itemInputs({ observaciones: true, adicional: true })).toEqual({ textoObservaciones: true, adicional: false, cuadrosAdicionales: false });
  });
});

describe("ticking Adicional", () => {
  it("starts at 1 frame when none was typed, keeps a typed count", () => {
    expect(cuadrosAlMarcarAdicional("")).toBe("1");
    expect(cuadrosAlMarcarAdicional(undefined)).toBe("1");
    expect(cuadrosAlMarcarAdicional(0)).toBe("1");
    expect(cuadrosAlMarcarAdicional("3")).toBe("3");
  });
});

describe("withoutHiddenInputs (what is sent)", () => {
  it("under observations: no additional block, the text stays", () => {
    expect(withoutHiddenInputs({ observaciones: true, texto_observaciones: "ver vano", adicional: true, cuadros_adicionales: "2" })).toEqual({
      observaciones: true,
      texto_observaciones: "ver vano",
      adicional: false,
      cuadros_adicionales: "",
    });
  });
  it("without Adicional no frames; without Observaciones no text", () => {
    expect(withoutHiddenInputs({ observaciones: false, texto_observaciones: "olvidado", adicional: false, cuadros_adicionales: "2" })).toMatchObject({
      texto_observaciones: "",
      cuadros_adicionales: "",
    });
    expect(withoutHiddenInputs({ adicional: true, cuadros_adicionales: 2 })).toMatchObject({ adicional: true, cuadros_adicionales: 2 });
  });
});

describe("an empty quantity counts as 1 (section 9)", () => {
  it("for the UTV and for the line total alike", () => {
    expect(CANTIDAD_VACIA).toBe(1);
    expect(computeItemUtv({ tipo_ventana: "Proyectante", cantidad: null }).utv).toBe(CANTIDAD_VACIA * 1);
    expect(lineTotal(null, 120000)).toBe(CANTIDAD_VACIA * 120000);
  });
});

describe("select options", () => {
  it("every window type and opening in the specification's spelling, default first", () => {
    expect(TIPO_VENTANA_OPTIONS[0]).toEqual({ value: "Doble Corredera", label: "Doble Corredera" });
    expect(TIPO_VENTANA_OPTIONS.map((o) => o.value)).toContain("Doble corredera con fijo");
    expect(TIPO_APERTURA_OPTIONS.map((o) => o.value)).toEqual(["Derecha", "Izquierda", "Por Definir"]);
  });
});
