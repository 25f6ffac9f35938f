// Golden drawings of every tipo_ventana × tipo_apertura × view (and a few sizes): a change to
// a drawing is a reviewed diff of src/domain/sales/elevation-golden/*.svg. Here, not beside
// the function, because src/domain does no I/O.
// UPDATE_GOLDEN=1 npx vitest run src/components/elevation/elevation-golden.test.ts rewrites them.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ELEVATION_CASES, ELEVATION_VIEWS, elevationSvg, type ElevationItem } from "../../domain/sales/elevation";
import { TIPOS_APERTURA, TIPOS_VENTANA } from "../../domain/sales/utv";

const GOLDEN_DIR = join(import.meta.dirname, "../../domain/sales/elevation-golden");
const slug = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");

const base = { ancho: 1500, alto: 1200, adicional: false, cuadros_adicionales: 0, cantidad: 1 };
const GOLDEN: [string, ElevationItem, (typeof ELEVATION_VIEWS)[number]][] = [
  ...ELEVATION_CASES.flatMap(({ tipo, apertura }) =>
    ELEVATION_VIEWS.map((view) => [`${slug(tipo)}_${slug(apertura)}_${view}`, { ...base, tipo_ventana: tipo, tipo_apertura: apertura }, view] as [string, ElevationItem, typeof view]),
  ),
  ["largo-bajo_doble-corredera_3000x600", { ...base, tipo_ventana: "Doble Corredera", tipo_apertura: "Derecha", ancho: 3000, alto: 600 }, "exterior"],
  ["alto-angosto_proyectante_500x1800", { ...base, tipo_ventana: "Proyectante", tipo_apertura: "Derecha", ancho: 500, alto: 1800 }, "exterior"],
  ["cuadros-adicionales_oscilobatiente_3", { ...base, tipo_ventana: "Oscilobatiente", tipo_apertura: "Izquierda", adicional: true, cuadros_adicionales: 3 }, "exterior"],
  ["cuadros-adicionales_fijo_1", { ...base, tipo_ventana: "Fijo", tipo_apertura: "Derecha", ancho: 900, alto: 2000, adicional: true, cuadros_adicionales: 1 }, "interior"],
  ["sin-medidas_doble-corredera", { ...base, tipo_ventana: "Doble Corredera", tipo_apertura: "Derecha", ancho: null, alto: null }, "exterior"],
];

describe("elevation golden drawings", () => {
  const update = process.env.UPDATE_GOLDEN === "1";
  if (update) mkdirSync(GOLDEN_DIR, { recursive: true });

  it("has one golden file per type × opening × view, and no stale file", () => {
    expect(ELEVATION_CASES).toHaveLength(TIPOS_VENTANA.length * TIPOS_APERTURA.length);
    const expected = GOLDEN.map(([name]) => `${name}.svg`).sort();
    if (update) for (const [name, item, view] of GOLDEN) writeFileSync(join(GOLDEN_DIR, `${name}.svg`), elevationSvg(item, { view }) + "\n");
    expect(readdirSync(GOLDEN_DIR).filter((f) => f.endsWith(".svg")).sort()).toEqual(expected);
  });

  it.each(GOLDEN)("%s matches its golden file", (name, item, view) => {
    expect(elevationSvg(item, { view }) + "\n").toBe(readFileSync(join(GOLDEN_DIR, `${name}.svg`), "utf8"));
  });
});

