import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CHAR_WIDTH, ELEVATION_VIEWS, elevationDrawing, elevationSvg, dimensionText, type ElevationItem, type Shape } from "./elevation";
import { TIPOS_APERTURA, TIPOS_VENTANA } from "./utv";

/** The box a shape covers (texts estimated from their length). */
function bounds(s: Shape): { x0: number; y0: number; x1: number; y1: number } {
  switch (s.kind) {
    case "rect":
      return { x0: s.x, y0: s.y, x1: s.x + s.w, y1: s.y + s.h };
    case "line":
      return { x0: Math.min(s.x1, s.x2), y0: Math.min(s.y1, s.y2), x1: Math.max(s.x1, s.x2), y1: Math.max(s.y1, s.y2) };
    case "polyline":
    case "polygon": {
      const xs = s.points.map((p) => p[0]);
      const ys = s.points.map((p) => p[1]);
      return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
    }
    case "text": {
      const len = s.text.length * CHAR_WIDTH * s.size;
      const start = s.anchor === "start" ? 0 : s.anchor === "middle" ? -len / 2 : -len;
      if (s.vertical) return { x0: s.x - s.size, y0: s.y - start - len, x1: s.x, y1: s.y - start };
      return { x0: s.x + start, y0: s.y - s.size, x1: s.x + start + len, y1: s.y + s.size * 0.25 };
    }
  }
}

const numbers = (s: Shape): number[] => Object.values(s).flatMap((v) => (typeof v === "number" ? [v] : Array.isArray(v) ? v.flat() : []));

describe("elevation properties", () => {
  const item = fc.record({
    tipo_ventana: fc.constantFrom(...TIPOS_VENTANA),
    tipo_apertura: fc.constantFrom(...TIPOS_APERTURA),
    ancho: fc.integer({ min: 200, max: 6000 }),
    alto: fc.integer({ min: 200, max: 6000 }),
    adicional: fc.boolean(),
    cuadros_adicionales: fc.integer({ min: 0, max: 1000 }),
    cantidad: fc.integer({ min: 1, max: 50 }),
  });
  const view = fc.constantFrom(...ELEVATION_VIEWS);

  it("any size from 200 to 6000 mm: everything inside the box, no NaN, the sizes written as typed, frame to scale", () => {
    fc.assert(
      fc.property(item, view, (it, v) => {
        const d = elevationDrawing(it, { view: v });
        for (const s of d.shapes) {
          for (const n of numbers(s)) expect(Number.isFinite(n)).toBe(true);
          const b = bounds(s);
          expect(b.x0).toBeGreaterThanOrEqual(0);
          expect(b.y0).toBeGreaterThanOrEqual(0);
          expect(b.x1).toBeLessThanOrEqual(d.width);
          expect(b.y1).toBeLessThanOrEqual(d.height);
        }
        const texts = d.shapes.filter((s) => s.kind === "text").map((s) => s.text);
        expect(texts).toContain(String(it.ancho));
        expect(texts).toContain(String(it.alto));
        const frame = d.shapes.find((s) => s.kind === "rect");
        if (frame?.kind !== "rect") throw new Error("no frame");
        expect(frame.w / frame.h).toBeCloseTo(it.ancho / it.alto, 6);
        const svg = elevationSvg(it, { view: v });
        expect(svg).not.toMatch(/NaN|Infinity|undefined/);
        expect(svg).toContain(`>${it.ancho}</text>`);
        expect(svg).toContain(`>${it.alto}</text>`);
      }),
      { numRuns: 300 },
    );
  });
});

