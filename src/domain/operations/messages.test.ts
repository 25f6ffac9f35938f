import { describe, expect, it } from "vitest";
import * as operations from "./index";

describe("operations messages copied from the specification (section 8)", () => {
  it("keeps the exact texts", () => {
    expect(operations.MSG_FACTURA_GUIA_REGISTRADA).toBe("Factura/Guía registrada");
    expect(operations.MSG_ERROR_GUARDAR).toBe("Error al guardar.");
    expect(operations.MSG_OBSERVACION_NO_ACTUALIZADA).toBe("No se pudo actualizar la observación.");
    expect(operations.MSG_PAGO_REGISTRADO).toBe("Pago registrado");
  });
});
