import { describe, expect, it } from "vitest";
import { ROLES } from "../roles/roles";
import { SEARCH_KINDS, searchKindsFor, searchQuery } from "./search";

describe("searchKindsFor", () => {
  it("gives the privileged roles every kind, in group order", () => {
    for (const role of ["Gerencia", "Ventas", "Contabilidad", "Informático", "Fábrica"] as const) expect(searchKindsFor(role)).toEqual([...SEARCH_KINDS]);
  });

  it("keeps supplier invoices (Operaciones) from Bodega, which reads the other sections", () => {
    expect(searchKindsFor("Bodega")).toEqual(["clientes", "presupuestos", "ordenes_compra", "materiales", "proveedores"]);
  });

  it("never gives a role a kind outside the table", () => {
    for (const role of ROLES) for (const k of searchKindsFor(role)) expect(SEARCH_KINDS).toContain(k);
  });
});

describe("searchQuery", () => {
  it("trims the text and refuses empty or too long text", () => {
    expect(searchQuery.parse({ q: "  ventana  " })).toEqual({ q: "ventana" });
    expect(searchQuery.safeParse({ q: "   " }).success).toBe(false);
    expect(searchQuery.safeParse({ q: "x".repeat(101) }).success).toBe(false);
    expect(searchQuery.safeParse({}).success).toBe(false);
  });
});
