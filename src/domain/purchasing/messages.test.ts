import { describe, expect, it } from "vitest";
import * as purchasing from "./index";

describe("purchasing messages copied from the specification (sections 5 and 8)", () => {
  it("keeps the exact texts", () => {
    expect(purchasing.MSG_OC_ERROR_GUARDAR).toBe("Hubo un error al guardar la OC. Revisa la consola.");
    expect(purchasing.MSG_MATERIAL_ERROR_CREAR).toBe("Hubo un error al crear el nuevo material.");
    expect(purchasing.MSG_ITEMS_OC_ERROR_GUARDAR).toBe("Error al guardar los cambios");
    expect(purchasing.MSG_ITEMS_OC_ACTUALIZADOS).toBe("Ítems actualizados correctamente");
    expect(purchasing.MSG_EXCEL_ERROR).toBe("No se pudo generar el Excel.");
    expect(purchasing.MSG_FACTURA_ERROR_INGRESAR).toBe("Hubo un error al ingresar la factura.");
    expect(purchasing.MSG_FACTURA_INGRESADA(1024)).toBe("Factura OC 1024 ingresada exitosamente.");
    expect(purchasing.MSG_NO_HAY_ORDENES).toBe("No hay órdenes en el mes/estado seleccionados.");
    expect(purchasing.MSG_PROVEEDOR_NOMBRE_OBLIGATORIO).toBe("El nombre del proveedor es obligatorio.");
    expect(purchasing.MSG_ITEM_INCOMPLETO).toBe("Por favor completa todos los campos del ítem.");
    expect(purchasing.MSG_SELECCIONAR_CLIENTE_PRESUPUESTO).toBe("Debes seleccionar un cliente y un presupuesto antes de guardar la OC.");
    expect(purchasing.MSG_PROVEEDOR_NO_VALIDO).toBe("El proveedor ingresado no es válido o no existe en la base de datos.");
    expect(purchasing.MSG_PRODUCTO_YA_EXISTE).toBe("Este nombre de producto ya existe.");
    expect(purchasing.MSG_CONFIRMAR_NUEVO_MATERIAL("X-1")).toBe('El código "X-1" no existe. ¿Deseas crear este nuevo material?');
    expect(purchasing.MSG_FACTURA_Y_FECHA_REQUERIDAS(5)).toBe("Debe ingresar número y fecha de factura para la OC 5.");
  });
});
