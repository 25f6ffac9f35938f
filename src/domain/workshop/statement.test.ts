import { describe, expect, it } from "vitest";
import { INSTALADOR_EMPRESA, INSTALADOR_RETIRO_EN_PLANTA } from "../../config/empresa";
import { splitByAttendance } from "./split";
import { workerStatement } from "./statement";

const utvs = [
  { doble_corredera: 4, fijo: 2, valor_m2: 3000, instalador: INSTALADOR_EMPRESA, m2_instalador: 12.5 }, // 9 UTV → 27.000; install 37.500
  { proyectante: 3, marco_puerta: 1, otro: 1, instalador: INSTALADOR_RETIRO_EN_PLANTA, m2_instalador: 5 }, // 5.75 → 17.250
];
const termopaneles = [{ m2: 3.6 }, { m2: 1, valor_m2: 2000 }]; // 5.400 + 2.000
const trabajadores = [
  { nombre: "Carla Soto", dias_trab: 10, horas_extras: 12, horas_retraso: 0 },
  { nombre: "Bruno Díaz", dias_trab: 22, horas_extras: 4, horas_retraso: 2.5, observacion: "Licencia un día" },
  { nombre: "Ana Pérez", dias_trab: 22, horas_extras: 0, horas_retraso: 0 },
];
const base = { periodo: "2026-03", trabajadores, utvs, termopaneles };

describe("workerStatement", () => {
  it("prints a worker's figures, the workshop totals and their share", () => {
    const s = workerStatement({ ...base, nombre: "Ana Pérez" });
    expect(s).toMatchObject({ periodo: "2026-03", titulo: "Marzo 2026", diasDelMes: 31, horasDelMes: 279 });
    expect(s.trabajador).toEqual({
      nombre: "Ana Pérez",
      dias_trab: 22,
      horas_trab: 198,
      horas_extras: 0,
      horas_retraso: 0,
      horas_acum_trab: 198,
      observacion: null,
      horas_asistencia: 198,
      porcentaje_asistencia: 70.97,
    });
    expect(s.taller).toEqual({
      utv: { registros: 2, unidades: 14.75, valor: 44_250 },
      termopanel: { registros: 2, m2: 4.6, valor: 7_400 },
      instalacion: { registros: 1, m2: 12.5, valor: 37_500 },
      total: 89_150,
    });
    expect(s.reparto).toMatchObject({ trabajadores: 3, porcentajeTotal: 173.3, base: 36_508, resto: 1, monto: 36_509, sinAsignar: 0 });
    expect(s.reparto.exacto).toBeCloseTo(36_508.1696, 3);
    expect(s.explicacion).toEqual([
      "Total del taller de Marzo 2026: UTV $44.250 + termopaneles $7.400 + instalaciones $37.500 = $89.150.",
      "Asistencia: máx(0; 22 días × 9 h − 0 h de retraso) = 198 h; 198 h / (31 días del mes × 9 h = 279 h) × 100 = 70,97 %.",
      "Parte: $89.150 × 70,97 % / 173,3 % (suma de los 3 trabajadores) = $36.508,17.",
      "Monto: $36.508 (parte entera) + $1 (los pesos sobrantes del reparto van a los mayores porcentajes de asistencia) = $36.509.",
    ]);
  });

  it("agrees with the pay PDF's split for every worker", () => {
    const split = splitByAttendance(89_150, trabajadores, "2026-03");
    const amounts = trabajadores.map((t) => workerStatement({ ...base, nombre: t.nombre }).reparto.monto);
    expect(amounts).toEqual(split.partes.map((p) => p.monto));
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(89_150);
  });

  it("explains a delay and a share without a remainder peso", () => {
    const s = workerStatement({ ...base, nombre: "Bruno Díaz" });
    expect(s.trabajador).toMatchObject({ horas_trab: 198, horas_acum_trab: 199.5, horas_asistencia: 195.5, porcentaje_asistencia: 70.07, observacion: "Licencia un día" });
    expect(s.reparto).toMatchObject({ base: 36_047, resto: 0, monto: 36_047 });
    expect(s.explicacion[1]).toBe("Asistencia: máx(0; 22 días × 9 h − 2,5 h de retraso) = 195,5 h; 195,5 h / (31 días del mes × 9 h = 279 h) × 100 = 70,07 %.");
    expect(s.explicacion[3]).toBe("Monto: $36.047 (parte entera) = $36.047.");
  });

  it("mentions the cap when days exceed the month", () => {
    const s = workerStatement({ periodo: "2026-02", nombre: "A", trabajadores: [{ nombre: "A", dias_trab: 30 }], utvs, termopaneles });
    expect(s.trabajador.porcentaje_asistencia).toBe(100);
    expect(s.reparto.monto).toBe(89_150);
    expect(s.explicacion[1]).toBe("Asistencia: máx(0; 30 días × 9 h − 0 h de retraso) = 270 h, con tope de 252 h; 252 h / (28 días del mes × 9 h = 252 h) × 100 = 100 %.");
  });

  it("says the total is unassigned when nobody has attendance", () => {
    const s = workerStatement({ ...base, nombre: "A", trabajadores: [{ nombre: "A", dias_trab: 0 }, { nombre: "B" }] });
    expect(s.reparto).toMatchObject({ monto: 0, sinAsignar: 89_150 });
    expect(s.explicacion).toHaveLength(3);
    expect(s.explicacion[2]).toBe("Nadie registra asistencia en Marzo 2026: el total de $89.150 queda sin asignar.");
  });

  it("refuses a worker who is not on the roster or a malformed period", () => {
    expect(() => workerStatement({ ...base, nombre: "Nadie" })).toThrow(RangeError);
    expect(() => workerStatement({ ...base, periodo: "2026-3", nombre: "Ana Pérez" })).toThrow(RangeError);
  });
});
