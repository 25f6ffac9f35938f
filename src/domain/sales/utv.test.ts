import { describe, expect, it } from "vitest";
import { computeItemUtv, quoteUtvTotals, TIPOS_APERTURA, TIPOS_VENTANA, UTV_POR_TIPO, UTV_VALOR_PESOS, tipoLabel, utvPorTipo } from "./utv";

describe("window types and openings (section 3)", () => {
  it("keeps the specification's exact spelling, default first", () => {
    expect(TIPOS_VENTANA).toEqual(["Doble Corredera", "Proyectante", "Fijo", "Oscilobatiente", "Doble corredera con fijo", "Marco puerta", "Otro"]);
    expect(TIPOS_APERTURA).toEqual(["Derecha", "Izquierda", "Por Definir"]);
    expect(UTV_VALOR_PESOS).toBe(20000);
  });
});

describe("computeItemUtv (section 9)", () => {
  const cases: [string, number][] = [
    ["Fijo", 0.5],
    ["Doble corredera con fijo", 2.5],
    ["Marco puerta", 2.5],
    ["Proyectante", 1],
    ["Oscilobatiente", 1],
    ["Doble Corredera", 2],
    ["Otro", 0],
  ];

  it("has a weight for every window type and nothing else", () => {
    expect(Object.keys(UTV_POR_TIPO).sort()).toEqual([...TIPOS_VENTANA].sort());
  });

  it.each(cases)("%s weighs %s UTV per window", (tipo, peso) => {
    expect(computeItemUtv({ tipo_ventana: tipo, cantidad: 1 })).toEqual({ utvUnitario: peso, utv: peso, utv_monto: peso * 20000 });
    expect(computeItemUtv({ tipo_ventana: tipo, cantidad: 3 })).toEqual({ utvUnitario: peso, utv: peso * 3, utv_monto: peso * 3 * 20000 });
  });

  it("spells out the amounts: 3 Doble Corredera = 6 UTV = $120.000; 2 Fijo = 1 UTV = $20.000", () => {
    expect(computeItemUtv({ tipo_ventana: "Doble Corredera", cantidad: 3 }).utv_monto).toBe(120000);
    expect(computeItemUtv({ tipo_ventana: "Fijo", cantidad: 2 })).toEqual({ utvUnitario: 0.5, utv: 1, utv_monto: 20000 });
    expect(computeItemUtv({ tipo_ventana: "Marco puerta", cantidad: 4 })).toEqual({ utvUnitario: 2.5, utv: 10, utv_monto: 200000 });
  });

  it("gives 0 when the observations flag is on, whatever the type or frames", () => {
    for (const [tipo] of cases) {
      expect(computeItemUtv({ tipo_ventana: tipo, observaciones: true, adicional: true, cuadros_adicionales: 3, cantidad: 5 })).toEqual({ utvUnitario: 0, utv: 0, utv_monto: 0 });
    }
  });

  it("adds 0.5 per additional frame only when the additional flag is on", () => {
    expect(computeItemUtv({ tipo_ventana: "Proyectante", adicional: true, cuadros_adicionales: 2, cantidad: 1 })).toEqual({ utvUnitario: 2, utv: 2, utv_monto: 40000 });
    expect(computeItemUtv({ tipo_ventana: "Doble Corredera", adicional: true, cuadros_adicionales: 3, cantidad: 2 })).toEqual({ utvUnitario: 3.5, utv: 7, utv_monto: 140000 });
    expect(computeItemUtv({ tipo_ventana: "Otro", adicional: true, cuadros_adicionales: 1, cantidad: 1 })).toEqual({ utvUnitario: 0.5, utv: 0.5, utv_monto: 10000 });
    // flag off: the count is ignored
    expect(computeItemUtv({ tipo_ventana: "Proyectante", adicional: false, cuadros_adicionales: 4, cantidad: 1 })).toEqual({ utvUnitario: 1, utv: 1, utv_monto: 20000 });
    // flag on without a count, or a negative count: nothing added
    expect(computeItemUtv({ tipo_ventana: "Proyectante", adicional: true, cuadros_adicionales: null, cantidad: 1 }).utvUnitario).toBe(1);
    expect(computeItemUtv({ tipo_ventana: "Proyectante", adicional: true, cuadros_adicionales: -2, cantidad: 1 }).utvUnitario).toBe(1);
  });

  it("counts an empty quantity as 1; an explicit 0 gives 0", () => {
    expect(computeItemUtv({ tipo_ventana: "Doble Corredera", cantidad: null })).toEqual({ utvUnitario: 2, utv: 2, utv_monto: 40000 });
    expect(computeItemUtv({ tipo_ventana: "Doble Corredera" })).toEqual({ utvUnitario: 2, utv: 2, utv_monto: 40000 });
    expect(computeItemUtv({ tipo_ventana: "Doble Corredera", cantidad: 0 })).toEqual({ utvUnitario: 2, utv: 0, utv_monto: 0 });
  });

  it("is exact: no float dust, utv to 2 decimals, amount in whole pesos matching the shown utv", () => {
    const r = computeItemUtv({ tipo_ventana: "Fijo", adicional: true, cuadros_adicionales: 1, cantidad: 7 });
    expect(r).toEqual({ utvUnitario: 1, utv: 7, utv_monto: 140000 });
    const frac = computeItemUtv({ tipo_ventana: "Doble corredera con fijo", cantidad: 0.09 }); // 0.22499999999999998 raw
    expect(frac.utv).toBe(0.23);
    expect(frac.utv_monto).toBe(4600);
    expect(computeItemUtv({ tipo_ventana: "Marco puerta", cantidad: 0.14 }).utv).toBe(0.35); // 0.35000000000000003 raw
    const third = computeItemUtv({ tipo_ventana: "Doble Corredera", cantidad: 1.333 }); // 2.666
    expect(third.utv).toBe(2.67);
    expect(third.utv_monto).toBe(53400);
    expect(Number.isInteger(third.utv_monto)).toBe(true);
  });

  it("weighs an unknown or empty type as 0", () => {
    expect(utvPorTipo("Ventana mágica")).toBe(0);
    expect(utvPorTipo(null)).toBe(0);
    expect(utvPorTipo("toString")).toBe(0);
    expect(computeItemUtv({ tipo_ventana: undefined, cantidad: 2 }).utv).toBe(0);
  });

  it("sums a quote's items", () => {
    expect(
      quoteUtvTotals([
        { tipo_ventana: "Doble Corredera", cantidad: 3 },
        { tipo_ventana: "Fijo", cantidad: null },
        { tipo_ventana: "Proyectante", observaciones: true, cantidad: 10 },
      ]),
    ).toEqual({ utv: 6.5, utv_monto: 130000 });
    expect(quoteUtvTotals([])).toEqual({ utv: 0, utv_monto: 0 });
  });
});

describe("tipoLabel: one capitalisation on documents", () => {
  it("prints every window type and opening in sentence case", () => {
    expect(tipoLabel("Doble Corredera")).toBe("Doble corredera");
    expect(tipoLabel("Doble corredera con fijo")).toBe("Doble corredera con fijo");
    expect(tipoLabel("Por Definir")).toBe("Por definir");
    expect(tipoLabel("Izquierda")).toBe("Izquierda");
    const printed = TIPOS_VENTANA.map(tipoLabel);
    expect(printed.filter((t) => t.startsWith("Doble")).every((t) => t.startsWith("Doble corredera"))).toBe(true);
  });
});
