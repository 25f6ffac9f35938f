import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { zodFieldErrors } from "../fields";
import { clienteSchema, itemPresupuestoSchema, presupuestoSchema } from "./schemas";
import type { ClienteData, ItemPresupuestoData, ItemPresupuestoInput, ItemPresupuestoRow, PresupuestoData } from "./schemas";
import type { TipoApertura, TipoVentana } from "./utv";

/** The API's `errors` object for a body that must fail. */
function errorsOf(schema: z.ZodType, body: unknown): Record<string, string[]> {
  const r = schema.safeParse(body);
  if (r.success) throw new Error(`expected failure, got ${JSON.stringify(r.data)}`);
  return zodFieldErrors(r.error);
}

describe("clienteSchema", () => {
  it("accepts a full client, trimming text and normalising the RUT", () => {
    expect(
      clienteSchema.parse({ nombre: "  Constructora Sur  ", rut: "76086428-5", correo: " ventas@sur.cl ", telefono: "+56 9 1234 5678", direccion: "Av. Prat 123, Temuco" }),
    ).toEqual({ nombre: "Constructora Sur", rut: "76.086.428-5", correo: "ventas@sur.cl", telefono: "+56 9 1234 5678", direccion: "Av. Prat 123, Temuco" });
  });

  it("accepts only a name; empty strings become null", () => {
    const empty = { rut: null, correo: null, telefono: null, direccion: null };
    expect(clienteSchema.parse({ nombre: "Juan Pérez" })).toEqual({ nombre: "Juan Pérez", ...empty });
    expect(clienteSchema.parse({ nombre: "Juan Pérez", rut: "", correo: "  ", telefono: "", direccion: null })).toEqual({ nombre: "Juan Pérez", ...empty });
  });

  it("requires the name (section 5)", () => {
    expect(errorsOf(clienteSchema, { nombre: "" })).toEqual({ nombre: ["Nombre es obligatorio"] });
    expect(errorsOf(clienteSchema, { nombre: "   " })).toEqual({ nombre: ["Nombre es obligatorio"] });
    expect(errorsOf(clienteSchema, {})).toEqual({ nombre: ["Nombre es obligatorio"] });
    expect(errorsOf(clienteSchema, { nombre: null })).toEqual({ nombre: ["Nombre es obligatorio"] });
    expect(errorsOf(clienteSchema, { nombre: { x: 1 } })).toEqual({ nombre: ["Debe ser un texto"] });
  });

  it("23.12 strict JSON types: a text field takes only a JSON string (12345 is not '12345')", () => {
    expect(errorsOf(clienteSchema, { nombre: 12345 })).toEqual({ nombre: ["Debe ser un texto"] });
    expect(errorsOf(clienteSchema, { nombre: "Ana", telefono: 912345678 })).toEqual({ telefono: ["Debe ser un texto"] });
    expect(errorsOf(clienteSchema, { nombre: "Ana", rut: true })).toEqual({ rut: ["Debe ser un texto"] });
  });

  it("refuses an invalid RUT and an invalid email on their fields", () => {
    expect(errorsOf(clienteSchema, { nombre: "A", rut: "12.345.678-9" })).toEqual({ rut: ["RUT inválido: revise el dígito verificador"] });
    expect(errorsOf(clienteSchema, { nombre: "A", rut: "abc" })).toEqual({ rut: ["RUT inválido: tiene letras u otros caracteres; use solo dígitos, puntos, un guion y la K final si corresponde"] });
    expect(errorsOf(clienteSchema, { nombre: "A", correo: "no-es-correo" })).toEqual({ correo: ["Correo inválido"] });
    expect(errorsOf(clienteSchema, { nombre: "", rut: "1-1", correo: "x@" })).toEqual({
      nombre: ["Nombre es obligatorio"],
      rut: ["RUT inválido: el número debe tener 7 u 8 dígitos antes del dígito verificador"],
      correo: ["Correo inválido"],
    });
  });

  it("refuses text that is too long and a body that is not an object", () => {
    expect(errorsOf(clienteSchema, { nombre: "x".repeat(201) })).toEqual({ nombre: ["Máximo 200 caracteres"] });
    expect(errorsOf(clienteSchema, null)).toEqual({ _form: ["El cuerpo de la solicitud debe ser un objeto JSON"] });
    expect(errorsOf(clienteSchema, [1])).toEqual({ _form: ["El cuerpo de la solicitud debe ser un objeto JSON"] });
  });

  it("drops unknown fields", () => {
    expect(clienteSchema.parse({ nombre: "A", id: 99, admin: true })).not.toHaveProperty("id");
  });
});

