// The Ventanal mark (src/components/Logo.tsx) drawn with @react-pdf/renderer's SVG
// primitives: a window frame with four glass panes, flat colours for print.
import { Path, Rect, Svg } from "@react-pdf/renderer";

export function PdfLogo({ size = 40 }: { size?: number }) {
  const pane = (x: number, y: number) => <Rect key={`${x}-${y}`} x={x} y={y} width={14.5} height={14.5} rx={1.5} fill="#5ba6da" />;
  return (
    <Svg width={size} height={size} viewBox="0 0 48 48">
      <Rect x={3} y={3} width={42} height={42} rx={6} fill="#e8eef3" />
      {[pane(8, 8), pane(25.5, 8), pane(8, 25.5), pane(25.5, 25.5)]}
      <Path d="M11 19 L19 11 M28.5 19 L36.5 11" stroke="#ffffff" strokeWidth={1.6} strokeLinecap="round" />
    </Svg>
  );
}
