// A Refine page title (same heading as a string title) that wraps long names instead of
// cutting them at 390 px.
import { Typography } from "antd";
import "./page.css";

export function PageTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={4} className="vt-wrap-title" style={{ marginBottom: 0 }}>
      {children}
    </Typography.Title>
  );
}
