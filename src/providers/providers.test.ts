import { describe, expect, it } from "vitest";
import { AxiosError, AxiosHeaders } from "axios";
import { filtersToParams, paginationToParams, serializeParams, sortersToParams } from "./data-provider";
import { RESOURCE_PATHS, registerResourcePaths, resourcePath, updateMethod } from "./resource-paths";
import { newIdempotencyKey, statusOf, toHttpError } from "./http";
import { FORBIDDEN_MESSAGE } from "./app-events";
import { translate } from "./i18n-provider";
import { RESOURCES, buildMenu, menuFor, screenRoutes, type MenuEntry } from "./resources";
import { SCREENS } from "../custom-pages/screens";
import { parseSessionUser } from "./session";
import { ROLES, SECTION_LABELS, visibleSections } from "../domain/roles/roles";
import { validateRegister, REGISTER_MESSAGES } from "../custom-pages/platform/register";

describe("data provider: simple-rest parameters", () => {
  it("maps paging, sorting, free text and filters", () => {
    const params = paginationToParams(
      { currentPage: 3, pageSize: 20 },
      sortersToParams(
        [
          { field: "nombre", order: "asc" },
          { field: "id", order: "desc" },
        ],
        filtersToParams([
          { field: "q", operator: "contains", value: "pérez" },
          { field: "rol", operator: "eq", value: "Ventas" },
          { field: "fecha", operator: "gte", value: "2025-01-01" },
          { field: "id", operator: "in", value: [1, 2] },
          { field: "vacío", operator: "eq", value: "" },
          { field: "nombre", operator: "contains", value: "ana" },
        ]),
      ),
    );
    expect(params).toEqual({
      q: "pérez",
      rol: "Ventas",
      fecha_gte: "2025-01-01",
      id: [1, 2],
      nombre_like: "ana",
      _sort: "nombre,id",
      _order: "asc,desc",
      _start: 40,
      _end: 60,
    });
    expect(serializeParams({ id: [1, 2], q: "a b" })).toBe("id=1&id=2&q=a+b");
  });

  it("refuses a filter the API cannot express instead of leaving it out (the list would come back wider)", () => {
    expect(() => filtersToParams([{ field: "nombre", operator: "startswith", value: "a" }])).toThrow(/startswith/);
    expect(() => filtersToParams([{ operator: "or", value: [{ field: "a", operator: "eq", value: 1 }] }])).toThrow(/or/);
    expect(filtersToParams([{ operator: "and", value: [{ field: "a", operator: "eq", value: 1 }, { field: "b", operator: "ne", value: 2 }] }])).toEqual({ a: 1, b_ne: 2 });
  });

  it("sends no paging when pagination is off", () => {
    expect(paginationToParams({ mode: "off" })).toEqual({});
    expect(paginationToParams(undefined)).toEqual({ _start: 0, _end: 10 });
  });
});

describe("resource paths", () => {
  it("uses /api/<resource> by default and the map where paths differ", () => {
    expect(resourcePath("usuarios", "list")).toBe("usuarios");
    expect(resourcePath("usuarios", "one", 7)).toBe("usuarios/7");
    expect(resourcePath("usuarios", "update", 7)).toBe("usuarios/7");
    expect(resourcePath("presupuestos", "one", 12)).toBe("presupuestos/id/12");
    expect(resourcePath("presupuestos", "update", 12)).toBe("presupuestos/12");
    expect(updateMethod("usuarios")).toBe("put");
  });

  it("accepts entries registered by other screens", () => {
    registerResourcePaths("items_oc", { list: "items_oc/{id}", updateMethod: "patch" });
    expect(resourcePath("items_oc", "delete", 3)).toBe("items_oc/3");
    expect(updateMethod("items_oc")).toBe("patch");
    delete RESOURCE_PATHS.items_oc;
  });
});

function axiosError(status: number, data: unknown): AxiosError {
  const headers = new AxiosHeaders();
  return new AxiosError("fail", "ERR_BAD_REQUEST", { headers }, null, {
    status,
    statusText: "",
    data,
    headers: {},
    config: { headers },
  });
}

describe("errors as Refine HttpError", () => {
  it("puts the server's field messages on the fields", () => {
    const err = toHttpError(axiosError(409, { message: "Ya existe un usuario con ese correo.", errors: { correo: ["Correo ya registrado"] } }));
    expect(err).toEqual({ message: "Ya existe un usuario con ese correo.", statusCode: 409, errors: { correo: ["Correo ya registrado"] } });
    expect(statusOf(err)).toBe(409);
  });

  it("always words a 403 the same, and explains a lost connection", () => {
    expect(toHttpError(axiosError(403, { message: "Prohibido" })).message).toBe(FORBIDDEN_MESSAGE);
    const offline = new AxiosError("Network Error", "ERR_NETWORK");
    expect(toHttpError(offline)).toMatchObject({ statusCode: 0, message: expect.stringContaining("No se pudo conectar") });
  });
});

