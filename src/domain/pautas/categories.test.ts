import { describe, expect, it } from "vitest";
import {
  BAR_CATEGORIES,
  BAR_LENGTH_M,
  isBarCategory,
  isPautaCategory,
  originalOfQuantity,
  PAUTA_CATEGORIES,
  PAUTA_CATEGORY_LABELS,
  pautaCantidad,
  pautaCategoryFromTable,
  pautaLineFromParts,
  pautaTableName,
} from "./categories";

describe("pauta categories (sections 3 and 7)", () => {
  it("lists the eight categories in the specification's order, each with a Spanish label", () => {
    expect(PAUTA_CATEGORIES).toEqual(["perfiles", "refuerzos", "herraje", "accesorios", "gomascepillos", "tornillos", "vidrio", "instalacion"]);
    expect(Object.keys(PAUTA_CATEGORY_LABELS)).toEqual([...PAUTA_CATEGORIES]);
    expect(PAUTA_CATEGORY_LABELS.gomascepillos).toBe("Gomas/Cepillos");
    expect(PAUTA_CATEGORY_LABELS.instalacion).toBe("Instalación");
    expect(isPautaCategory("vidrio")).toBe(true);
    expect(isPautaCategory("Vidrio")).toBe(false);
    expect(isPautaCategory(3)).toBe(false);
  });

  it("maps each category to its original table and back; {table} accepts either name", () => {
    for (const c of PAUTA_CATEGORIES) {
      expect(pautaTableName(c)).toBe(`ot_pautas_${c}`);
      expect(pautaCategoryFromTable(pautaTableName(c))).toBe(c);
      expect(pautaCategoryFromTable(c)).toBe(c);
    }
    for (const bad of ["ot_pautas_", "ot_pautas_madera", "pautas_vidrio", "OT_PAUTAS_VIDRIO", "usuarios", "", " vidrio", null, undefined]) {
      expect(pautaCategoryFromTable(bad), String(bad)).toBeNull();
    }
  });

  it("counts perfiles and refuerzos in bars of 5.8 m", () => {
    expect(BAR_LENGTH_M).toBe(5.8);
    expect(BAR_CATEGORIES).toEqual(["perfiles", "refuerzos"]);
    expect(PAUTA_CATEGORIES.filter(isBarCategory)).toEqual(["perfiles", "refuerzos"]);
  });
});

describe("pautaCantidad (section 5: bars of 5.8 rounded up, others rounded up)", () => {
  it("gives the specification's bars: 23,2 → 4 and 23,3 → 5", () => {
    expect(pautaCantidad("perfiles", 23.2)).toBe(4);
    expect(pautaCantidad("perfiles", 23.3)).toBe(5);
    expect(pautaCantidad("refuerzos", 23.2)).toBe(4);
    expect(pautaCantidad("refuerzos", "23.3")).toBe(5);
    expect(pautaCantidad("perfiles", 5.8)).toBe(1);
    expect(pautaCantidad("perfiles", 5.8001)).toBe(2);
    expect(pautaCantidad("perfiles", 0.1)).toBe(1);
  });

  it("is exact where floats are not: 40,6 m is 7 bars, not 8", () => {
    expect(Math.ceil(40.6 / 5.8)).toBe(8); // the trap
    expect(pautaCantidad("perfiles", 40.6)).toBe(7);
    expect(pautaCantidad("refuerzos", 75.4)).toBe(13);
  });

  it("makes exactly k bars of k × 5,8 m and k + 1 bars of 0,1 m more, for k up to 2000", () => {
    for (let k = 1; k <= 2000; k++) {
      const tenths = k * 58;
      const metres = Number(`${Math.floor(tenths / 10)}.${tenths % 10}`); // as parsed from "k×5,8"
      expect(pautaCantidad("perfiles", metres), `${metres}`).toBe(k);
      expect(pautaCantidad("perfiles", Number(`${Math.floor((tenths + 1) / 10)}.${(tenths + 1) % 10}`))).toBe(k + 1);
    }
  });

  it("rounds every other category up to a whole number", () => {
    expect(pautaCantidad("vidrio", 2.35)).toBe(3);
    expect(pautaCantidad("gomascepillos", 10.5)).toBe(11);
    expect(pautaCantidad("tornillos", 100)).toBe(100);
    expect(pautaCantidad("herraje", 0.0001)).toBe(1);
    expect(pautaCantidad("instalacion", "2.0000")).toBe(2);
    expect(pautaCantidad("accesorios", 0.1 + 0.2 + 2.7)).toBe(3); // 3.0000000000000004 in floats
  });

  it("gives 0 for empty, zero or negative quantities", () => {
    for (const v of [0, -3, null, undefined, "", "abc"]) expect(pautaCantidad("perfiles", v)).toBe(0);
  });
});

describe("23.10 quantities given by hand and quantities of a list", () => {
  it("a quantity given by hand is stored as given; only a list's quantity becomes bars", () => {
    expect(pautaLineFromParts("refuerzos", { porMano: 7, deLista: 0 })).toEqual({ cantidad: 7, cantidad_original: 40.6 });
    expect(pautaLineFromParts("perfiles", { porMano: 10, deLista: 0 })).toEqual({ cantidad: 10, cantidad_original: 58 });
    expect(pautaLineFromParts("herraje", { porMano: 2.5, deLista: 0 })).toEqual({ cantidad: 2.5, cantidad_original: 2.5 });
    expect(pautaLineFromParts("perfiles", { porMano: 0, deLista: 23.3 })).toEqual({ cantidad: 5, cantidad_original: 23.3 });
    // Both: 2 bars typed + 5,9 m of the list (2 bars) = 4 bars; 11,6 + 5,9 = 17,5 m.
    expect(pautaLineFromParts("refuerzos", { porMano: 2, deLista: 5.9 })).toEqual({ cantidad: 4, cantidad_original: 17.5 });
  });

  it("the original of a quantity given by hand is 5,8 m a bar, so a list quantity added later rounds up with it", () => {
    expect(originalOfQuantity("refuerzos", 7)).toBe(40.6);
    expect(originalOfQuantity("vidrio", 7)).toBe(7);
    // 7 bars + 2,9 m = 43,5 m = 8 bars: the line gets ⌈43,5 / 5,8⌉ − ⌈40,6 / 5,8⌉ = 1 more.
    expect(pautaCantidad("refuerzos", 40.6 + 2.9) - pautaCantidad("refuerzos", originalOfQuantity("refuerzos", 7))).toBe(1);
  });
});