describe("presupuestoSchema", () => {
  it("accepts the body of POST api/presupuestos", () => {
    expect(
      presupuestoSchema.parse({
        numero: " P-2026-015 ",
        cliente_id: 7,
        nombre_obra: "Casa Pucón",
        direccion: "Camino Villarrica km 3",
        observacion: "",
        fecha: "2026-03-05",
        total_neto_presupuestado: 1234567,
      }),
    ).toEqual({
      numero: "P-2026-015",
      cliente_id: 7,
      nombre_obra: "Casa Pucón",
      direccion: "Camino Villarrica km 3",
      observacion: null,
      fecha: "2026-03-05",
      total_neto_presupuestado: 1234567,
    });
  });

  it("23.12 strict JSON types: a number for the quote number, or text for the client or the net, is refused", () => {
    expect(errorsOf(presupuestoSchema, { numero: 1500, cliente_id: 7 })).toEqual({ numero: ["Debe ser un texto"] });
    expect(errorsOf(presupuestoSchema, { numero: "1500", cliente_id: "7" })).toEqual({ cliente_id: ["Debe seleccionar un cliente"] });
    expect(errorsOf(presupuestoSchema, { numero: "1500", cliente_id: 7, total_neto_presupuestado: "1.234.567" })).toEqual({ total_neto_presupuestado: ["Ingrese un número válido"] });
  });

  it("defaults an empty net to 0 and leaves an empty date to the caller", () => {
    for (const empty of [undefined, null]) {
      const r = presupuestoSchema.parse({ numero: "1", cliente_id: 1, total_neto_presupuestado: empty, fecha: empty });
      expect(r.total_neto_presupuestado).toBe(0);
      expect(r.fecha).toBeNull();
    }
  });

  it("requires number and client with the Spanish messages", () => {
    expect(errorsOf(presupuestoSchema, {})).toEqual({
      numero: ["El número de presupuesto es obligatorio"],
      cliente_id: ["Debe seleccionar un cliente"],
    });
    expect(errorsOf(presupuestoSchema, { numero: "  ", cliente_id: 0 })).toEqual({
      numero: ["El número de presupuesto es obligatorio"],
      cliente_id: ["Debe seleccionar un cliente"],
    });
    for (const bad of [-1, 1.5, "abc", "", "7", null, true]) {
      expect(errorsOf(presupuestoSchema, { numero: "1", cliente_id: bad })).toEqual({ cliente_id: ["Debe seleccionar un cliente"] });
    }
  });

  it("refuses a bad date and a negative, fractional or non-numeric net", () => {
    expect(errorsOf(presupuestoSchema, { numero: "1", cliente_id: 1, fecha: "05-03-2026" })).toEqual({ fecha: ["Fecha inválida (use AAAA-MM-DD)"] });
    expect(errorsOf(presupuestoSchema, { numero: "1", cliente_id: 1, fecha: "2026-02-30" })).toEqual({ fecha: ["Fecha inválida (use AAAA-MM-DD)"] });
    expect(errorsOf(presupuestoSchema, { numero: "1", cliente_id: 1, total_neto_presupuestado: -5 })).toEqual({ total_neto_presupuestado: ["El monto no puede ser negativo"] });
    expect(errorsOf(presupuestoSchema, { numero: "1", cliente_id: 1, total_neto_presupuestado: 100.5 })).toEqual({ total_neto_presupuestado: ["El monto debe ser un número entero de pesos"] });
    expect(errorsOf(presupuestoSchema, { numero: "1", cliente_id: 1, total_neto_presupuestado: "mucho" })).toEqual({ total_neto_presupuestado: ["Ingrese un número válido"] });
  });
});

