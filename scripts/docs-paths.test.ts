// docs/agregar-un-recurso.md is the one how-to for adding a record kind (issue 33.5): every
// path it names must exist, so that a newcomer following it never looks for a file that is
// not there (its older copy named src/domain/sales/fields.ts, which did not exist).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOW_TO = "docs/agregar-un-recurso.md";

/**
 * The repository paths a Markdown text names: inside `code` spans, every run starting with a
 * top-level folder (a placeholder such as `<área>` ends it: its folder must exist), and the
 * targets of relative links.
 */
export function namedPaths(markdown: string, file: string): string[] {
  const paths = new Set<string>();
  for (const [, span] of markdown.matchAll(/`+([^`]+)`+/g)) {
    for (const [p] of span.matchAll(/(?<![\w./-])(?:src|server|scripts|tests|bench|docs)\/[\w./-]*/g)) {
      paths.add(p.replace(/[.]+$/, ""));
    }
  }
  for (const [, target] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target) || target.startsWith("#")) continue;
    paths.add(path.posix.normalize(path.posix.join(path.posix.dirname(file), target.split("#")[0])));
  }
  return [...paths].sort();
}

describe(HOW_TO, () => {
  const text = fs.readFileSync(path.join(root, HOW_TO), "utf8");
  const paths = namedPaths(text, HOW_TO);

  it("names the paths a newcomer needs", () => {
    expect(paths).toContain("src/domain/resources/menu.ts");
    expect(paths).toContain("server/resources/index.ts");
    expect(paths.length).toBeGreaterThan(25);
  });

  it("every path it names exists", () => {
    const missing = paths.filter((p) => !fs.existsSync(path.join(root, p)));
    expect(missing).toEqual([]);
  });

  it("the extraction finds a path that does not exist", () => {
    expect(namedPaths("los constructores de `src/domain/sales/fields.ts`", HOW_TO)).toEqual(["src/domain/sales/fields.ts"]);
    expect(namedPaths("un archivo `src/domain/<área>/<nombre>.resource.ts` y [x](pruebas.md#a)", HOW_TO)).toEqual(["docs/pruebas.md", "src/domain/"]);
  });
});
