// Elevation drawing of a quote item (issue 34): the window's frame to scale with its outer
// dimensions in mm and the trade symbol of its type, as one list of primitive shapes
// (`elevationDrawing`) that two renderers map from: the SVG text here (web, public page) and
// the PDF's <Svg> (src/pdf/ElevationPdf.tsx). Pure: no I/O, no React.
//
// Conventions (docs/reglas-de-negocio/dibujos.md):
// - Derecha / Izquierda are read looking at the window from outside. A drawing "desde el
//   interior" is the same window mirrored left to right.
// - A sash that opens toward the viewer is drawn with solid lines, one that opens away with
//   dashed lines: a proyectante opens outward, an oscilobatiente and a door inward.
// - The triangle's apex is at the hinge: top for a proyectante, bottom (tilt) and the hinge
//   side (turn) for an oscilobatiente, the hinge side for a door.
// - Sliding sashes carry an arrow toward where they slide; the sash on the outer rail is
//   drawn in front (its stiles whole over the overlap).
import { TIPOS_APERTURA, TIPOS_VENTANA, tipoLabel, type TipoApertura, type TipoVentana } from "./utv";

export const ELEVATION_VIEWS = ["exterior", "interior"] as const;
export type ElevationView = (typeof ELEVATION_VIEWS)[number];
export const ELEVATION_VIEW_DEFAULT: ElevationView = "exterior";
export const ELEVATION_VIEW_LABELS: Readonly<Record<ElevationView, string>> = {
  exterior: "Vista desde el exterior",
  interior: "Vista desde el interior",
};

/** What a drawing needs of a quote item: an item row or a form's draft fits as it is. */
export interface ElevationItem {
  tipo_ventana: TipoVentana | string | null | undefined;
  tipo_apertura?: TipoApertura | string | null;
  ancho: number | null | undefined;
  alto: number | null | undefined;
  adicional?: boolean | null;
  cuadros_adicionales?: number | null;
  cantidad?: number | null;
}

export type StrokeStyle = "frame" | "sash" | "glass" | "symbol" | "dimension" | "floor";

export type Shape =
  | { kind: "rect"; x: number; y: number; w: number; h: number; style: StrokeStyle | "none"; fill: "none" | "glass" | "frame" | "white" }
  | { kind: "line"; x1: number; y1: number; x2: number; y2: number; style: StrokeStyle; dashed?: boolean }
  | { kind: "polyline"; points: [number, number][]; style: StrokeStyle; dashed?: boolean }
  | { kind: "polygon"; points: [number, number][]; style: StrokeStyle }
  | {
      kind: "text";
      x: number;
      y: number;
      text: string;
      size: number;
      anchor: "start" | "middle" | "end";
      bold?: boolean;
      /** Rotated -90° about (x, y): a vertical dimension. */
      vertical?: boolean;
    };

export interface ElevationDrawing {
  width: number;
  height: number;
  shapes: Shape[];
  /** The texts of the outer dimensions (mm) and the caption lines, for tests and alt text. */
  anchoText: string;
  altoText: string;
  caption: string[];
}

export const STROKE: Readonly<Record<StrokeStyle, { color: string; width: number; dash?: string }>> = {
  frame: { color: "#1f2937", width: 1.6 },
  sash: { color: "#1f2937", width: 1.1 },
  glass: { color: "#64748b", width: 0.5 },
  symbol: { color: "#0f4c81", width: 0.9, dash: "4 3" },
  dimension: { color: "#374151", width: 0.6 },
  floor: { color: "#374151", width: 1 },
};
export const FILL: Readonly<Record<"glass" | "frame" | "white", string>> = { glass: "#e3eef8", frame: "#f3f4f6", white: "#ffffff" };
export const TEXT_COLOR = "#111827";

