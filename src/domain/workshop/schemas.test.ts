import { describe, expect, it } from "vitest";
import { INSTALADOR_EMPRESA } from "../../config/empresa";
import { zodFieldErrors } from "../fields";
import { termopanelSchema, trabajadorUpdateSchema, utvInstaladorSchema, utvSchema } from "./schemas";

const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : zodFieldErrors(r.error as never);
};

describe("utvSchema", () => {
  it("fills the section 3 defaults: PVC, counts 0, valor_m2 3000, no installer", () => {
    expect(utvSchema.parse({ fecha: "2026-03-05" })).toMatchObject({ tipo: "PVC", fijo: 0, otro: 0, valor_m2: 3000, m2_instalador: 0, instalador: null, nombre_pauta: null });
  });
  it("keeps the calendar date of the original service's timestamps and the list's spelling", () => {
    expect(utvSchema.parse({ fecha: "2026-03-05T00:00:00.000Z", tipo: "ambos", instalador: ` ${INSTALADOR_EMPRESA.toLowerCase()} `, fijo: 3 })).toMatchObject({
      fecha: "2026-03-05",
      tipo: "Ambos",
      instalador: INSTALADOR_EMPRESA,
      fijo: 3,
    });
  });
  it("refuses what section 5 and 9 do not allow, each on its field", () => {
    expect(errorsOf(utvSchema, { fecha: "", tipo: "Madera", fijo: 1.5, otro: -1, instalador: "Fulano" })).toEqual({
      fecha: ["La fecha es obligatoria."],
      tipo: ["Tipo inválido: PVC, Aluminio o Ambos."],
      fijo: ["Ingrese una cantidad entera de 0 o más."],
      otro: ["Ingrese una cantidad entera de 0 o más."],
      instalador: ["Instalador inválido: elija uno de la lista."],
    });
    expect(errorsOf(utvSchema, { fecha: "2026-02-30" })).toEqual({ fecha: ["Fecha inválida (use AAAA-MM-DD)"] });
  });
  it("the installer body takes one of the six or empty", () => {
    expect(utvInstaladorSchema.parse({ instalador: "" })).toEqual({ instalador: null });
    expect(utvInstaladorSchema.parse({ instalador: "retiro en planta" })).toEqual({ instalador: "Retiro en planta" });
  });
});

describe("termopanelSchema", () => {
  it("quantity defaults to 1 and valor_m2 to 1500; an m2 sent is dropped", () => {
    expect(termopanelSchema.parse({ fecha: "2026-03-05", ancho_mm: 1200, alto_mm: 1500, m2: 99 })).toEqual({
      fecha: "2026-03-05",
      cliente: null,
      cantidad: 1,
      ancho_mm: 1200,
      alto_mm: 1500,
      observaciones: null,
      valor_m2: 1500,
    });
  });
  it("measures above 0 and a whole quantity of 1 or more", () => {
    expect(errorsOf(termopanelSchema, { fecha: "2026-03-05", ancho_mm: 0, cantidad: 0 })).toEqual({
      ancho_mm: ["Ingrese el ancho en mm (mayor que 0)."],
      alto_mm: ["Ingrese el alto en mm (mayor que 0)."],
      cantidad: ["La cantidad debe ser un número entero de 1 o más."],
    });
  });
});

describe("trabajadorUpdateSchema", () => {
  it("the period is optional (the row keeps its own) but checked when sent", () => {
    expect(trabajadorUpdateSchema.parse({ nombre: "Ana" }).periodo).toBeUndefined();
    expect(errorsOf(trabajadorUpdateSchema, { nombre: "Ana", periodo: "2026-13" })).toEqual({ periodo: ["Periodo inválido."] });
  });
});
