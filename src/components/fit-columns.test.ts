import { describe, expect, it } from "vitest";
import { choiceKey, fitColumns, NO_CHOICE, parseChoice, toggleColumn, type FitColumn } from "./fit-columns";

// Listado de Facturas/Guías as declared (widths of src/domain/operations/facturas-guias.resource.ts, actions 108 px).
const FACTURAS: FitColumn[] = [
  { key: "proveedor", width: 180, priority: "needed" },
  { key: "rut_proveedor", width: 112, priority: "extra" },
  { key: "numero_factura", width: 116, priority: "needed" },
  { key: "numero_guia", width: 100, priority: "extra" },
  { key: "fecha", width: 110 },
  { key: "monto_total", width: 120, priority: "needed" },
  { key: "vencimiento", width: 116, priority: "needed" },
  { key: "estado_calculado", width: 104, priority: "needed" },
  { key: "fecha_pago", width: 110, priority: "needed" },
  { key: "actions", width: 112, fixed: true },
];
const ALL = FACTURAS.map((c) => c.key);
const total = (keys: string[]) => FACTURAS.filter((c) => keys.includes(c.key)).reduce((s, c) => s + c.width, 0);

describe("fitColumns", () => {
  it("keeps every column when they fit", () => {
    expect(fitColumns(FACTURAS, 1180)).toEqual(ALL);
    expect(fitColumns(FACTURAS, Number.POSITIVE_INFINITY)).toEqual(ALL);
  });

  it("steps back the extra columns first, the last of them first", () => {
    // 1180 px of columns in 1100 px: dropping N° Guía (100) is enough.
    expect(fitColumns(FACTURAS, 1100)).toEqual(ALL.filter((k) => k !== "numero_guia"));
    // 1000 px: both extra columns go (1180 − 212 = 968).
    expect(fitColumns(FACTURAS, 1000)).toEqual(ALL.filter((k) => k !== "numero_guia" && k !== "rut_proveedor"));
  });

  it("then the useful ones; never a needed column nor the actions", () => {
    const keys = fitColumns(FACTURAS, 900);
    expect(keys).toEqual(["proveedor", "numero_factura", "monto_total", "vencimiento", "estado_calculado", "fecha_pago", "actions"]);
    expect(total(keys)).toBe(858);
    // Narrower than the needed columns: they stay, the table scrolls sideways.
    expect(fitColumns(FACTURAS, 300)).toEqual(keys);
  });

  it("follows the person's choice: hidden never shows, shown stays whatever the width", () => {
    const choice = { shown: ["numero_guia"], hidden: ["fecha"] };
    expect(fitColumns(FACTURAS, 5000, choice)).toEqual(ALL.filter((k) => k !== "fecha"));
    expect(fitColumns(FACTURAS, 900, choice)).toEqual(["proveedor", "numero_factura", "numero_guia", "monto_total", "vencimiento", "estado_calculado", "fecha_pago", "actions"]);
    // A needed column or the actions cannot be hidden.
    expect(fitColumns(FACTURAS, 5000, { shown: [], hidden: ["proveedor", "actions"] })).toEqual(ALL);
  });
});

describe("toggleColumn and the stored choice", () => {
  it("unticking a visible column hides it; ticking a hidden one shows it", () => {
    const hidden = toggleColumn(NO_CHOICE, "fecha", true);
    expect(hidden).toEqual({ shown: [], hidden: ["fecha"] });
    expect(toggleColumn(hidden, "fecha", false)).toEqual({ shown: ["fecha"], hidden: [] });
  });

  it("reads back what it stored and ignores anything else", () => {
    const choice = { shown: ["a"], hidden: ["b"] };
    expect(parseChoice(JSON.stringify(choice))).toEqual(choice);
    expect(parseChoice(null)).toEqual(NO_CHOICE);
    expect(parseChoice("{roto")).toEqual(NO_CHOICE);
    expect(parseChoice(JSON.stringify({ shown: [1, "x"], hidden: "y" }))).toEqual({ shown: ["x"], hidden: [] });
  });

  it("keys the choice by user and list", () => {
    expect(choiceKey(7, "facturas_guias")).toBe("vt-columnas:7:facturas_guias");
  });
});