// Layout, in drawing units (the viewBox is WIDTH wide whatever the window).
const WIDTH = 264;
const BOX_W = 196; // the largest window width drawn
const BOX_H = 150; // the largest window height drawn
const LEFT = 52; // room for the height's dimension
const TOP = 8;
const MIN_BAND = 40; // the window's band is at least this high, so the height's text fits
const DIM_GAP = 16; // window edge to dimension line
const FONT_DIM = 11;
const FONT_CAPTION = 10.5;
const LINE = 13.5;
/** A side-less stand-in size when a measure is missing. */
const SIN_MEDIDA_MM = 1000;
/** Divisions drawn at most for extra frames; the caption gives the count. */
export const MAX_CUADROS_DIBUJADOS = 12;

/** Average advance of a character, as a share of the font size (Helvetica-like). */
export const CHAR_WIDTH = 0.56;

type Side = "Derecha" | "Izquierda" | null;

function sideOf(apertura: ElevationItem["tipo_apertura"]): Side {
  return apertura === "Derecha" || apertura === "Izquierda" ? apertura : null;
}

function tipoOf(tipo: ElevationItem["tipo_ventana"]): TipoVentana {
  return (TIPOS_VENTANA as readonly string[]).includes(tipo ?? "") ? (tipo as TipoVentana) : "Otro";
}

/** Types whose drawing depends on the opening side. */
export const TIPOS_CON_LADO: readonly TipoVentana[] = ["Doble Corredera", "Doble corredera con fijo", "Oscilobatiente", "Marco puerta"];

function measure(v: number | null | undefined): number | null {
  return typeof v === "number" && Number.isFinite(v) && v > 0 ? v : null;
}

