import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addItemError,
  canSaveOrder,
  DEFAULT_UNIT,
  filterNumericText,
  findMaterialByCode,
  findMaterialByProduct,
  findSupplierByName,
  isItemDraftComplete,
  newProductCheck,
  nextOrderNumber,
  numericTextValue,
  saveOrderError,
  type OrderDraft,
} from "./order-form";

const item = { codigo: "AL-25", producto: "Perfil marco 25", cantidad: "10", precio_unitario: "12500" };
const draft: OrderDraft = { cliente_id: "Constructora Andes", numero_presupuesto: "P-101", proveedor: "Aluminios del Sur", realizado_por: "María", items: [item] };
const suppliers = [{ proveedor: "Aluminios del Sur" }, { proveedor: "Vidrios Peñalolén" }];

describe("order number and defaults (sections 7 and 9)", () => {
  it("prefills ultimo + 1", () => {
    expect(nextOrderNumber(1023)).toBe(1024);
    expect(nextOrderNumber("1023")).toBe(1024);
    expect(nextOrderNumber(null)).toBe(1);
    expect(nextOrderNumber(0)).toBe(1);
  });

  it("uses UN as the default unit", () => {
    expect(DEFAULT_UNIT).toBe("UN");
  });
});

describe("numeric-only inputs, comma as decimal point (section 5)", () => {
  it("keeps digits and one decimal point", () => {
    expect(filterNumericText("12,5")).toBe("12.5");
    expect(filterNumericText("12.5")).toBe("12.5");
    expect(filterNumericText("1a2")).toBe("12");
    expect(filterNumericText("1.2.3")).toBe("1.23");
    expect(filterNumericText("1,2,3")).toBe("1.23");
    expect(filterNumericText("-5")).toBe("5");
    expect(filterNumericText("$ 12.500")).toBe("12.500");
    expect(filterNumericText("abc")).toBe("");
    // Quantities keep 4 decimals (issue 23.4): the fifth digit is not taken.
    expect(filterNumericText("1,23456", 4)).toBe("1.2345");
    expect(filterNumericText("12345", 4)).toBe("12345");
    expect(filterNumericText("0.0000", 4)).toBe("0.0000");
  });

  it("reads the filtered text as a number", () => {
    expect(numericTextValue("12,5")).toBe(12.5);
    expect(numericTextValue("12.")).toBe(12);
    expect(numericTextValue(",5")).toBe(0.5);
    expect(numericTextValue("")).toBeNull();
    expect(numericTextValue(",")).toBeNull();
    expect(numericTextValue(7)).toBe(7);
  });

  it("always leaves text that is empty or a finite number", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const t = filterNumericText(s);
        return /^\d*\.?\d*$/.test(t) && (t === "" || t === "." || Number.isFinite(Number(t))) && filterNumericText(t) === t;
      }),
    );
  });
});

describe("adding an item and the save button (section 5)", () => {
  it("needs code, product, quantity and unit price to add an item", () => {
    expect(addItemError(item)).toBeNull();
    for (const field of ["codigo", "producto", "cantidad", "precio_unitario"] as const) {
      expect(addItemError({ ...item, [field]: "" }), field).toBe("Por favor completa todos los campos del ítem.");
      expect(addItemError({ ...item, [field]: null }), field).toBe("Por favor completa todos los campos del ítem.");
    }
    expect(addItemError({ ...item, codigo: "   " })).toBe("Por favor completa todos los campos del ítem.");
  });

  it("wants a quantity above 0 and allows a price of 0", () => {
    expect(isItemDraftComplete({ ...item, cantidad: "0" })).toBe(false);
    expect(isItemDraftComplete({ ...item, cantidad: "0,5" })).toBe(true);
    expect(isItemDraftComplete({ ...item, precio_unitario: "0" })).toBe(true);
    expect(isItemDraftComplete({ ...item, cantidad: 3, precio_unitario: 990 })).toBe(true);
  });

  it("enables save only with client, budget, supplier, made-by and complete items", () => {
    expect(canSaveOrder(draft)).toBe(true);
    expect(canSaveOrder({ ...draft, cliente_id: "" })).toBe(false);
    expect(canSaveOrder({ ...draft, cliente_id: null })).toBe(false);
    expect(canSaveOrder({ ...draft, numero_presupuesto: undefined })).toBe(false);
    expect(canSaveOrder({ ...draft, proveedor: " " })).toBe(false);
    expect(canSaveOrder({ ...draft, realizado_por: "" })).toBe(false);
    expect(canSaveOrder({ ...draft, items: [] })).toBe(false);
    expect(canSaveOrder({ ...draft, items: [item, { ...item, precio_unitario: "" }] })).toBe(false);
    expect(canSaveOrder({ ...draft, cliente_id: 12, numero_presupuesto: 101 })).toBe(true);
  });
});

