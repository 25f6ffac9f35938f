// An item's elevation drawing in a PDF: the shapes of src/domain/sales/elevation.ts
// (the same geometry as the web's SVG) drawn with @react-pdf/renderer's <Svg>.
import { G, Line, Polygon, Polyline, Rect, Svg, Text } from "@react-pdf/renderer";
import type { ComponentProps } from "react";
import { elevationDrawing, FILL, STROKE, TEXT_COLOR, type ElevationItem, type ElevationView, type Shape, type StrokeStyle } from "../domain/sales/elevation";

/** Svg text takes x, y and the SVG attributes its typings leave out. */
type SvgTextProps = ComponentProps<typeof Text> & { x: number; y: number; textAnchor: string; fill: string };
const SvgText = Text as unknown as (props: SvgTextProps) => React.ReactElement;

function stroke(style: StrokeStyle | "none", dashed?: boolean) {
  if (style === "none") return { stroke: "none" };
  const s = STROKE[style];
  return { stroke: s.color, strokeWidth: s.width, ...(dashed && s.dash ? { strokeDasharray: s.dash } : {}) };
}

const points = (pts: [number, number][]) => pts.map(([x, y]) => `${x},${y}`).join(" ");

function ShapePdf({ shape: s }: { shape: Shape }) {
  switch (s.kind) {
    case "rect":
      return <Rect x={s.x} y={s.y} width={s.w} height={s.h} fill={s.fill === "none" ? "none" : FILL[s.fill]} {...stroke(s.style)} />;
    case "line":
      return <Line x1={s.x1} y1={s.y1} x2={s.x2} y2={s.y2} {...stroke(s.style, s.dashed)} />;
    case "polyline":
      return <Polyline points={points(s.points)} fill="none" strokeLinejoin="round" {...stroke(s.style, s.dashed)} />;
    case "polygon":
      return <Polygon points={points(s.points)} fill={STROKE[s.style as StrokeStyle].color} stroke="none" />;
    case "text": {
      const text = (
        <SvgText x={s.x} y={s.y} textAnchor={s.anchor} fill={TEXT_COLOR} style={{ fontSize: s.size, fontFamily: s.bold ? "Helvetica-Bold" : "Helvetica" }}>
          {s.text}
        </SvgText>
      );
      return s.vertical ? <G transform={`rotate(-90 ${s.x} ${s.y})`}>{text}</G> : text;
    }
  }
}

/** The drawing `width` points wide (60 mm = 170 pt keeps its text readable); under it the
 * view only, since the row beside it says the type, the side and the extra frames. */
export function ElevationPdf({ item, view, width }: { item: ElevationItem; view: ElevationView; width: number }) {
  const d = elevationDrawing(item, { view, caption: "view" });
  return (
    <Svg viewBox={`0 0 ${d.width} ${d.height}`} width={width} height={(width * d.height) / d.width}>
      {d.shapes.map((shape, i) => (
        <ShapePdf key={i} shape={shape} />
      ))}
    </Svg>
  );
}
