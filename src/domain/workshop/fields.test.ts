import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { INSTALADOR_EMPRESA, INSTALADORES } from "../../config/empresa";
import { zodFieldErrors } from "../fields";
import {
  checkDiasEnPeriodo,
  copiarPlanillaQuery,
  instaladorField,
  isQuarterHourStep,
  mesAnioQuery,
  MSG_NOMBRE_TRABAJADOR_OBLIGATORIO,
  periodoField,
  trabajadorSchema,
} from "./fields";
import { MSG_PERIODO_INVALIDO } from "./periods";
import * as messages from "./messages";

function errorsOf(schema: z.ZodType, body: unknown): Record<string, string[]> {
  const r = schema.safeParse(body);
  if (r.success) throw new Error(`expected failure, got ${JSON.stringify(r.data)}`);
  return zodFieldErrors(r.error);
}

const valid = { periodo: "2026-03", nombre: "Pedro Soto", dias_trab: 22, horas_extras: 1.75, horas_retraso: 0.5, observacion: "" };

describe("worker fields (section 5)", () => {
  it("accepts a row, defaulting empty figures to 0; figures are JSON numbers (23.12)", () => {
    expect(errorsOf(trabajadorSchema, { ...valid, dias_trab: "22" })).toEqual({ dias_trab: [expect.any(String)] });
    expect(trabajadorSchema.parse({ ...valid, nombre: "  Pedro Soto ", dias_trab: 22, horas_extras: 1.75, horas_retraso: 0.5 })).toEqual({
      periodo: "2026-03",
      nombre: "Pedro Soto",
      dias_trab: 22,
      horas_extras: 1.75,
      horas_retraso: 0.5,
      observacion: null,
    });
    expect(trabajadorSchema.parse({ periodo: "2026-03", nombre: "Ana" })).toEqual({
      periodo: "2026-03",
      nombre: "Ana",
      dias_trab: 0,
      horas_extras: 0,
      horas_retraso: 0,
      observacion: null,
    });
  });

  it("requires the name: El nombre es obligatorio.", () => {
    expect(MSG_NOMBRE_TRABAJADOR_OBLIGATORIO).toBe("El nombre es obligatorio.");
    expect(errorsOf(trabajadorSchema, { ...valid, nombre: "  " })).toEqual({ nombre: ["El nombre es obligatorio."] });
    expect(errorsOf(trabajadorSchema, { ...valid, nombre: undefined })).toEqual({ nombre: ["El nombre es obligatorio."] });
  });

  it("takes days as a whole number from 0 to 31", () => {
    expect(errorsOf(trabajadorSchema, { ...valid, dias_trab: -1 })).toEqual({ dias_trab: ["Los días trabajados deben ser 0 o más."] });
    expect(errorsOf(trabajadorSchema, { ...valid, dias_trab: 1.5 })).toEqual({ dias_trab: ["Los días trabajados deben ser un número entero."] });
    expect(errorsOf(trabajadorSchema, { ...valid, dias_trab: 32 })).toEqual({ dias_trab: ["Un mes tiene a lo más 31 días."] });
    expect(errorsOf(trabajadorSchema, { ...valid, dias_trab: "muchos" })).toEqual({ dias_trab: ["Ingrese un número válido"] });
    expect(trabajadorSchema.parse({ ...valid, dias_trab: 0 }).dias_trab).toBe(0);
    expect(trabajadorSchema.parse({ ...valid, dias_trab: 31 }).dias_trab).toBe(31);
  });

  it("takes extra and delay hours from 0 in steps of 0.25", () => {
    expect(trabajadorSchema.parse({ ...valid, horas_extras: 2.25, horas_retraso: 0.75 })).toMatchObject({ horas_extras: 2.25, horas_retraso: 0.75 });
    expect(errorsOf(trabajadorSchema, { ...valid, horas_extras: -0.25 })).toEqual({ horas_extras: ["Las horas extras deben ser 0 o más."] });
    expect(errorsOf(trabajadorSchema, { ...valid, horas_retraso: -1 })).toEqual({ horas_retraso: ["Las horas de retraso deben ser 0 o más."] });
    expect(errorsOf(trabajadorSchema, { ...valid, horas_extras: 0.3, horas_retraso: 1.1 })).toEqual({
      horas_extras: ["Use pasos de 0,25 horas."],
      horas_retraso: ["Use pasos de 0,25 horas."],
    });
    expect(errorsOf(trabajadorSchema, { ...valid, horas_extras: 1000 })).toEqual({ horas_extras: ["El valor es demasiado grande"] });
    expect(isQuarterHourStep(0)).toBe(true);
    expect(isQuarterHourStep(7.75)).toBe(true);
    expect(isQuarterHourStep(0.1 + 0.15)).toBe(true); // 0.25 with float dust
    expect(isQuarterHourStep(0.2)).toBe(false);
    expect(isQuarterHourStep(Number.NaN)).toBe(false);
  });

  it("needs a valid period: Periodo inválido.", () => {
    expect(MSG_PERIODO_INVALIDO).toBe("Periodo inválido.");
    expect(errorsOf(trabajadorSchema, { ...valid, periodo: "2026-13" })).toEqual({ periodo: ["Periodo inválido."] });
    expect(errorsOf(trabajadorSchema, { ...valid, periodo: undefined })).toEqual({ periodo: ["Periodo inválido."] });
    expect(errorsOf(trabajadorSchema, { ...valid, periodo: 202603 })).toEqual({ periodo: ["Periodo inválido."] });
    expect(periodoField().parse(" 2026-03 ")).toBe("2026-03");
  });

  it("refuses a body that is not an object", () => {
    expect(errorsOf(trabajadorSchema, "Pedro")).toEqual({ _form: ["El cuerpo de la solicitud debe ser un objeto JSON"] });
  });

  it("checks days against the period's real month length", () => {
    expect(checkDiasEnPeriodo(29, "2028-02")).toBeNull();
    expect(checkDiasEnPeriodo(29, "2026-02")).toBe("Febrero 2026 tiene 28 días.");
    expect(checkDiasEnPeriodo(31, "2026-04")).toBe("Abril 2026 tiene 30 días.");
    expect(checkDiasEnPeriodo(31, "2026-03")).toBeNull();
  });
});