describe("elevation conventions", () => {
  const apexX = (it: ElevationItem, view: "exterior" | "interior") => {
    const d = elevationDrawing(it, { view });
    const turn = d.shapes.filter((s) => s.kind === "polyline" && s.style === "symbol").map((s) => (s.kind === "polyline" ? s.points[1] : [0, 0]));
    return turn;
  };

  it("a 3000 × 600 window is long and low", () => {
    const d = elevationDrawing({ tipo_ventana: "Fijo", ancho: 3000, alto: 600 });
    const frame = d.shapes[0];
    expect(frame.kind === "rect" && frame.w / frame.h).toBe(5);
  });

  it("a proyectante's apex is at the top hinge: solid from outside, dashed from inside", () => {
    const item = { tipo_ventana: "Proyectante", tipo_apertura: "Derecha", ancho: 1000, alto: 1000 };
    const ext = elevationDrawing(item).shapes.find((s) => s.kind === "polyline" && s.style === "symbol");
    const int = elevationDrawing(item, { view: "interior" }).shapes.find((s) => s.kind === "polyline" && s.style === "symbol");
    if (ext?.kind !== "polyline" || int?.kind !== "polyline") throw new Error("no triangle");
    expect(ext.points[1][1]).toBeLessThan(ext.points[0][1]);
    expect(ext.dashed).toBeUndefined();
    expect(int.dashed).toBe(true);
  });

  it("an oscilobatiente has both triangles, the turn apex on its side, mirrored from inside", () => {
    const item = { tipo_ventana: "Oscilobatiente", tipo_apertura: "Derecha", ancho: 1000, alto: 1000 };
    const [tilt, turn] = apexX(item, "exterior");
    expect(tilt[1]).toBeGreaterThan(turn[1]); // tilt apex at the bottom
    const [, turnInside] = apexX(item, "interior");
    const center = elevationDrawing(item).width / 2;
    expect(turn[0]).toBeGreaterThan(turnInside[0]);
    expect(Math.sign(turn[0] - center - 12)).not.toBe(Math.sign(turnInside[0] - center - 12));
    expect(apexX({ ...item, tipo_apertura: "Por Definir" }, "exterior")).toHaveLength(1);
  });

  it("says the side is undecided, the view, the extra frames and missing sizes", () => {
    expect(elevationDrawing({ tipo_ventana: "Oscilobatiente", tipo_apertura: "Por Definir", ancho: 800, alto: 900 }).caption).toEqual([
      "Oscilobatiente",
      "Lado de apertura por definir",
      "Vista desde el exterior",
    ]);
    expect(elevationDrawing({ tipo_ventana: "Fijo", tipo_apertura: "Izquierda", ancho: null, alto: 900, adicional: true, cuadros_adicionales: 2 }, { view: "interior" }).caption).toEqual([
      "Fijo",
      "+ 2 cuadros adicionales",
      "Medidas por definir",
      "Vista desde el interior",
    ]);
    // Extra frames only count when "adicional" is on.
    expect(elevationDrawing({ tipo_ventana: "Fijo", ancho: 800, alto: 900, adicional: false, cuadros_adicionales: 2 }).caption).toEqual(["Fijo", "Vista desde el exterior"]);
  });

  it("draws one fixed pane per extra frame, at most a dozen", () => {
    const fixedPanes = (n: number) => elevationDrawing({ tipo_ventana: "Proyectante", ancho: 3000, alto: 2000, adicional: true, cuadros_adicionales: n }).shapes.filter((s) => s.kind === "rect" && s.style === "glass").length;
    expect(fixedPanes(0)).toBe(1);
    expect(fixedPanes(3)).toBe(4);
    expect(fixedPanes(500)).toBe(13);
  });

  it("a door frame has no sill: three sides and a floor line", () => {
    const d = elevationDrawing({ tipo_ventana: "Marco puerta", tipo_apertura: "Izquierda", ancho: 900, alto: 2100 });
    expect(d.shapes[0]).toMatchObject({ kind: "rect", style: "none" });
    expect(d.shapes[1]).toMatchObject({ kind: "polyline", style: "frame" });
    expect(d.shapes.some((s) => s.kind === "line" && s.style === "floor")).toBe(true);
  });

  it("writes sizes as typed and escapes text", () => {
    expect(dimensionText(1500)).toBe("1500");
    expect(dimensionText(1200.5)).toBe("1200,5");
    expect(elevationSvg({ tipo_ventana: "Otro", ancho: 1, alto: 1 }, { title: `<a & "b">` })).toContain("<title>&lt;a &amp; &quot;b&quot;&gt;</title>");
    expect(elevationSvg({ tipo_ventana: "<script>", ancho: 1, alto: 1 })).not.toContain("<script>");
  });
});
