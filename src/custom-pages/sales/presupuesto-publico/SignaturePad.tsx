// The client's signature: a canvas drawn with a finger, a pen or the mouse (pointer
// events), kept as SVG path data in a FIRMA_ANCHO × FIRMA_ALTO box (small, sharp in the
// PDF). "Limpiar" starts again.
import { useCallback, useEffect, useRef } from "react";
import { FIRMA_ALTO, FIRMA_ANCHO } from "../../../domain/sales/enlaces";

type Point = [number, number];

/** Path data of the strokes: "M x y L x y …" per stroke, one decimal. */
export function strokesToPath(strokes: readonly Point[][]): string {
  const n = (v: number) => String(Math.round(v * 10) / 10);
  return strokes
    .filter((s) => s.length > 0)
    .map((s) => {
      const pts = s.length === 1 ? [s[0], [s[0][0] + 0.5, s[0][1] + 0.5] as Point] : s;
      return pts.map(([x, y], i) => `${i === 0 ? "M" : "L"}${n(x)} ${n(y)}`).join(" ");
    })
    .join(" ");
}

export function SignaturePad({ onChange, disabled }: { onChange: (path: string) => void; disabled?: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const drawing = useRef(false);

  const redraw = useCallback(() => {
    const c = canvas.current;
    const g = c?.getContext("2d");
    if (!c || !g) return;
    const ratio = window.devicePixelRatio || 1;
    const w = c.clientWidth;
    const h = c.clientHeight;
    if (c.width !== Math.round(w * ratio)) {
      c.width = Math.round(w * ratio);
      c.height = Math.round(h * ratio);
    }
    g.setTransform(ratio * (w / FIRMA_ANCHO), 0, 0, ratio * (h / FIRMA_ALTO), 0, 0);
    g.clearRect(0, 0, FIRMA_ANCHO, FIRMA_ALTO);
    g.lineWidth = 4;
    g.lineCap = "round";
    g.lineJoin = "round";
    g.strokeStyle = "#1f2937";
    for (const s of strokes.current) {
      g.beginPath();
      s.forEach(([px, py], i) => (i === 0 ? g.moveTo(px, py) : g.lineTo(px, py)));
      if (s.length === 1) g.lineTo(s[0][0] + 0.5, s[0][1] + 0.5);
      g.stroke();
    }
  }, []);

  useEffect(() => {
    redraw();
    window.addEventListener("resize", redraw);
    return () => window.removeEventListener("resize", redraw);
  }, [redraw]);

  const pointOf = (e: React.PointerEvent<HTMLCanvasElement>): Point => {
    const r = e.currentTarget.getBoundingClientRect();
    const x = ((e.clientX - r.left) / r.width) * FIRMA_ANCHO;
    const y = ((e.clientY - r.top) / r.height) * FIRMA_ALTO;
    return [Math.min(FIRMA_ANCHO, Math.max(0, x)), Math.min(FIRMA_ALTO, Math.max(0, y))];
  };

  const down = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drawing.current = true;
    strokes.current.push([pointOf(e)]);
    redraw();
  };
  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    e.preventDefault();
    strokes.current[strokes.current.length - 1].push(pointOf(e));
    redraw();
  };
  const up = () => {
    if (!drawing.current) return;
    drawing.current = false;
    onChange(strokesToPath(strokes.current));
  };
  const clear = () => {
    strokes.current = [];
    redraw();
    onChange("");
  };

  return (
    <div className="pp-firma">
      <canvas
        ref={canvas}
        className="pp-firma-lienzo"
        role="img"
        aria-label="Recuadro de firma: firme con el dedo o el mouse"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onPointerLeave={up}
      />
      <div className="pp-firma-pie">
        <span>Firme dentro del recuadro</span>
        <button type="button" className="pp-link" onClick={clear} disabled={disabled}>
          Limpiar
        </button>
      </div>
    </div>
  );
}