describe("checks on save (section 5)", () => {
  it("asks for client and budget first", () => {
    const msg = "Debes seleccionar un cliente y un presupuesto antes de guardar la OC.";
    expect(saveOrderError({ ...draft, cliente_id: "" }, suppliers)).toBe(msg);
    expect(saveOrderError({ ...draft, numero_presupuesto: null, proveedor: "nadie" }, suppliers)).toBe(msg);
  });

  it("matches the supplier case-insensitively", () => {
    expect(findSupplierByName(suppliers, "  aluminios DEL sur ")).toEqual({ proveedor: "Aluminios del Sur" });
    expect(findSupplierByName(suppliers, "VIDRIOS PEÑALOLÉN")).toEqual({ proveedor: "Vidrios Peñalolén" });
    expect(findSupplierByName(suppliers, "Aluminios")).toBeNull();
    expect(findSupplierByName(suppliers, "")).toBeNull();
    expect(saveOrderError({ ...draft, proveedor: "aluminios del sur" }, suppliers)).toBeNull();
    expect(saveOrderError({ ...draft, proveedor: "Aluminios del Norte" }, suppliers)).toBe(
      "El proveedor ingresado no es válido o no existe en la base de datos.",
    );
  });

  it("refuses incomplete items even if the button was bypassed", () => {
    expect(saveOrderError({ ...draft, items: [] }, suppliers)).toBe("Por favor completa todos los campos del ítem.");
  });
});

describe("materials: auto-fill and new-product mode (sections 4 and 5)", () => {
  const materials = [
    { codigo: "AL-25", producto: "Perfil marco 25", precio_unitario: 12500 },
    { codigo: "VID-4", producto: "Vidrio incoloro 4 mm", precio_unitario: "8900.00" },
  ];

  it("finds a material by code or by product, ignoring case", () => {
    expect(findMaterialByCode(materials, "al-25")?.producto).toBe("Perfil marco 25");
    expect(findMaterialByProduct(materials, " VIDRIO INCOLORO 4 MM")?.codigo).toBe("VID-4");
    expect(findMaterialByCode(materials, "")).toBeNull();
    expect(findMaterialByProduct(materials, "Perfil")).toBeNull();
  });

  it("blocks a product name that already exists", () => {
    expect(newProductCheck(materials, { codigo: "NEW-1", producto: "perfil marco 25" })).toEqual({
      kind: "duplicate-name",
      message: "Este nombre de producto ya existe.",
    });
  });

  it("asks to create a material with an unknown code", () => {
    expect(newProductCheck(materials, { codigo: " TOR-8 ", producto: "Tornillo 8x1" })).toEqual({
      kind: "confirm-create",
      message: 'El código "TOR-8" no existe. ¿Deseas crear este nuevo material?',
    });
  });

  it("lets an existing code with its own name through", () => {
    expect(newProductCheck(materials, { codigo: "AL-25", producto: "Perfil marco 25" })).toEqual({ kind: "existing-code" });
    expect(newProductCheck(materials, { codigo: "AL-25", producto: "Otro nombre" })).toEqual({ kind: "existing-code" });
    expect(newProductCheck(materials, { codigo: "AL-25", producto: "Vidrio incoloro 4 mm" }).kind).toBe("duplicate-name");
  });
});
