import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pageHtmlFor } from "./web-app";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ventanal-web-app-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
fs.writeFileSync(path.join(dir, "index.html"), "<html><head><title>Ventanal</title></head><body></body></html>");

describe("the web app's HTML names the code an address needs next", () => {
  it("public pages preload the public chunk; signed-in addresses the application's", () => {
    fs.writeFileSync(
      path.join(dir, "preload.json"),
      JSON.stringify({ app: { js: ["assets/App-1.js", "assets/antd-2.js"], css: ["assets/shared-3.css"] }, public: { js: ["assets/public-4.js"], css: [] }, cliente: { js: ["assets/cliente-5.js"], css: [] } }),
    );
    const html = pageHtmlFor(dir);
    for (const pathname of ["/login", "/LoginPage", "/register", "/RegisterPage"]) {
      const { body } = html(pathname);
      expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/public-4.js">');
      expect(body).not.toContain("antd-2");
    }
    for (const pathname of ["/", "/StockActual", "/clientes/show/3", "/no-existe"]) {
      const { body } = html(pathname);
      expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/App-1.js">');
      expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/antd-2.js">');
      expect(body).toContain('<link rel="preload" as="style" crossorigin href="/assets/shared-3.css">');
      expect(body).not.toContain("public-4");
      expect(body.indexOf("modulepreload")).toBeLessThan(body.indexOf("</head>"));
    }
    expect(html("/p/abc123").body).toContain('<link rel="modulepreload" crossorigin href="/assets/cliente-5.js">');
    expect(html("/p/abc123").body).not.toContain("antd-2");
    expect(html("/login").etag).not.toBe(html("/").etag);
    expect(html("/").etag).toBe(html("/StockActual").etag);
  });

  it("signed-in addresses apply antd's static stylesheet before any other style; the public pages only name it; the client's page has none", () => {
    fs.writeFileSync(path.join(dir, "preload.json"), JSON.stringify({ app: { js: [], css: ["assets/shared-3.css"] }, public: { js: [], css: [] }, cliente: { js: [], css: [] }, antdCss: "assets/antd-static-9.css" }));
    const html = pageHtmlFor(dir);
    const app = html("/StockActual").body;
    expect(app).toContain('<link rel="stylesheet" data-antd-css href="/assets/antd-static-9.css">');
    expect(app.indexOf("antd-static-9")).toBeLessThan(app.indexOf("shared-3.css"));
    expect(app.indexOf("antd-static-9")).toBeGreaterThan(app.indexOf("<title>"));
    expect(html("/login").body).toContain('<meta name="ventanal-antd-css" content="/assets/antd-static-9.css">');
    expect(html("/login").body).not.toContain('rel="stylesheet"');
    expect(html("/p/abc123").body).not.toContain("antd-static");
  });

  it("without preload.json serves index.html as it is", () => {
    fs.rmSync(path.join(dir, "preload.json"));
    expect(pageHtmlFor(dir)("/StockActual").body).toBe(fs.readFileSync(path.join(dir, "index.html"), "utf8"));
  });
});
