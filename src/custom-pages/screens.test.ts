// The screens' declarations (each area's screens.ts): the specification's routes are all
// there, once, and no other file of src/ writes a screen's address (links use linkTo).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { SCREENS, findScreen, linkTo, recordLink, resourceLink } from "./screens";

/** Specification 2.1's screens (named as its table names them), plus Administración's own (Empresa, Historial de cambios). */
const SPEC_ROUTES = [
  "StockActual", "IngresoCliente", "IngresoPresupuesto", "IngresoItems", "EditarPresupuestos", "IngresosPage", "FacturasGuiasPage",
  "SalidasPage", "StockReservado", "CrearSolicitudBodegaPage", "BodegaSolicitudesPage", "AjusteStock", "SeguimientoUTVPage",
  "TrabajadoresPage", "OTPautasPage", "CrearOCPage", "EditarOCPage", "OCPendientePage", "ProveedorPage", "ResumenObrasMatPage",
  "SeguimientoObrasPage", "PagosClientesPage", "FacturasEstadoPage", "ProfilePage", "EmpresaPage", "auditoria",
].map((name) => `/${name}`);

describe("screen declarations", () => {
  it("declare every route of the specification, each id and path once", () => {
    const paths = SCREENS.map((s) => s.path);
    for (const route of SPEC_ROUTES) expect(paths, route).toContain(route);
    expect(new Set(paths).size).toBe(paths.length);
    const ids = SCREENS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("build links with their query, encoded", () => {
    expect(linkTo("stock-actual", { codigo: "PER 7/2" })).toBe("/StockActual?codigo=PER+7%2F2");
    expect(linkTo("seguimiento-obras", { filtro: "detenidas", vacio: undefined })).toBe("/SeguimientoObrasPage?filtro=detenidas");
    expect(linkTo("pagos-clientes")).toBe("/PagosClientesPage");
    expect(recordLink("clientes", 12)).toBe("/clientes/show/12");
    expect(recordLink("presupuestos", "7")).toBe("/presupuestos/show/7");
    expect(resourceLink("facturas_guias", { id: ["1", "2"] })).toBe("/facturas_guias?id=1&id=2");
    expect(findScreen("no-existe")).toBeUndefined();
  });
});

const SRC = join(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && e.name !== "screens.ts" && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** A quoted text that is an API call's path (`api.get("/login")`, `page<Row>("/materiales")`), not a web address. */
const API_CALL_BEFORE = /(\b(api|http)\.(get|post|put|patch|delete)|\bpage)(<[^()]*>)?\(\s*$/;

/** Quoted texts of `file` that are a declared screen's address or start with one ("/StockActual?…", "/presupuestos/show/…"). */
export function pathLiterals(text: string, paths: readonly string[]): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(["'`])(\/[^"'`\n]*)\1/g)) {
    const literal = m[2];
    if (API_CALL_BEFORE.test(text.slice(Math.max(0, m.index - 80), m.index))) continue;
    const names = paths.some((p) => literal === p || literal.startsWith(`${p}?`) || literal.startsWith(`${p}/`) || literal.startsWith(`${p}$`));
    if (names) found.push(literal);
  }
  return found;
}

/** Texts that name the API, not a screen, where no call shows it (the API calls whose 401 is not a lost session). */
const API_PATHS: Record<string, string[]> = { "providers/api.ts": ["/login"] };

describe("no screen address outside the screens.ts files", () => {
  // "/" (the home) is left out: a lone slash is a separator far more often than a link.
  const paths = SCREENS.map((s) => s.path).filter((p) => p !== "/");

  it("finds an address written by hand (the check itself)", () => {
    expect(pathLiterals('navigate(`/CrearOCPage?faltantes=${q}`); <Link to="/OCPendientePage">', paths)).toEqual(["/CrearOCPage?faltantes=${q}", "/OCPendientePage"]);
    expect(pathLiterals('api.get("/presupuestos/id/7"); await page<Row>("/auditoria", p)', paths)).toEqual([]);
  });

  it("src/ writes none", () => {
    const offenders = sourceFiles(SRC).flatMap((file) => pathLiterals(readFileSync(file, "utf8"), paths)
        .filter((l) => !API_PATHS[relative(SRC, file)]?.includes(l))
        .map((l) => `${relative(SRC, file)}: ${l}`));
    expect(offenders).toEqual([]);
  });
});
