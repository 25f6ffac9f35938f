// The label/value pairs at the top of a show page (a <dl class="vt-facts">); an empty value shows "—".
import type { ReactNode } from "react";
import "./page.css";

export function Facts({ children }: { children: ReactNode }) {
  return <dl className="vt-facts">{children}</dl>;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || (typeof children === "string" && children.trim() === "");
  return (
    <div>
      <dt>{label}</dt>
      <dd>{empty ? "—" : children}</dd>
    </div>
  );
}
