import { describe, expect, it } from "vitest";
import { EMPRESA, INSTALADOR_EMPRESA, INSTALADOR_RETIRO_EN_PLANTA, INSTALADORES } from "../../config/empresa";
import {
  installationOf,
  isCompanyInstaller,
  TERMOPANEL_VALOR_M2_DEFAULT,
  termopanelM2,
  termopanelValorM2,
  termopanelValue,
  UTV_CONTEO_ETIQUETAS,
  UTV_CONTEOS,
  UTV_PESO_POR_UNIDAD,
  UTV_TIPO_DEFAULT,
  UTV_TIPOS,
  UTV_VALOR_M2_DEFAULT,
  utvUnits,
  utvValorM2,
  utvValue,
  workshopTotals,
} from "./production";

describe("UTV value lists (sections 3 and 9)", () => {
  it("has the three UTV types", () => {
    expect(UTV_TIPOS).toEqual(["PVC", "Aluminio", "Ambos"]);
    expect(UTV_TIPO_DEFAULT).toBe("PVC");
  });

  it("weighs each counted unit as section 9 says", () => {
    expect(UTV_PESO_POR_UNIDAD).toEqual({
      fijo: 0.5,
      doble_corredera_fijo: 2,
      proyectante: 1,
      oscilobatiente: 1,
      doble_corredera: 2,
      marco_puerta: 2.5,
      marcos_adicionales: 0.5,
      otro: 0.25,
    });
    expect(Object.keys(UTV_PESO_POR_UNIDAD).sort()).toEqual([...UTV_CONTEOS].sort());
    expect(Object.keys(UTV_CONTEO_ETIQUETAS).sort()).toEqual([...UTV_CONTEOS].sort());
    expect(UTV_CONTEO_ETIQUETAS.doble_corredera_fijo).toBe("Doble corredera con fijo");
  });

  it("defaults valor_m2 to 3000 for UTV and 1500 for thermal panels", () => {
    expect(UTV_VALOR_M2_DEFAULT).toBe(3000);
    expect(TERMOPANEL_VALOR_M2_DEFAULT).toBe(1500);
  });
});

describe("UTV units and value", () => {
  it("adds count × weight per unit", () => {
    expect(utvUnits({ fijo: 1 })).toBe(0.5);
    expect(utvUnits({ doble_corredera_fijo: 1 })).toBe(2);
    expect(utvUnits({ marco_puerta: 2 })).toBe(5);
    expect(utvUnits({ otro: 3 })).toBe(0.75);
    const oneOfEach = Object.fromEntries(UTV_CONTEOS.map((c) => [c, 1]));
    expect(utvUnits(oneOfEach)).toBe(9.75);
    expect(
      utvUnits({ fijo: 2, doble_corredera_fijo: 1, proyectante: 3, oscilobatiente: 1, doble_corredera: 4, marco_puerta: 1, marcos_adicionales: 3, otro: 1 }),
    ).toBe(19.25);
  });

  it("counts empty counts as 0", () => {
    expect(utvUnits({})).toBe(0);
    expect(utvUnits({ fijo: null, proyectante: undefined, oscilobatiente: 2 })).toBe(2);
  });

  it("values units × valor_m2 in whole pesos, 3000 by default", () => {
    const rec = { fijo: 2, doble_corredera_fijo: 1, proyectante: 3, oscilobatiente: 1, doble_corredera: 4, marco_puerta: 1, marcos_adicionales: 3, otro: 1 };
    expect(utvValue(rec)).toBe(57_750); // 19.25 × 3000
    expect(utvValue({ ...rec, valor_m2: null })).toBe(57_750);
    expect(utvValue({ otro: 3, valor_m2: 3500 })).toBe(2_625);
    expect(utvValue({ otro: 1, valor_m2: 3002 })).toBe(751); // 750.5 rounds half up
    expect(utvValue({ fijo: 4, valor_m2: 0 })).toBe(0); // an explicit 0 stays 0
    expect(utvValorM2({})).toBe(3000);
    expect(utvValorM2({ valor_m2: 2800 })).toBe(2800);
  });
});

describe("thermal panels", () => {
  it("computes 1200 × 1500 mm × 2 = 3.60 m2 (section 9)", () => {
    expect(termopanelM2({ ancho_mm: 1200, alto_mm: 1500, cantidad: 2 })).toBe(3.6);
    expect(termopanelM2({ ancho_mm: 1200, alto_mm: 1500, cantidad: 2 }).toFixed(2)).toBe("3.60");
  });

  it("takes cantidad 1 when empty; an explicit 0 stays 0", () => {
    expect(termopanelM2({ ancho_mm: 1000, alto_mm: 1000 })).toBe(1);
    expect(termopanelM2({ ancho_mm: 1000, alto_mm: 1000, cantidad: null })).toBe(1);
    expect(termopanelM2({ ancho_mm: 1000, alto_mm: 1000, cantidad: 0 })).toBe(0);
    expect(termopanelM2({ ancho_mm: null, alto_mm: 1000 })).toBe(0);
  });

  it("rounds m2 to the form's 2 decimals", () => {
    expect(termopanelM2({ ancho_mm: 333, alto_mm: 333 })).toBe(0.11); // 0.110889
    expect(termopanelM2({ ancho_mm: 1250, alto_mm: 1333, cantidad: 3 })).toBe(5); // 4.99875
    expect(termopanelM2({ ancho_mm: 1005, alto_mm: 1000 })).toBe(1.01); // 1.005 half up, no float dust
  });

  it("values m2 × valor_m2, 1500 by default, in whole pesos", () => {
    expect(termopanelValue({ m2: 3.6 })).toBe(5_400);
    expect(termopanelValue({ m2: 3.6, valor_m2: null })).toBe(5_400);
    expect(termopanelValue({ m2: 1, valor_m2: 2000 })).toBe(2_000);
    expect(termopanelValue({ m2: 0.11, valor_m2: 1555 })).toBe(171); // 171.05
    expect(termopanelValue({ m2: null })).toBe(0);
    expect(termopanelValorM2({ m2: 1 })).toBe(1500);
  });
});