describe("itemPresupuestoSchema", () => {
  const minimal = { presupuesto_id: 3 };

  it("fills the defaults of an empty item", () => {
    expect(itemPresupuestoSchema.parse(minimal)).toEqual({
      presupuesto_id: 3,
      item: null,
      recinto: null,
      ancho: null,
      alto: null,
      tipo_ventana: "Doble Corredera",
      tipo_apertura: "Derecha",
      grada_buque: false,
      observaciones: false,
      texto_observaciones: null,
      adicional: false,
      cuadros_adicionales: 0,
      cantidad: null,
      precio_unitario: null,
    });
  });

  it("accepts a full item; utv and utv_monto sent are dropped (the service computes them)", () => {
    const r = itemPresupuestoSchema.parse({
      presupuesto_id: 3,
      item: "1",
      recinto: "Living",
      ancho: 1200,
      alto: 1050,
      tipo_ventana: "Proyectante",
      tipo_apertura: "Izquierda",
      grada_buque: true,
      observaciones: false,
      texto_observaciones: "",
      adicional: true,
      cuadros_adicionales: 2,
      cantidad: 2.5,
      precio_unitario: 189990,
      utv: 999,
      utv_monto: 1,
    });
    expect(r).toEqual({
      presupuesto_id: 3,
      item: "1",
      recinto: "Living",
      ancho: 1200,
      alto: 1050,
      tipo_ventana: "Proyectante",
      tipo_apertura: "Izquierda",
      grada_buque: true,
      observaciones: false,
      texto_observaciones: null,
      adicional: true,
      cuadros_adicionales: 2,
      cantidad: 2.5,
      precio_unitario: 189990,
    });
  });

  it("keeps the observations text with its flag", () => {
    const r = itemPresupuestoSchema.parse({ ...minimal, tipo_ventana: "Marco puerta", observaciones: true, texto_observaciones: "Medidas a confirmar", cantidad: 4 });
    expect(r).toMatchObject({ observaciones: true, texto_observaciones: "Medidas a confirmar" });
  });

  it("matches window type and opening ignoring case, keeping the exact spelling", () => {
    const r = itemPresupuestoSchema.parse({ ...minimal, tipo_ventana: "doble corredera con fijo", tipo_apertura: "por definir" });
    expect(r).toMatchObject({ tipo_ventana: "Doble corredera con fijo", tipo_apertura: "Por Definir" });
    expect(itemPresupuestoSchema.parse({ ...minimal, tipo_ventana: "", tipo_apertura: null })).toMatchObject({ tipo_ventana: "Doble Corredera", tipo_apertura: "Derecha" });
  });

  it("23.12 strict JSON types: flags are JSON booleans, numbers JSON numbers, text JSON strings", () => {
    expect(itemPresupuestoSchema.parse({ ...minimal, grada_buque: true, observaciones: null, adicional: false })).toMatchObject({ grada_buque: true, observaciones: false, adicional: false });
    expect(errorsOf(itemPresupuestoSchema, { ...minimal, grada_buque: "true", observaciones: 0, adicional: 1 })).toEqual({
      grada_buque: ["Valor inválido: se esperaba sí o no"],
      observaciones: ["Valor inválido: se esperaba sí o no"],
      adicional: ["Valor inválido: se esperaba sí o no"],
    });
    expect(errorsOf(itemPresupuestoSchema, { ...minimal, ancho: "1200", cantidad: "2,5", item: 1 })).toEqual({
      ancho: ["Ingrese un número válido"],
      cantidad: ["Ingrese un número válido"],
      item: ["Debe ser un texto"],
    });
    expect(errorsOf(itemPresupuestoSchema, { presupuesto_id: "3" })).toEqual({ presupuesto_id: ["Debe seleccionar un presupuesto"] });
  });

  it("puts every failure on its field with a Spanish message", () => {
    expect(errorsOf(itemPresupuestoSchema, {})).toEqual({ presupuesto_id: ["Debe seleccionar un presupuesto"] });
    expect(errorsOf(itemPresupuestoSchema, { ...minimal, ancho: "abc" })).toEqual({ ancho: ["Ingrese un número válido"] });
    expect(errorsOf(itemPresupuestoSchema, { ...minimal, alto: "12abc" })).toEqual({ alto: ["Ingrese un número válido"] });
    expect(errorsOf(itemPresupuestoSchema, { ...minimal, ancho: true })).toEqual({ ancho: ["Ingrese un número válido"] });
    expect(errorsOf(itemPresupuestoSchema, { ...minimal, ancho: -1 })).toEqual({ ancho: ["El ancho no puede ser negativo"] });
    expect(errorsOf(itemPresupuestoSchema, { ...minimal, ancho: 1e9 })).toEqual({ ancho: ["El valor es demasiado grande"] });
    expect(errorsOf(itemPresupuestoSchema, { ...minimal, cantidad: -2 })).toEqual({ cantidad: ["La cantidad no puede ser negativa"] });
    expect(errorsOf(itemPresupuestoSchema, { ...minimal, precio_unitario: -100 })).toEqual({ precio_unitario: ["El precio no puede ser negativo"] });
    expect(errorsOf(itemPresupuestoSchema, { ...minimal, cuadros_adicionales: -1 })).toEqual({ cuadros_adicionales: ["Los cuadros adicionales no pueden ser negativos"] });
    expect(errorsOf(itemPresupuestoSchema, { ...minimal, cuadros_adicionales: 1.5 })).toEqual({ cuadros_adicionales: ["Los cuadros adicionales deben ser un número entero"] });
    expect(errorsOf(itemPresupuestoSchema, { ...minimal, tipo_ventana: "Ventana mágica" })).toEqual({ tipo_ventana: ["Tipo de ventana inválido"] });
    expect(errorsOf(itemPresupuestoSchema, { ...minimal, tipo_apertura: "Arriba" })).toEqual({ tipo_apertura: ["Tipo de apertura inválido"] });
    expect(errorsOf(itemPresupuestoSchema, { ...minimal, grada_buque: "sí" })).toEqual({ grada_buque: ["Valor inválido: se esperaba sí o no"] });
  });

  it("reports several failures at once", () => {
    expect(errorsOf(itemPresupuestoSchema, { presupuesto_id: 0, ancho: "x", cantidad: -1 })).toEqual({
      presupuesto_id: ["Debe seleccionar un presupuesto"],
      ancho: ["Ingrese un número válido"],
      cantidad: ["La cantidad no puede ser negativa"],
    });
  });

  it("treats null or missing numbers as no value", () => {
    expect(itemPresupuestoSchema.parse({ ...minimal, ancho: null, cantidad: null, precio_unitario: null, cuadros_adicionales: null })).toMatchObject({
      ancho: null,
      alto: null,
      cantidad: null,
      precio_unitario: null,
      cuadros_adicionales: 0,
    });
  });
});

