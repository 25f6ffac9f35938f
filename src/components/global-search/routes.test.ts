import { describe, expect, it } from "vitest";
import { SEARCH_KINDS } from "../../domain/search";
import { hitPath } from "./routes";
import { linkTo } from "../../custom-pages/screens";

describe("hitPath", () => {
  it("opens each kind on its record's screen", () => {
    expect(hitPath("clientes", { id: "12" })).toBe("/clientes/show/12");
    expect(hitPath("presupuestos", { id: "7" })).toBe("/presupuestos/show/7");
    expect(hitPath("ordenes_compra", { id: "90210" })).toBe(`${linkTo("editar-oc")}?numero_oc=90210`);
    expect(hitPath("materiales", { id: "PER 7/2" })).toBe(`${linkTo("stock-actual")}?codigo=PER+7%2F2`);
    expect(hitPath("proveedores", { id: "3" })).toBe(`${linkTo("proveedor-page")}?id=3`);
    expect(decodeURIComponent(hitPath("facturas_guias", { id: "44" }))).toBe("/facturas_guias?filters[0][field]=id&filters[0][operator]=eq&filters[0][value]=44");
  });

  it("has a screen for every kind", () => {
    for (const k of SEARCH_KINDS) expect(hitPath(k, { id: "1" })).toMatch(/^\//);
  });
});
