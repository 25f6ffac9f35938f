import { describe, expect, it } from "vitest";
import {
  MSG_SALIDA_CAMPOS,
  MSG_SALIDA_CANTIDAD,
  MSG_SALIDA_ERROR,
  MSG_SALIDA_OK,
  msgStockInsuficiente,
  salidaSuccessMessage,
  validateSalida,
} from "./salida";

const form = { codigo: "10234", producto: "Marco corredera", cantidad_salida: "3", cliente_id: 4, presupuesto_id: 17 };

describe("material exit (sections 5 and 8, design page)", () => {
  it("has the specification's messages", () => {
    expect(MSG_SALIDA_CAMPOS).toBe("Completa todos los campos requeridos.");
    expect(MSG_SALIDA_OK).toBe("Salida registrada correctamente.");
    expect(MSG_SALIDA_ERROR).toBe("Error al registrar salida.");
    expect(msgStockInsuficiente("10234", 2)).toBe("Stock insuficiente para 10234: hay 2");
    expect(msgStockInsuficiente("10234", "2.5000")).toBe("Stock insuficiente para 10234: hay 2,5");
    expect(msgStockInsuficiente("10234", 0)).toBe("Stock insuficiente para 10234: hay 0");
  });

  it("needs code, product, quantity, client and budget", () => {
    expect(validateSalida(form)).toEqual({ ok: true, cantidad: 3 });
    expect(validateSalida({ ...form, cantidad_salida: "2,5", cliente_id: "4", presupuesto_id: "17" })).toEqual({ ok: true, cantidad: 2.5 });
    for (const field of ["codigo", "producto", "cantidad_salida", "cliente_id", "presupuesto_id"] as const) {
      expect(validateSalida({ ...form, [field]: "" }), field).toEqual({ ok: false, message: MSG_SALIDA_CAMPOS });
      expect(validateSalida({ ...form, [field]: null }), field).toEqual({ ok: false, message: MSG_SALIDA_CAMPOS });
    }
    expect(validateSalida({ ...form, codigo: "   " })).toEqual({ ok: false, message: MSG_SALIDA_CAMPOS });
  });

  it("needs a quantity above 0", () => {
    for (const q of ["0", "-1", "abc", 0]) expect(validateSalida({ ...form, cantidad_salida: q }), String(q)).toEqual({ ok: false, message: MSG_SALIDA_CANTIDAD });
  });

  it("shows the server's message on success, else the default", () => {
    expect(salidaSuccessMessage("Salida registrada: quedan 17 UN")).toBe("Salida registrada: quedan 17 UN");
    expect(salidaSuccessMessage(undefined)).toBe(MSG_SALIDA_OK);
    expect(salidaSuccessMessage("  ")).toBe(MSG_SALIDA_OK);
    expect(salidaSuccessMessage({ message: "x" })).toBe(MSG_SALIDA_OK);
  });
});
