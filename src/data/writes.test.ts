// One way to write (issue 33): every call of an area's api.ts that changes data (POST, PUT,
// PATCH, DELETE) is made by a file that writes through `useWrite` (src/data/query.ts), which
// asks again the keys the write changes; no component sends a write with the HTTP client.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const files = sourceFiles(SRC).map((full) => ({ name: relative(SRC, full), text: readFileSync(full, "utf8") }));
/** The areas' calls: `<area>/api.ts`, `<area>/*-api.ts`, `platform/api/*.ts`. */
const isCallsFile = (name: string) => /^custom-pages\/[^/]+\/(api|[\w-]+-api)\.ts$/.test(name) || /^custom-pages\/platform\/api\//.test(name);

/** Reads sent by POST (a body too large for an address): nothing is written. */
const READS_BY_POST = ["previewDte", "fetchBorradores"];
/** The client's public page (outside the app, without Refine): its two answers refresh its one read. */
const PUBLIC_PAGE = ["aceptarPresupuesto", "rechazarPresupuesto"];

/** The exported functions of a calls file whose body sends a write. */
function writeCalls(text: string): string[] {
  const found: string[] = [];
  const starts = [...text.matchAll(/^export (?:async )?(?:function (\w+)|const (\w+) =)/gm)];
  starts.forEach((m, i) => {
    const body = text.slice(m.index, starts[i + 1]?.index ?? text.length);
    if (/\b(api|http)\.(post|put|patch|delete)\b|method: "(POST|PUT|PATCH|DELETE)"/.test(body)) found.push(m[1] ?? m[2]);
  });
  return found;
}

describe("writes", () => {
  const calls = files.filter((f) => isCallsFile(f.name)).flatMap((f) => writeCalls(f.text).map((fn) => ({ fn, file: f.name })));

  it("are found in the areas' calls (the check reads them)", () => {
    const names = calls.map((c) => c.fn);
    for (const fn of ["createPago", "updateFacturaGuia", "registrarSalida", "savePautasTodo", "createEnlace", "guardarAjustesRespaldo", "changePassword", ...READS_BY_POST, ...PUBLIC_PAGE]) {
      expect(names, fn).toContain(fn);
    }
  });

  it("are made only by files that write through useWrite", () => {
    const offenders: string[] = [];
    for (const { fn } of calls.filter((c) => !READS_BY_POST.includes(c.fn) && !PUBLIC_PAGE.includes(c.fn))) {
      for (const f of files) {
        if (isCallsFile(f.name) || !new RegExp(`\\b${fn}\\(`).test(f.text)) continue;
        if (!/\buseWrite\(\)/.test(f.text)) offenders.push(`${f.name}: ${fn}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("are not sent by components with the HTTP client (only the areas' calls and the providers do)", () => {
    const offenders = files
      .filter((f) => !isCallsFile(f.name) && !f.name.startsWith("providers/"))
      .filter((f) => /\b(api|httpClient)\.(post|put|patch|delete)\(/.test(f.text) && !/\buseWrite\(\)/.test(f.text))
      .map((f) => f.name);
    expect(offenders).toEqual([]);
  });

  it("have no second helper beside useWrite", () => {
    const query = files.find((f) => f.name === "data/query.ts")!.text;
    expect(query).not.toMatch(/export function (useInvalidate|useListWrites|useApiMutation)\b/);
  });
});
