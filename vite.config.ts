import { defineConfig, type Plugin, type Rollup } from "vite";
import react from "@vitejs/plugin-react";
import { antdStaticCssPlugin } from "./scripts/build/antd-static-css";

/**
 * dist/preload.json: the files the signed-in application (App.tsx), the public pages and the client's quote page need
 * beyond the entry's, which the server names in the HTML as modulepreload hints so the browser
 * fetches them beside the entry instead of after it (server/web-app.ts); and `antdCss`, the
 * static antd stylesheet (scripts/build/antd-static-css.ts) the server links on signed-in addresses.
 */
function routePreloads(): Plugin {
  return {
    name: "ventanal-route-preloads",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === "chunk");
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: Rollup.OutputChunk[]) => {
        const js = new Set<string>();
        const css = new Set<string>();
        const walk = (c: Rollup.OutputChunk) => {
          if (js.has(c.fileName)) return;
          js.add(c.fileName);
          c.viteMetadata?.importedCss.forEach((f) => css.add(f));
          c.imports.forEach((f) => byFile.get(f) && walk(byFile.get(f)!));
        };
        start.forEach(walk);
        return { js, css };
      };
      const initial = closure(chunks.filter((c) => c.isEntry));
      const beyondEntry = (start: Rollup.OutputChunk[]) => {
        const { js, css } = closure(start);
        return { js: [...js].filter((f) => !initial.js.has(f)), css: [...css].filter((f) => !initial.css.has(f)) };
      };
      const app = chunks.filter((c) => c.facadeModuleId?.replace(/\\/g, "/").endsWith("/src/App.tsx"));
      const publicPages = chunks.filter((c) => c.name === "public");
      const clientPage = chunks.filter((c) => c.name === "cliente");
      const antdCss = Object.values(bundle).find((a) => a.type === "asset" && /^assets\/antd-static-[\w-]+\.css$/.test(a.fileName))?.fileName;
      if (!app.length || !publicPages.length || !clientPage.length || !antdCss) this.error("routePreloads: no se encontró App.tsx, los grupos «public» y «cliente» o la hoja de estilos de antd");
      this.emitFile({ type: "asset", fileName: "preload.json", source: JSON.stringify({ app: beyondEntry(app), public: beyondEntry(publicPages), cliente: beyondEntry(clientPage), antdCss }) });
    },
  };
}

/**
 * Code loaded only by the screens that need it, never grouped with other code: the PDF
 * renderer and the documents drawn with it, the Excel writer, the CSV reader.
 */
const ON_DEMAND = /node_modules[\\/](@react-pdf|react-pdf|pdfkit|fontkit|yoga-layout|write-excel-file|papaparse)[\\/]|[\\/]pdf[\\/]|Pdf\.tsx$|export-excel/;

// The web app is served by the Fastify server from dist/ (see server/app.ts).
// In development `npm run dev` proxies /api to a running server on :3000.
export default defineConfig({
  plugins: [react(), antdStaticCssPlugin(), routePreloads()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        // A few chunks a screen instead of dozens of tiny ones (a browser opens 6 connections to
        // one host over HTTP/1.1; the rest wait): what the entry needs (boot, preloaded by the
        // HTML), the UI library, Refine, the app's shared code (with the libraries it uses), then one chunk
        // per area (src/custom-pages/<area>). The on-demand code stays apart.
        codeSplitting: {
          groups: [
            { name: "boot", tags: ["$initial"], priority: 60 },
            // The public pages (login, register) and what they import: no UI library, no Refine.
            { name: "public", test: (id) => /[\\/]custom-pages[\\/]platform[\\/](login|register)[\\/]/.test(id), priority: 56 },
            // The client's quote page (/p/{token}, on a phone): its own chunk, no UI library either.
            { name: "cliente", test: (id) => /[\\/]custom-pages[\\/]sales[\\/]presupuesto-publico[\\/]/.test(id) && !ON_DEMAND.test(id), priority: 55 },
            { name: "antd", test: (id) => /node_modules[\\/](antd|@ant-design|rc-[^\\/]+|@rc-component|dayjs)[\\/]/.test(id), priority: 50 },
            { name: "refine", test: (id) => /node_modules[\\/](@refinedev|@tanstack)[\\/]/.test(id), priority: 50 },
            { name: "shared", test: (id) => /[\\/]src[\\/](components|domain|data|providers|resources)[\\/]/.test(id) && !ON_DEMAND.test(id), priority: 30 },
            { name: (id) => (ON_DEMAND.test(id) ? null : (/[\\/]src[\\/]custom-pages[\\/]([a-z]+)[\\/]/.exec(id)?.[1] ?? null)), priority: 20 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});