describe("zodFieldErrors", () => {
  it("joins nested paths and removes duplicate messages", () => {
    const r = clienteSchema.safeParse({ nombre: "" });
    expect(r.success).toBe(false);
    if (!r.success) {
      const doubled = { ...r.error, issues: [...r.error.issues, ...r.error.issues, { ...r.error.issues[0], path: ["items", 0, "codigo"] }] } as z.ZodError;
      expect(zodFieldErrors(doubled)).toEqual({ nombre: ["Nombre es obligatorio"], "items.0.codigo": ["Nombre es obligatorio"] });
    }
  });
});

describe("inferred types", () => {
  it("give precise output types", () => {
    expectTypeOf<ClienteData>().toEqualTypeOf<{ nombre: string; rut: string | null; correo: string | null; telefono: string | null; direccion: string | null }>();
    expectTypeOf<PresupuestoData["fecha"]>().toEqualTypeOf<string | null>();
    expectTypeOf<PresupuestoData["total_neto_presupuestado"]>().toEqualTypeOf<number>();
    expectTypeOf<ItemPresupuestoData["tipo_ventana"]>().toEqualTypeOf<TipoVentana>();
    expectTypeOf<ItemPresupuestoData["tipo_apertura"]>().toEqualTypeOf<TipoApertura>();
    expectTypeOf<ItemPresupuestoData["cantidad"]>().toEqualTypeOf<number | null>();
    expectTypeOf<ItemPresupuestoData>().not.toHaveProperty("utv");
    expectTypeOf<ItemPresupuestoData>().not.toHaveProperty("id");
    expectTypeOf<ItemPresupuestoRow["utv_monto"]>().toEqualTypeOf<number>();
    expectTypeOf<ItemPresupuestoRow["tipo_ventana"]>().toEqualTypeOf<TipoVentana>();
    expectTypeOf<{ presupuesto_id: number; ancho: number }>().toMatchTypeOf<ItemPresupuestoInput>();
  });
});
