// The HTML of the web app's addresses. One index.html serves every address; the server adds
// modulepreload hints for the code the address will ask for right after the entry (the
// public pages' chunk for /login and /register, the client's quote page's for /p/{token},
// the signed-in application's chunks for the rest), read from dist/preload.json (vite.config.ts, routePreloads). The browser then
// fetches them beside the entry instead of one round trip after it. Signed-in addresses also
// link antd's static stylesheet (scripts/build/antd-static-css.ts) before the entry's styles, so the
// app's own styles come after it; /login and /register only name it
// (src/antd-stylesheet.ts fetches it while a person types).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PUBLIC_ALIASES, PUBLIC_SCREENS } from "../src/custom-pages/platform/screens";

interface Preloads {
  js: string[];
  css: string[];
}

export interface PageHtml {
  body: string;
  etag: string;
}

const PUBLIC_PATHS = new Set<string>([...PUBLIC_SCREENS, ...PUBLIC_ALIASES].map((s) => s.path));

/** antd's stylesheet: applied (signed-in addresses) or only named, for after sign-in (the public pages: src/antd-stylesheet.ts). */
function withAntdCss(html: string, file: string | undefined, how: "stylesheet" | "named"): string {
  if (!file) return html;
  const link = how === "stylesheet" ? `<link rel="stylesheet" data-antd-css href="/${file}">` : `<meta name="ventanal-antd-css" content="/${file}">`;
  return html.includes("</title>") ? html.replace("</title>", `</title>\n    ${link}`) : html.replace("<head>", `<head>\n    ${link}`);
}

function withHints(html: string, files: Preloads | undefined): string {
  if (!files) return html;
  const hints = [
    ...files.css.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
    ...files.js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join("\n    ");
  return hints ? html.replace("</head>", `    ${hints}\n  </head>`) : html;
}

function page(body: string): PageHtml {
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
}

/** The HTML for an address (pathname), built once per variant from `webDir`. */
export function pageHtmlFor(webDir: string): (pathname: string) => PageHtml {
  const index = fs.readFileSync(path.join(webDir, "index.html"), "utf8");
  let preloads: { app?: Preloads; public?: Preloads; cliente?: Preloads; antdCss?: string } = {};
  try {
    preloads = JSON.parse(fs.readFileSync(path.join(webDir, "preload.json"), "utf8")) as typeof preloads;
  } catch {
    // a build without it: the plain index.html, as before
  }
  const publicPage = page(withAntdCss(withHints(index, preloads.public), preloads.antdCss, "named"));
  const appPage = page(withAntdCss(withHints(index, preloads.app), preloads.antdCss, "stylesheet"));
  // The client's quote page (/p/{token}) on a phone: its own chunk, no application code.
  const clientPage = page(withHints(index, preloads.cliente));
  return (pathname) => (pathname.startsWith("/p/") ? clientPage : PUBLIC_PATHS.has(pathname) ? publicPage : appPage);
}