describe("installers and installations", () => {
  it("has a fixed list of six: five people or the company, plus Retiro en planta", () => {
    expect(INSTALADORES).toHaveLength(6);
    expect(new Set(INSTALADORES).size).toBe(6);
    expect(INSTALADOR_EMPRESA).toBe(EMPRESA.nombreFantasia);
    expect(INSTALADORES).toContain(INSTALADOR_EMPRESA);
    expect(INSTALADORES[5]).toBe(INSTALADOR_RETIRO_EN_PLANTA);
    expect(INSTALADOR_RETIRO_EN_PLANTA).toBe("Retiro en planta");
  });

  it("recognises only the company itself as its own installer", () => {
    expect(isCompanyInstaller(INSTALADOR_EMPRESA)).toBe(true);
    expect(isCompanyInstaller(` ${INSTALADOR_EMPRESA.toUpperCase()} `)).toBe(true);
    for (const other of INSTALADORES.filter((i) => i !== INSTALADOR_EMPRESA)) expect(isCompanyInstaller(other)).toBe(false);
    expect(isCompanyInstaller("")).toBe(false);
    expect(isCompanyInstaller(null)).toBe(false);
    expect(isCompanyInstaller(undefined)).toBe(false);
  });

  const records = [
    { id: 1, doble_corredera: 4, fijo: 2, instalador: INSTALADOR_EMPRESA, m2_instalador: 12.5 },
    { id: 2, proyectante: 3, instalador: INSTALADORES[1], m2_instalador: 10 },
    { id: 3, otro: 1, instalador: INSTALADOR_RETIRO_EN_PLANTA, m2_instalador: 4 },
    { id: 4, fijo: 1, instalador: INSTALADOR_EMPRESA, m2_instalador: 3.25, valor_m2: 3200 },
    { id: 5, fijo: 1, instalador: null, m2_instalador: 8 },
    { id: 6, fijo: 1, instalador: INSTALADOR_EMPRESA, m2_instalador: null },
  ];

  it("counts only the company's installs: m2_rectificacion = m2_instalador, value = m2 × valor_m2", () => {
    expect(installationOf(records[0])).toEqual({ m2_rectificacion: 12.5, valor_m2: 3000, valor_instalacion: 37_500 });
    expect(installationOf(records[1])).toBeNull();
    expect(installationOf(records[2])).toBeNull();
    expect(installationOf(records[3])).toEqual({ m2_rectificacion: 3.25, valor_m2: 3200, valor_instalacion: 10_400 });
    expect(installationOf(records[4])).toBeNull();
    expect(installationOf(records[5])).toEqual({ m2_rectificacion: 0, valor_m2: 3000, valor_instalacion: 0 });
  });

});

describe("period totals", () => {
  it("adds UTV value + thermal value + installation value into the pay total", () => {
    const utvs = [
      { doble_corredera: 4, fijo: 2, valor_m2: 3000, instalador: INSTALADOR_EMPRESA, m2_instalador: 12.5 }, // 9 UTV → 27.000; install 37.500
      { proyectante: 3, marco_puerta: 1, otro: 1, instalador: INSTALADOR_RETIRO_EN_PLANTA, m2_instalador: 5 }, // 5.75 → 17.250
    ];
    const termos = [{ m2: termopanelM2({ ancho_mm: 1200, alto_mm: 1500, cantidad: 2 }) }, { m2: 1, valor_m2: 2000 }]; // 5.400 + 2.000
    expect(workshopTotals(utvs, termos)).toEqual({
      utv: { registros: 2, unidades: 14.75, valor: 44_250 },
      termopanel: { registros: 2, m2: 4.6, valor: 7_400 },
      instalacion: { registros: 1, m2: 12.5, valor: 37_500 },
      total: 89_150,
    });
  });

  it("sums the rounded row values, so the summary matches the tables", () => {
    // Each record is 750.5 → 751; the summary is 1502, not round(1501).
    const t = workshopTotals([{ otro: 1, valor_m2: 3002 }, { otro: 1, valor_m2: 3002 }], []);
    expect(t.utv.valor).toBe(1502);
    expect(t.total).toBe(1502);
  });

  it("is all zero for an empty month", () => {
    expect(workshopTotals([], [])).toEqual({
      utv: { registros: 0, unidades: 0, valor: 0 },
      termopanel: { registros: 0, m2: 0, valor: 0 },
      instalacion: { registros: 0, m2: 0, valor: 0 },
      total: 0,
    });
  });
});