/** A size as the drawing writes it: whole millimetres plain ("1500"), decimals with a comma. */
export function dimensionText(v: number): string {
  if (Number.isInteger(v)) return String(v);
  return String(Math.round(v * 100) / 100).replace(".", ",");
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function captionOf(item: ElevationItem, tipo: TipoVentana, side: Side, view: ElevationView): string[] {
  const lines: string[] = [tipoLabel(tipo)];
  if (TIPOS_CON_LADO.includes(tipo)) lines.push(side ? `Apertura ${side.toLowerCase()}` : "Lado de apertura por definir");
  const cuadros = cuadrosOf(item);
  if (cuadros > 0) lines.push(cuadros === 1 ? "+ 1 cuadro adicional" : `+ ${cuadros} cuadros adicionales`);
  if (measure(item.ancho) === null || measure(item.alto) === null) lines.push("Medidas por definir");
  lines.push(ELEVATION_VIEW_LABELS[view]);
  return lines;
}

function cuadrosOf(item: ElevationItem): number {
  const n = item.cuadros_adicionales;
  return item.adicional && typeof n === "number" && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** Box of a pane in drawing units. */
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The shapes of a window drawn in `box` as seen from outside. */
class Pen {
  readonly shapes: Shape[] = [];
  constructor(readonly t: number) {}

  rect(b: Box, style: StrokeStyle | "none", fill: "none" | "glass" | "frame" | "white") {
    this.shapes.push({ kind: "rect", x: b.x, y: b.y, w: Math.max(0, b.w), h: Math.max(0, b.h), style, fill });
  }
  line(x1: number, y1: number, x2: number, y2: number, style: StrokeStyle, dashed?: boolean) {
    this.shapes.push({ kind: "line", x1, y1, x2, y2, style, ...(dashed ? { dashed } : {}) });
  }
  polyline(points: [number, number][], dashed: boolean, style: StrokeStyle = "symbol") {
    this.shapes.push({ kind: "polyline", points, style, ...(dashed ? { dashed } : {}) });
  }
  /** A glazed sash: its profile and its glass. */
  sash(b: Box): Box {
    const s = Math.min(this.t * 0.8, b.w / 4, b.h / 4);
    this.rect(b, "sash", "frame");
    const glass = { x: b.x + s, y: b.y + s, w: b.w - 2 * s, h: b.h - 2 * s };
    this.rect(glass, "glass", "glass");
    return glass;
  }
  /** A fixed pane: glass straight in the frame, marked F when there is room. */
  fixed(b: Box) {
    this.rect(b, "glass", "glass");
    const size = Math.min(FONT_DIM, b.h * 0.5, b.w * 0.8);
    if (size >= 6) this.shapes.push({ kind: "text", x: b.x + b.w / 2, y: b.y + b.h / 2 + size * 0.35, text: "F", size, anchor: "middle" });
  }
  /** Opening triangle: lines from the two far corners to the middle of the hinge edge. */
  triangle(b: Box, hinge: "top" | "bottom" | "left" | "right", dashed: boolean) {
    const { x, y, w, h } = b;
    const pts: Record<typeof hinge, [number, number][]> = {
      top: [[x, y + h], [x + w / 2, y], [x + w, y + h]],
      bottom: [[x, y], [x + w / 2, y + h], [x + w, y]],
      left: [[x + w, y], [x, y + h / 2], [x + w, y + h]],
      right: [[x, y], [x + w, y + h / 2], [x, y + h]],
    };
    this.polyline(pts[hinge], dashed);
  }
  /** A horizontal arrow across the middle of `b`, pointing right or left. */
  arrow(b: Box, to: "right" | "left" | "both") {
    const len = Math.min(b.w * 0.55, 60);
    const head = clamp(len * 0.25, 1, 6);
    const cy = b.y + b.h / 2;
    const x1 = b.x + (b.w - len) / 2;
    const x2 = x1 + len;
    this.line(x1, cy, x2, cy, "symbol");
    const hw = Math.min(head * 0.6, b.h / 3);
    if (to !== "left") this.shapes.push({ kind: "polygon", points: [[x2, cy], [x2 - head, cy - hw], [x2 - head, cy + hw]], style: "symbol" });
    if (to !== "right") this.shapes.push({ kind: "polygon", points: [[x1, cy], [x1 + head, cy - hw], [x1 + head, cy + hw]], style: "symbol" });
  }
}

/** Equal parts of a box across its width. */
function columns(b: Box, n: number, mullion: number): Box[] {
  const m = Math.min(mullion, b.w / (n * 4));
  const w = (b.w - m * (n - 1)) / n;
  return Array.from({ length: n }, (_, i) => ({ x: b.x + i * (w + m), y: b.y, w, h: b.h }));
}

function slidingPair(pen: Pen, b: Box, front: Side, arrows: "inward" | "both") {
  const overlap = Math.min(pen.t * 1.2, b.w / 8);
  const w = (b.w + overlap) / 2;
  const left: Box = { x: b.x, y: b.y, w, h: b.h };
  const right: Box = { x: b.x + b.w - w, y: b.y, w, h: b.h };
  // The back sash first, the front one over it.
  const order = front === "Izquierda" ? [right, left] : [left, right];
  for (const s of order) pen.sash(s);
  if (front === null) pen.line(b.x + b.w / 2, b.y, b.x + b.w / 2, b.y + b.h, "sash");
  pen.arrow({ ...left, w: w - overlap }, arrows === "both" ? "both" : "right");
  pen.arrow({ ...right, x: right.x + overlap, w: w - overlap }, arrows === "both" ? "both" : "left");
}

/** The sash on the outer rail is on the opening's side; seen from inside, the other one is in front. */
function front(side: Side, view: ElevationView): Side {
  if (side === null || view === "exterior") return side;
  return side === "Derecha" ? "Izquierda" : "Derecha";
}

function drawWindow(pen: Pen, tipo: TipoVentana, side: Side, view: ElevationView, inner: Box) {
  // Solid when the sash opens toward the viewer: outward types seen from outside, inward ones from inside.
  const outwardDashed = view === "interior";
  const inwardDashed = view === "exterior";
  switch (tipo) {
    case "Fijo":
      pen.fixed(inner);
      return;
    case "Doble Corredera":
      slidingPair(pen, inner, front(side, view), side ? "inward" : "both");
      return;
    case "Doble corredera con fijo": {
      const m = pen.t * 0.8;
      if (side === null) {
        const [l, c, r] = columns(inner, 3, m);
        pen.fixed(c);
        pen.arrow(pen.sash(l), "right");
        pen.arrow(pen.sash(r), "left");
        return;
      }
      // The sliding pair on the opening's side, the fixed pane on the other, a mullion between.
      const third = (inner.w - m) / 3;
      const fixedLeft = side === "Derecha";
      const fixedBox: Box = fixedLeft ? { ...inner, w: third } : { ...inner, x: inner.x + inner.w - third, w: third };
      const pairBox: Box = fixedLeft ? { ...inner, x: inner.x + third + m, w: inner.w - third - m } : { ...inner, w: inner.w - third - m };
      const mx = fixedLeft ? inner.x + third + m / 2 : inner.x + inner.w - third - m / 2;
      pen.line(mx, inner.y, mx, inner.y + inner.h, "frame");
      pen.fixed(fixedBox);
      slidingPair(pen, pairBox, front(side, view), "inward");
      return;
    }
    case "Proyectante": {
      const glass = pen.sash(inner);
      pen.triangle(glass, "top", outwardDashed);
      return;
    }
    case "Oscilobatiente": {
      const glass = pen.sash(inner);
      pen.triangle(glass, "bottom", inwardDashed);
      if (side) pen.triangle(glass, side === "Derecha" ? "right" : "left", inwardDashed);
      return;
    }
    case "Marco puerta": {
      const leaf = pen.sash(inner);
      if (side) pen.triangle(leaf, side === "Derecha" ? "right" : "left", inwardDashed);
      return;
    }
    case "Otro": {
      pen.rect(inner, "glass", "white");
      const size = Math.min(FONT_DIM * 1.2, inner.h * 0.6, inner.w / (4 * CHAR_WIDTH));
      if (size >= 4) pen.shapes.push({ kind: "text", x: inner.x + inner.w / 2, y: inner.y + inner.h / 2 + size * 0.35, text: "Otro", size, anchor: "middle", bold: true });
      return;
    }
  }
}

function mirrorX(s: Shape, axis: number): Shape {
  const m = (x: number) => 2 * axis - x;
  switch (s.kind) {
    case "rect":
      return { ...s, x: m(s.x + s.w) };
    case "line":
      return { ...s, x1: m(s.x1), x2: m(s.x2) };
    case "polyline":
    case "polygon":
      return { ...s, points: s.points.map(([x, y]) => [m(x), y] as [number, number]) };
    case "text":
      return { ...s, x: m(s.x) };
  }
}

/** The drawing of an item as primitive shapes in a WIDTH-wide box. */
export interface ElevationOptions {
  view?: ElevationView;
  /** "full" (default): type, side, extra frames, missing sizes and view under the drawing;
   * "view": the view alone, where the drawing sits beside a row that says the rest (the PDF). */
  caption?: "full" | "view";
}

export function elevationDrawing(item: ElevationItem, options: ElevationOptions = {}): ElevationDrawing {
  const view = options.view ?? ELEVATION_VIEW_DEFAULT;
  const tipo = tipoOf(item.tipo_ventana);
  const side = TIPOS_CON_LADO.includes(tipo) ? sideOf(item.tipo_apertura) : null;
  const ancho = measure(item.ancho);
  const alto = measure(item.alto);
  const wMm = ancho ?? SIN_MEDIDA_MM;
  const hMm = alto ?? SIN_MEDIDA_MM;
  const scale = Math.min(BOX_W / wMm, BOX_H / hMm);
  const w = wMm * scale;
  const h = hMm * scale;
  const band = Math.max(h, MIN_BAND);
  const x0 = LEFT + (BOX_W - w) / 2;
  const y0 = TOP + (band - h) / 2;
  const t = clamp(Math.min(w, h) * 0.05, 0.6, 5);
  const isDoor = tipo === "Marco puerta";

  const pen = new Pen(t);
  // Frame: a door's has no sill (three sides, standing on the floor line).
  if (isDoor) {
    pen.rect({ x: x0, y: y0, w, h }, "none", "frame");
    pen.polyline([[x0, y0 + h], [x0, y0], [x0 + w, y0], [x0 + w, y0 + h]], false, "frame");
  } else pen.rect({ x: x0, y: y0, w, h }, "frame", "frame");
  const inner: Box = { x: x0 + t, y: y0 + t, w: w - 2 * t, h: h - (isDoor ? t : 2 * t) };
  const cuadros = cuadrosOf(item);
  let body = inner;
  if (cuadros > 0) {
    // Extra frames: a fixed band over the window, divided into one pane each.
    const bandH = Math.min(inner.h * 0.28, 40);
    const top: Box = { x: inner.x, y: inner.y, w: inner.w, h: bandH - t / 2 };
    const drawn = Math.min(cuadros, MAX_CUADROS_DIBUJADOS);
    for (const pane of columns(top, drawn, t)) pen.fixed(pane);
    pen.line(inner.x, inner.y + bandH, inner.x + inner.w, inner.y + bandH, "frame");
    body = { x: inner.x, y: inner.y + bandH + t / 2, w: inner.w, h: inner.h - bandH - t / 2 };
  }
  drawWindow(pen, tipo, side, view, body);
  if (isDoor) {
    const fy = y0 + h;
    pen.line(x0 - 6, fy, x0 + w + 6, fy, "floor");
    for (let x = x0 - 4; x < x0 + w + 6; x += 6) pen.line(x, fy, x - 3, fy + 3, "floor");
  }
  const windowShapes = view === "interior" ? pen.shapes.map((s) => mirrorX(s, x0 + w / 2)) : pen.shapes;

  const shapes: Shape[] = [...windowShapes];
  const anchoText = ancho === null ? "—" : dimensionText(ancho);
  const altoText = alto === null ? "—" : dimensionText(alto);
  // Width: below the window (below the floor's hatch for a door).
  const dy = TOP + band + DIM_GAP + (isDoor ? 2 : 0);
  const tick = 3;
  shapes.push(
    { kind: "line", x1: x0, y1: y0 + h + 2, x2: x0, y2: dy + tick, style: "dimension" },
    { kind: "line", x1: x0 + w, y1: y0 + h + 2, x2: x0 + w, y2: dy + tick, style: "dimension" },
    { kind: "line", x1: x0, y1: dy, x2: x0 + w, y2: dy, style: "dimension" },
    { kind: "line", x1: x0 - tick, y1: dy + tick, x2: x0 + tick, y2: dy - tick, style: "dimension" },
    { kind: "line", x1: x0 + w - tick, y1: dy + tick, x2: x0 + w + tick, y2: dy - tick, style: "dimension" },
    { kind: "text", x: x0 + w / 2, y: dy + FONT_DIM + 1, text: anchoText, size: FONT_DIM, anchor: "middle", bold: true },
  );
  // Height: left of the window.
  const dx = x0 - DIM_GAP;
  shapes.push(
    { kind: "line", x1: x0 - 2, y1: y0, x2: dx - tick, y2: y0, style: "dimension" },
    { kind: "line", x1: x0 - 2, y1: y0 + h, x2: dx - tick, y2: y0 + h, style: "dimension" },
    { kind: "line", x1: dx, y1: y0, x2: dx, y2: y0 + h, style: "dimension" },
    { kind: "line", x1: dx - tick, y1: y0 + tick, x2: dx + tick, y2: y0 - tick, style: "dimension" },
    { kind: "line", x1: dx - tick, y1: y0 + h + tick, x2: dx + tick, y2: y0 + h - tick, style: "dimension" },
  );
  const altoLen = altoText.length * CHAR_WIDTH * FONT_DIM;
  if (h >= altoLen + 6) {
    shapes.push({ kind: "text", x: dx - 3, y: y0 + h / 2, text: altoText, size: FONT_DIM, anchor: "middle", bold: true, vertical: true });
  } else {
    shapes.push({ kind: "text", x: dx - tick - 2, y: y0 + h / 2 + FONT_DIM * 0.35, text: altoText, size: FONT_DIM, anchor: "end", bold: true });
  }

  const caption = options.caption === "view" ? [ELEVATION_VIEW_LABELS[view]] : captionOf(item, tipo, side, view);
  let cy = dy + FONT_DIM + 6;
  for (const [i, text] of caption.entries()) {
    cy += LINE;
    shapes.push({ kind: "text", x: LEFT + BOX_W / 2, y: cy, text, size: FONT_CAPTION, anchor: "middle", bold: i === 0 && caption.length > 1 });
  }
  return { width: WIDTH, height: Math.ceil(cy + 5), shapes, anchoText, altoText, caption };
}

const r = (v: number) => String(Math.round(v * 100) / 100);

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] as string);
}

