// antd 5 writes its components' CSS at run time (CSS-in-JS): on a screen's first render a
// third of the browser's work was generating and inserting those styles (issue 36). The
// build renders every antd component once, in Node, with the app's theme (src/theme.ts),
// and writes their CSS to one stylesheet, assets/antd-static-<hash>.css. That stylesheet
// ends with antd's own index of what it holds (a `.data-ant-cssinjs-cache-path` rule): in
// the browser antd finds each style there and skips generating it. Anything not in it (a
// reduced-motion theme, the overlays left out below) is still generated at run time.
// The server links it on signed-in addresses (server/web-app.ts); main.tsx adds it before
// the app's code runs when a person signs in from /login.
import { createElement, Fragment, type ComponentType, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import * as antd from "antd";
import type { Plugin } from "vite";
import { themeFor } from "../../src/theme";

/** The stylesheet's name in dist/assets (hashed): antd-static-<hash>.css. */
export const ANTD_CSS_NAME = "antd-static.css";

/** Not components, or nothing to render. */
const LEFT_OUT = new Set(["ConfigProvider", "Grid"]);
/** Overlays render through portals: their panels (antd's own) carry the same styles. */
const PANELS = ["Drawer", "Modal", "Popconfirm", "Popover", "Tooltip", "Tour"];

type AnyComponent = ComponentType<Record<string, unknown>>;
const h = (c: AnyComponent, props: Record<string, unknown> = {}, ...children: ReactNode[]) => createElement(c, props, ...children);

/** Components that need props or a child to render at all. */
const CUSTOM: Record<string, (c: AnyComponent) => ReactNode> = {
  Affix: (c) => h(c, {}, createElement("div")),
  Dropdown: (c) => h(c, { menu: { items: [] } }, createElement("div")),
  Menu: (c) => h(c, { items: [] }),
  QRCode: (c) => h(c, { value: "ventanal" }),
  Tree: (c) => h(c, { treeData: [] }),
};

/** The CSS of every antd component with the app's default theme, with antd's index of it. */
export function antdStaticCss(): string {
  const exports = antd as unknown as Record<string, unknown>;
  const names = Object.keys(exports).filter((n) => /^[A-Z]/.test(n) && !LEFT_OUT.has(n) && (typeof exports[n] === "function" || typeof exports[n] === "object"));
  const render = (n: string) => {
    const c = exports[n] as AnyComponent & { _InternalPanelDoNotUseOrYouWillBeFired?: AnyComponent };
    if (PANELS.includes(n)) return c._InternalPanelDoNotUseOrYouWillBeFired ? h(c._InternalPanelDoNotUseOrYouWillBeFired) : null;
    return CUSTOM[n] ? CUSTOM[n](c) : h(c);
  };
  const nodes = names.map((n) => createElement(Fragment, { key: n }, render(n)));
  const cache = createCache();
  renderToString(createElement(StyleProvider, { cache }, createElement(antd.ConfigProvider, { theme: themeFor(false) }, ...nodes)));
  return extractStyle(cache, true);
}

/** The Vite plugin: emits the stylesheet in the build (not in `npm run dev`, where antd generates every style). */
export function antdStaticCssPlugin(): Plugin {
  return {
    name: "ventanal-antd-static-css",
    apply: "build",
    buildStart() {
      this.emitFile({ type: "asset", name: ANTD_CSS_NAME, source: antdStaticCss() });
    },
  };
}