describe("idempotency keys", () => {
  it("are UUID v4 and unique per call", () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });
});

describe("i18n (es-CL)", () => {
  it("translates Refine keys with interpolation and falls back to the default text", () => {
    expect(translate("buttons.save", "Save")).toBe("Guardar");
    expect(translate("buttons.edit", "Edit")).toBe("Editar");
    expect(translate("notifications.createSuccess", { resource: "Usuario" }, "Successfully created")).toBe("Usuario creado correctamente");
    expect(translate("no.existe", "Texto por defecto")).toBe("Texto por defecto");
    expect(translate("no.existe")).toBe("no.existe");
  });
});

describe("session user", () => {
  it("accepts only complete users with a known role", () => {
    expect(parseSessionUser({ id: 1, nombre: "Ana", correo: "a@b.cl", rol: "Ventas" })).toEqual({ id: 1, nombre: "Ana", correo: "a@b.cl", rol: "Ventas" });
    expect(parseSessionUser({ id: "2", nombre: "Ana", correo: "a@b.cl", rol: "Ventas" })?.id).toBe(2);
    expect(parseSessionUser({ id: 1, nombre: "Ana", correo: "a@b.cl", rol: "Jefe" })).toBeNull();
    expect(parseSessionUser(null)).toBeNull();
  });
});

const links = (entries: MenuEntry[]): string[] => entries.flatMap((e) => (e.kind === "link" ? [e.label] : links(e.children)));

describe("resources, routes and menus", () => {
  it("routes every screen of the menu once (the declarations: src/custom-pages/screens.test.ts)", () => {
    const inMenu = SCREENS.filter((s) => s.menu.length > 0 && !("crud" in s)).map((s) => s.path);
    expect(screenRoutes().map((r) => r.path).sort()).toEqual([...inMenu].sort());
  });

  it("gives every resource a section and unique names", () => {
    const names = RESOURCES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const r of RESOURCES) expect(SECTION_LABELS[r.meta.section]).toBeDefined();
  });

  it("builds each role's menu from the role table", () => {
    for (const role of ROLES) {
      expect(buildMenu(visibleSections(role)).map((g) => g.label)).toEqual(visibleSections(role).map((s) => SECTION_LABELS[s]));
    }
    const [bodega] = buildMenu(["bodega"]);
    expect(links(bodega.children)).toHaveLength(10);
    const [adq] = buildMenu(["adquisiciones"]);
    const oc = adq.children.find((c) => c.kind === "group");
    expect(oc?.label).toBe("Órdenes de Compra");
    expect(oc && links([oc])).toEqual(["Crear", "Editar", "Pendientes/Histórico", "Proveedores"]);
    expect(links(adq.children)).toContain("Ver solicitudes de Bodega");
    const [ventas] = buildMenu(["ventas"]);
    expect(links(ventas.children)).toEqual([
      "Ingreso de Cliente",
      "Nuevo Presupuesto",
      "Ingreso de Ítems",
      "Editar Presupuestos",
      "Clientes",
      "Presupuestos",
    ]);
  });
});

describe("register validation (spec 5)", () => {
  const ok = { nombre: "Ana", email: "ana@ventanal.cl", password: "123456", confirmar: "123456" };
  it("checks blanks, length and confirmation in that order", () => {
    expect(validateRegister({ ...ok, nombre: "  " })).toBe(REGISTER_MESSAGES.required);
    expect(validateRegister({ ...ok, password: "12345", confirmar: "1" })).toBe(REGISTER_MESSAGES.tooShort);
    expect(validateRegister({ ...ok, confirmar: "654321" })).toBe(REGISTER_MESSAGES.mismatch);
    expect(validateRegister(ok)).toBeNull();
  });
});

describe("declared resources in the menu (src/domain/resources)", () => {
  const links = (role: (typeof ROLES)[number], section: string) => menuFor(role).find((g) => g.label === section)?.children.map((c) => c.label) ?? [];
  it("shows Vehículos to every role that reads it, Bodega included, and nothing else of Operaciones to Bodega", () => {
    for (const role of ROLES) expect(links(role, "Operaciones"), role).toContain("Vehículos");
    expect(links("Bodega", "Operaciones")).toEqual(["Vehículos"]);
    expect(menuFor("Bodega").map((g) => g.label)).toEqual(["Bodega", "Operaciones"]);
  });
});