function strokeAttrs(style: StrokeStyle | "none", dashed?: boolean): string {
  if (style === "none") return `stroke="none"`;
  const s = STROKE[style];
  return `stroke="${s.color}" stroke-width="${s.width}"${dashed && s.dash ? ` stroke-dasharray="${s.dash}"` : ""}`;
}

function shapeSvg(s: Shape): string {
  switch (s.kind) {
    case "rect":
      return `<rect x="${r(s.x)}" y="${r(s.y)}" width="${r(s.w)}" height="${r(s.h)}" fill="${s.fill === "none" ? "none" : FILL[s.fill]}" ${strokeAttrs(s.style)}/>`;
    case "line":
      return `<line x1="${r(s.x1)}" y1="${r(s.y1)}" x2="${r(s.x2)}" y2="${r(s.y2)}" ${strokeAttrs(s.style, s.dashed)}/>`;
    case "polyline":
      return `<polyline points="${s.points.map(([x, y]) => `${r(x)},${r(y)}`).join(" ")}" fill="none" stroke-linejoin="round" ${strokeAttrs(s.style, s.dashed)}/>`;
    case "polygon":
      return `<polygon points="${s.points.map(([x, y]) => `${r(x)},${r(y)}`).join(" ")}" fill="${STROKE[s.style].color}" stroke="none"/>`;
    case "text": {
      const rotate = s.vertical ? ` transform="rotate(-90 ${r(s.x)} ${r(s.y)})" dominant-baseline="auto"` : "";
      return `<text x="${r(s.x)}" y="${r(s.y)}" font-size="${r(s.size)}" text-anchor="${s.anchor}"${s.bold ? ' font-weight="bold"' : ""} fill="${TEXT_COLOR}"${rotate}>${escapeXml(s.text)}</text>`;
    }
  }
}

/** A complete standalone <svg> (viewBox, no pixel size unless asked), Spanish text, escaped. */
export function elevationSvg(item: ElevationItem, options: ElevationOptions & { width?: number | string; title?: string } = {}): string {
  const d = elevationDrawing(item, options);
  const title = options.title ?? `${tipoLabel(tipoOf(item.tipo_ventana))}, ${d.anchoText} × ${d.altoText} mm`;
  const size = options.width === undefined ? "" : ` width="${escapeXml(String(options.width))}"`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${d.width} ${d.height}"${size} role="img" font-family="Helvetica, Arial, sans-serif">`,
    `<title>${escapeXml(title)}</title>`,
    ...d.shapes.map(shapeSvg),
    `</svg>`,
  ].join("\n");
}

/** Every type × opening, for the golden files and the docs. */
export const ELEVATION_CASES = TIPOS_VENTANA.flatMap((tipo) => TIPOS_APERTURA.map((apertura) => ({ tipo, apertura })));
