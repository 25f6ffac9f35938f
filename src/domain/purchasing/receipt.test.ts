import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arrivedQuantityError, lineReceives, receiptInvoiceError, receiptPriceError, repeatedInReceipt, stockDifference } from "./receipt";

describe("receipt invoice (section 5, inventory receipts)", () => {
  it("needs both the invoice number and date", () => {
    const msg = "Debe ingresar número y fecha de factura para la OC 1024.";
    expect(receiptInvoiceError(1024, "", "2026-03-05")).toBe(msg);
    expect(receiptInvoiceError(1024, "F-5531", "")).toBe(msg);
    expect(receiptInvoiceError(1024, "  ", null)).toBe(msg);
    expect(receiptInvoiceError(1024, null, undefined)).toBe(msg);
    expect(receiptInvoiceError(1024, "F-5531", "2026-03-05")).toBeNull();
    expect(receiptInvoiceError("1024", 5531, "2026-03-05")).toBeNull();
  });

  it("refuses a date that is not a calendar date", () => {
    expect(receiptInvoiceError(7, "5531", "2026-02-30")).toBe("La fecha de factura de la OC 7 no es válida.");
    expect(receiptInvoiceError(7, "5531", "05-03-2026")).toBe("La fecha de factura de la OC 7 no es válida.");
  });
});

describe("cumulative arrived quantity (server-behaviour Purchasing)", () => {
  it("accepts the same or a higher quantity, over the ordered one too", () => {
    expect(arrivedQuantityError("AL-25", 4, 4)).toBeNull();
    expect(arrivedQuantityError("AL-25", 4, 10)).toBeNull();
    expect(arrivedQuantityError("AL-25", null, 0)).toBeNull();
    expect(arrivedQuantityError("AL-25", "2.5", "2.50")).toBeNull();
    expect(arrivedQuantityError("AL-25", 10, 12)).toBeNull();
  });

  it("refuses below 0 or below what already arrived, in Spanish", () => {
    expect(arrivedQuantityError("AL-25", 0, -1)).toBe("La cantidad llegada de AL-25 no puede ser negativa.");
    expect(arrivedQuantityError("AL-25", 4, 3)).toBe("La cantidad llegada de AL-25 no puede ser menor que la ya ingresada (4).");
    expect(arrivedQuantityError("AL-25", 2.5, 2.4)).toBe("La cantidad llegada de AL-25 no puede ser menor que la ya ingresada (2,5).");
    expect(arrivedQuantityError("AL-25", 4, null)).toBe("La cantidad llegada de AL-25 debe ser un número.");
    expect(arrivedQuantityError("AL-25", 4, "cuatro")).toBe("La cantidad llegada de AL-25 debe ser un número.");
  });

  it("enters new − previous into stock, and 0 when the same receipt comes again", () => {
    expect(stockDifference(4, 10)).toBe(6);
    expect(stockDifference(null, 10)).toBe(10);
    expect(stockDifference(10, 10)).toBe(0);
    expect(stockDifference("0.1", "0.3")).toBe(0.2);
  });

  it("sums partial receipts to the final arrived quantity", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 }), { maxLength: 10 }), (steps) => {
        let arrived = 0;
        let stock = 0;
        for (const s of steps) {
          const next = arrived + s / 10;
          if (arrivedQuantityError("X", arrived, next) !== null) return false;
          stock += stockDifference(arrived, next);
          arrived = next;
        }
        return Math.abs(stock - arrived) < 1e-6;
      }),
    );
  });
});

describe("issue 23: one line per item, price only with an arrival", () => {
  it("repeatedInReceipt names every repeated order number and every item repeated within an order", () => {
    expect(repeatedInReceipt([{ numero_oc: 5, detalles: [{ id: 1 }, { id: 2 }] }, { numero_oc: 6, detalles: [{ id: 1 }] }])).toEqual([]);
    expect(
      repeatedInReceipt([
        { numero_oc: 5, detalles: [{ id: 1 }, { id: 2 }, { id: 1 }] },
        { numero_oc: 5, detalles: [] },
      ]),
    ).toEqual([
      { path: ["ordenes", 0, "detalles", 2, "id"], message: "El ítem 1 está repetido en la OC 5: envíelo una sola vez." },
      { path: ["ordenes", 1, "numero_oc"], message: "La OC 5 está repetida en el ingreso: envíela una sola vez." },
    ]);
  });

  it("receiptPriceError: a changed price needs something arriving on that line", () => {
    expect(receiptPriceError("VID-3", 100, 1, 0)).toBe("El precio de VID-3 solo puede cambiar cuando llega cantidad en este ingreso.");
    expect(receiptPriceError("VID-3", 100, 120, 4)).toBeNull();
    expect(receiptPriceError("VID-3", 100, 100, 0)).toBeNull();
    expect(receiptPriceError("VID-3", 100.4, 100.4, 0)).toBeNull();
  });
});

describe("lineReceives (the receipts screen's price lock)", () => {
  it("is true only when the typed cumulative quantity is above what already arrived", () => {
    expect(lineReceives(0, "4")).toBe(true);
    expect(lineReceives("4.0000", "4.5")).toBe(true);
    expect(lineReceives(4, "4")).toBe(false);
    expect(lineReceives(4, "3")).toBe(false);
    expect(lineReceives(0, "")).toBe(false);
    expect(lineReceives(0, ".")).toBe(false);
  });
});
