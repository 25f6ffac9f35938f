// Operaciones → Vehículos: the company's vans and trucks (issue 18's proof of the declared
// resources). Every role reads them; Operaciones and Gerencia write them (RESOURCE_META).
import { RESOURCE_META } from "../resources/menu";
import { DATE, defineResource, INTEGER, reference, TEXT } from "../resources/define-resource";
import { idField, nullableNumber, optionalIsoDate, requiredText } from "../fields";
import { patenteField } from "./patente";

export const vehiculos = defineResource(RESOURCE_META.vehiculos, {
  fields: {
    patente: { label: "Patente", schema: patenteField(), input: TEXT, list: 100, search: true, sort: true, filter: true, required: true, unique: "Ya existe un vehículo con esa patente", example: (n) => `BBBB${String(10 + (n % 90))}` },
    marca: { label: "Marca", schema: requiredText("La marca es obligatoria", 60), input: TEXT, list: 130, search: true, sort: true, filter: true, required: true },
    modelo: { label: "Modelo", schema: requiredText("El modelo es obligatorio", 60), input: TEXT, list: 140, priority: "extra", search: true, sort: true, required: true },
    anio: { label: "Año", schema: nullableNumber({ integer: true, integerMessage: "El año debe ser un número entero", max: 2100 }).refine((v) => v === null || v >= 1950, "El año debe ser 1950 o posterior"), input: INTEGER, list: 70, priority: "extra", sort: true, filter: true },
    vencimiento_revision_tecnica: { label: "Vencimiento revisión técnica", schema: optionalIsoDate(), input: DATE, list: 130, priority: "needed", sort: true, filter: true },
    vencimiento_permiso_circulacion: { label: "Vencimiento permiso de circulación", schema: optionalIsoDate(), input: DATE, list: 130, priority: "needed", sort: true, filter: true },
    responsable_id: { label: "Responsable", schema: idField("Seleccione el responsable"), input: reference("usuarios", "nombre"), list: 160, filter: true, required: true },
  },
  title: "patente",
  filters: { vence_en_30_dias: { kind: "dueWithin", label: "Vence en 30 días", fields: ["vencimiento_revision_tecnica", "vencimiento_permiso_circulacion"], days: 30 } },
  searchPlaceholder: "Patente, marca o modelo…",
});
