import { describe, expect, it } from "vitest";
import { borradoresSchema, ingresarFacturaSchema, itemOcFieldsSchema, ordenCompraSchema, proveedorSchema } from "./schemas";

describe("proveedorSchema (section 5, Supplier)", () => {
  it("requires the name, normalizes the RUT as for clients, reads credit days as a whole number (empty = 0)", () => {
    expect(proveedorSchema.parse({ proveedor: " Vidrios Lirquén ", rut: "76086428-5", dias_credito: 30 })).toMatchObject({
      proveedor: "Vidrios Lirquén",
      rut: "76.086.428-5",
      dias_credito: 30,
    });
    expect(proveedorSchema.parse({ proveedor: "Sin RUT", rut: "", dias_credito: null })).toMatchObject({ rut: null, dias_credito: 0 });
    // 23.12: the days are a JSON number ("30" is refused), the name a JSON string.
    expect(proveedorSchema.safeParse({ proveedor: "X", dias_credito: "30" }).success).toBe(false);
    expect(proveedorSchema.safeParse({ proveedor: 12345 }).error!.issues[0]).toMatchObject({ path: ["proveedor"], message: "Debe ser un texto" });
    const bad = proveedorSchema.safeParse({ proveedor: "  ", rut: "76086428-4", dias_credito: 30.5 });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      proveedor: "El nombre del proveedor es obligatorio.",
      rut: "RUT inválido: revise el dígito verificador",
      dias_credito: "Los días de crédito deben ser un número entero entre 0 y 365.",
    });
  });
});

describe("order and item bodies (sections 5 and 7)", () => {
  it("reads quantities and prices with comma decimals, default unit UN; quantity must be above 0, price may be 0", () => {
    expect(itemOcFieldsSchema.parse({ codigo: "GOM-1", producto: "Goma", cantidad: 2.5, precio_unitario: 0 })).toMatchObject({ cantidad: 2.5, precio_unitario: 0, unidad: "UN" });
    expect(itemOcFieldsSchema.safeParse({ codigo: "GOM-1", producto: "Goma", cantidad: 0, precio_unitario: 10 }).success).toBe(false);
    expect(itemOcFieldsSchema.safeParse({ codigo: "GOM-1", producto: "Goma", cantidad: 3, precio_unitario: null }).success).toBe(false);
    // 23.12: numeric text is not a number.
    expect(itemOcFieldsSchema.safeParse({ codigo: "GOM-1", producto: "Goma", cantidad: "2,5", precio_unitario: 0 }).success).toBe(false);
  });

  it("an order needs client, budget and at least one item, with the section 5 messages; cliente_id may carry a name", () => {
    const ok = ordenCompraSchema.parse({ proveedor: "Aluminios", realizado_por: "Ana", cliente_id: "Constructora Andes", numero_presupuesto: "P-1", items: [{ codigo: "A", producto: "B", cantidad: 1, precio_unitario: 2 }] });
    expect(ok).toMatchObject({ cliente_id: "Constructora Andes", fecha: null });
    expect(ok.numero_oc).toBeUndefined();
    const bad = ordenCompraSchema.safeParse({ proveedor: "", realizado_por: "Ana", cliente_id: null, numero_presupuesto: "", items: [] });
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toMatchObject({
      proveedor: "El proveedor ingresado no es válido o no existe en la base de datos.",
      cliente_id: "Debes seleccionar un cliente y un presupuesto antes de guardar la OC.",
      numero_presupuesto: "Debes seleccionar un cliente y un presupuesto antes de guardar la OC.",
      items: "Por favor completa todos los campos del ítem.",
    });
  });
});

describe("ingresarFacturaSchema (section 5, inventory receipts)", () => {
  it("needs the invoice number and date of each order, with the order's number in the message", () => {
    const bad = ingresarFacturaSchema.safeParse({ ordenes: [{ numero_oc: 7, factura: "", fecha_factura: "2026-03-01", detalles: [] }] });
    expect(bad.error!.issues[0]).toMatchObject({ path: ["ordenes", 0, "factura"], message: "Debe ingresar número y fecha de factura para la OC 7." });
    const noDate = ingresarFacturaSchema.safeParse({ ordenes: [{ numero_oc: 7, factura: "F-1", detalles: [] }] });
    expect(noDate.error!.issues[0].path).toEqual(["ordenes", 0, "fecha_factura"]);
    const ok = ingresarFacturaSchema.parse({ ordenes: [{ numero_oc: 7, factura: "F-1", fecha_factura: "2026-03-01", detalles: [{ id: 3, cantidad_llegada: 1.5 }] }] });
    expect(ok.ordenes[0]).toMatchObject({ numero_oc: 7, factura: "F-1", fecha_factura: "2026-03-01", detalles: [{ id: 3, cantidad_llegada: 1.5, precio_unitario: null }] });
  });
});

describe("borradoresSchema", () => {
  it("takes shortages with a positive quantity", () => {
    expect(borradoresSchema.parse({ faltantes: [{ codigo: "A", cantidad: 2.5 }] }).faltantes).toEqual([{ codigo: "A", cantidad: 2.5 }]);
    expect(borradoresSchema.safeParse({ faltantes: [{ codigo: "A", cantidad: "2,5" }] }).success).toBe(false);
    expect(borradoresSchema.safeParse({ faltantes: [] }).success).toBe(false);
    expect(borradoresSchema.safeParse({ faltantes: [{ codigo: "A", cantidad: 0 }] }).success).toBe(false);
  });
});
