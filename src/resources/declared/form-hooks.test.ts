import { describe, expect, it } from "vitest";
import { todayInSantiago } from "../../domain/dates/dates";
import { DECLARED_RESOURCES } from "../../domain/resources/registry";
import { formHook } from "./form-hooks";

describe("form hooks of the declared resources", () => {
  it("usuarios: no state when creating; «Nueva contraseña» and its help when editing", () => {
    expect(formHook("usuarios", "activo", "create")).toEqual({ shown: false });
    expect(formHook("usuarios", "activo", "edit")).toBeUndefined();
    expect(formHook("usuarios", "contrasena", "edit")).toEqual({ label: "Nueva contraseña", extra: "Déjela vacía para mantener la contraseña actual." });
    expect(formHook("usuarios", "contrasena", "create")).toBeUndefined();
  });

  it("pagos_clientes: the create form's date starts at today (Santiago)", () => {
    expect(formHook("pagos_clientes", "fecha_pago", "create")?.initial?.()).toBe(todayInSantiago());
    expect(formHook("pagos_clientes", "fecha_pago", "edit")).toBeUndefined();
  });

  it("every field a hook names is a field of its resource", () => {
    const named: [string, string][] = [
      ["usuarios", "activo"],
      ["usuarios", "contrasena"],
      ["pagos_clientes", "fecha_pago"],
    ];
    for (const [resource, field] of named) expect(DECLARED_RESOURCES.find((r) => r.name === resource)?.fields[field], `${resource}.${field}`).toBeDefined();
  });
});
