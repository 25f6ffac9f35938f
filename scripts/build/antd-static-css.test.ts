// The build's static antd stylesheet holds the styles the app asks for: keyed by the theme's
// tokens, so a stylesheet written with another theme would be ignored by antd in the browser.
import { describe, expect, it } from "vitest";
import { antdStaticCss } from "./antd-static-css";

describe("antd's static stylesheet", () => {
  const css = antdStaticCss();
  const index = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/.exec(css)?.[1] ?? "";
  const paths = index.split(";").map((entry) => entry.slice(0, entry.lastIndexOf(":")));

  it("ends with antd's index of what it holds, one entry per component style", () => {
    for (const component of ["Table-Table|ant-table", "Button-Button|ant-btn", "Form-Form|ant-form", "Select-Select|ant-select", "Modal-Modal|ant-modal", "Tabs-Tabs|ant-tabs"]) {
      expect(paths.some((p) => p.includes(component))).toBe(true);
    }
    expect(paths.length).toBeGreaterThan(60);
  });

  it("uses the app's colours (src/theme.ts)", () => {
    expect(css).toContain("#1d5c8c");
  });
});