describe("queries of the workshop area", () => {
  it("copies a roster between two valid periods", () => {
    expect(copiarPlanillaQuery.parse({ de: "2026-02", a: "2026-03" })).toEqual({ de: "2026-02", a: "2026-03" });
    expect(errorsOf(copiarPlanillaQuery, { de: "2026-2", a: "2026-03" })).toEqual({ de: ["Periodo inválido."] });
    expect(errorsOf(copiarPlanillaQuery, {})).toEqual({ de: ["Periodo inválido."], a: ["Periodo inválido."] });
  });

  it("turns the month and year filters into a period", () => {
    expect(mesAnioQuery.parse({ mes: "03", anio: "2026" })).toBe("2026-03");
    expect(mesAnioQuery.parse({ mes: "3", anio: 2026 })).toBe("2026-03");
    expect(mesAnioQuery.parse({})).toBeNull();
    expect(errorsOf(mesAnioQuery, { mes: "13", anio: "2026" })).toEqual({ mes: ["Periodo inválido."] });
    expect(errorsOf(mesAnioQuery, { mes: "03" })).toEqual({ mes: ["Periodo inválido."] });
  });

  it("takes an installer from the fixed list, or none", () => {
    const f = instaladorField();
    expect(f.parse(INSTALADOR_EMPRESA)).toBe(INSTALADOR_EMPRESA);
    expect(f.parse("  retiro EN planta ")).toBe("Retiro en planta");
    expect(f.parse(INSTALADORES[2])).toBe(INSTALADORES[2]);
    expect(f.parse("")).toBeNull();
    expect(f.parse(null)).toBeNull();
    expect(f.parse(undefined)).toBeNull();
    expect(errorsOf(f, "Otro instalador")).toEqual({ _form: ["Instalador inválido: elija uno de la lista."] });
  });
});

describe("section 8 messages", () => {
  it("are the specification's texts", () => {
    expect(messages.MSG_UTV_GUARDADO).toBe("UTV guardado con éxito");
    expect(messages.MSG_UTV_ACTUALIZADO).toBe("UTV actualizado con éxito");
    expect(messages.MSG_TERMOPANEL_REGISTRADO).toBe("Termopanel registrado correctamente");
    expect(messages.MSG_ERROR_GUARDAR_UTV).toBe("Error al guardar/actualizar UTV");
    expect(messages.MSG_ERROR_ELIMINAR_REGISTRO).toBe("No se pudo eliminar el registro.");
    expect(messages.MSG_ERROR_ACTUALIZAR_INSTALADOR).toBe("No se pudo actualizar el instalador.");
    expect(messages.MSG_ERROR_GUARDAR_TERMOPANEL).toBe("Error al guardar termopanel.");
    expect(messages.MSG_ERROR_CARGAR_TALLER).toBe("Error al cargar datos del taller.");
    expect(messages.MSG_ERROR_GENERAR_PDF).toBe("No se pudo generar el PDF.");
    expect(messages.MSG_ERROR_GUARDAR_TRABAJADOR).toBe("Error al guardar.");
    expect(messages.MSG_ERROR_ELIMINAR_TRABAJADOR).toBe("Error al eliminar.");
    expect(messages.MSG_ERROR_COPIAR_PLANILLA).toBe("No se pudo copiar la planilla del mes anterior.");
    expect(messages.MSG_TRABAJADOR_ACTUALIZADO).toBe("Trabajador actualizado.");
    expect(messages.MSG_TRABAJADOR_CREADO).toBe("Trabajador creado.");
    expect(messages.MSG_TRABAJADOR_ELIMINADO).toBe("Eliminado.");
    expect(messages.MSG_PLANILLA_COPIADA("2026-02")).toBe("Planilla copiada desde 2026-02.");
  });
});
