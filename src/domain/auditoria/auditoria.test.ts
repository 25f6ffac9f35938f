import { describe, expect, it } from "vitest";
import { changeValueText, describeChanges, entityLabel } from "./auditoria";

describe("describeChanges", () => {
  it("reads an update as each field from what to what", () => {
    expect(describeChanges({ telefono: { antes: "+56 9 1111 1111", despues: "+56 9 2222 2222" }, correo: { antes: null, despues: "a@b.cl" } }, "PUT /api/clientes/:id")).toEqual({
      tipo: "modificacion",
      campos: [
        { campo: "telefono", antes: "+56 9 1111 1111", despues: "+56 9 2222 2222" },
        { campo: "correo", antes: null, despues: "a@b.cl" },
      ],
    });
  });

  it("reads a user's update (new values and `anterior`)", () => {
    expect(describeChanges({ rol: "Bodega", anterior: { rol: "Ventas" } }, "PUT /api/usuarios/:id")).toEqual({ tipo: "modificacion", campos: [{ campo: "rol", antes: "Ventas", despues: "Bodega" }] });
  });

  it("reads a creation as the stored values", () => {
    expect(describeChanges({ id: 7, nombre: "Muñoz" }, "POST /api/clientes")).toEqual({
      tipo: "creacion",
      campos: [
        { campo: "id", despues: 7 },
        { campo: "nombre", despues: "Muñoz" },
      ],
    });
  });

  it("reads a deletion as the values the row had", () => {
    expect(describeChanges({ eliminado: { id: 3, codigo: "A1" } }, "DELETE /api/items_oc/:id")).toEqual({
      tipo: "eliminacion",
      campos: [
        { campo: "id", antes: 3 },
        { campo: "codigo", antes: "A1" },
      ],
    });
  });

  it("keeps other payloads (a login) as recorded and tells an update that changed nothing", () => {
    expect(describeChanges({ accion: "login" }, "POST /api/auth/login").tipo).toBe("creacion");
    expect(describeChanges({ accion: "logout" }, "DELETE /api/auth/session")).toEqual({ tipo: "otro", campos: [{ campo: "accion", despues: "logout" }] });
    expect(describeChanges({}, "PUT /api/clientes/:id")).toEqual({ tipo: "modificacion", campos: [] });
    expect(describeChanges(null, "seed")).toEqual({ tipo: "otro", campos: [] });
  });
});

describe("changeValueText and entityLabel", () => {
  it("shows empty values as a dash, booleans in Spanish and objects as JSON", () => {
    expect(changeValueText(null)).toBe("—");
    expect(changeValueText("")).toBe("—");
    expect(changeValueText(true)).toBe("Sí");
    expect(changeValueText(12.5)).toBe("12.5");
    expect(changeValueText({ a: 1 })).toBe('{"a":1}');
  });

  it("names the tables in Spanish and leaves unknown ones as they are", () => {
    expect(entityLabel("ordenes_compra")).toBe("Órdenes de compra");
    expect(entityLabel("otra_tabla")).toBe("otra_tabla");
  });
});
