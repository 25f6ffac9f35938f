import { describe, expect, it } from "vitest";
import { EMPRESA_EDITORS, ROLES, canAccess, isAllowed, visibleSections } from "./roles";

describe("role table (section 6)", () => {
  it("privileged roles see every business section", () => {
    for (const role of ROLES.filter((r) => r !== "Bodega")) {
      expect(visibleSections(role)).toEqual(expect.arrayContaining(["ventas", "bodega", "oficinaTecnica", "adquisiciones", "operaciones"]));
    }
  });
  it("Bodega sees only the Bodega section", () => {
    expect(visibleSections("Bodega")).toEqual(["bodega"]);
  });
  it("user administration is for Informático and Gerencia only", () => {
    expect(ROLES.filter((r) => visibleSections(r).includes("administracion"))).toEqual(["Gerencia", "Informático"]);
  });
  it("Bodega reads clients and quotes but does not write them", () => {
    expect(canAccess("Bodega", "ventas", "read")).toBe(true);
    expect(canAccess("Bodega", "ventas", "write")).toBe(false);
    expect(canAccess("Ventas", "ventas", "write")).toBe(true);
  });
  it("session routes are open to every signed-in role", () => {
    for (const role of ROLES) expect(isAllowed(role, "session")).toBe(true);
  });
});

describe("a route narrowed to some roles (only)", () => {
  it("the company data is written by Informático alone, though Gerencia administers", () => {
    const perm = { section: "administracion", access: "write", only: EMPRESA_EDITORS } as const;
    expect(ROLES.filter((r) => isAllowed(r, perm))).toEqual(["Informático"]);
    expect(isAllowed("Gerencia", { section: "administracion", access: "write" })).toBe(true);
  });
});
