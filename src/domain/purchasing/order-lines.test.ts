import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arrivedInputColor, arrivedNet, arrivedTotals, itemNet, orderTotals, pendingBadge, pendingQuantity } from "./order-lines";

describe("pending quantity and its badge (section 4)", () => {
  it("is total minus arrived", () => {
    expect(pendingQuantity({ cantidad: 10, cantidad_llegada: 4 })).toBe(6);
    expect(pendingQuantity({ cantidad: 10, cantidad_llegada: null })).toBe(10);
    expect(pendingQuantity({ cantidad: "5.800", cantidad_llegada: "2.3" })).toBe(3.5);
    expect(pendingQuantity({ cantidad: 0.3, cantidad_llegada: 0.1 })).toBe(0.2); // no float dust
  });

  it("never goes below 0 when more arrived than ordered", () => {
    expect(pendingQuantity({ cantidad: 10, cantidad_llegada: 12 })).toBe(0);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double({ min: 0, max: 1e6, noNaN: true }), (c, l) => {
        const p = pendingQuantity({ cantidad: c, cantidad_llegada: l });
        return p >= 0 && (l >= c ? p === 0 : p > 0 || c - l < 1e-6);
      }),
    );
  });

  it("shows a green check at 0 and a red warning otherwise", () => {
    expect(pendingBadge(0)).toEqual({ complete: true, color: "green", icon: "check" });
    expect(pendingBadge(0.5)).toEqual({ complete: false, color: "red", icon: "warning" });
    expect(pendingBadge(6)).toEqual({ complete: false, color: "red", icon: "warning" });
  });

  it("colours the arrived input green when nothing is pending, grey otherwise (section 2.7)", () => {
    expect(arrivedInputColor(0)).toBe("green");
    expect(arrivedInputColor(3)).toBe("grey");
  });
});

describe("nets and order totals (section 9: IVA 19%, whole pesos)", () => {
  it("values an item and what arrived of it", () => {
    expect(itemNet({ cantidad: 3, precio_unitario: 12500 })).toBe(37500);
    expect(itemNet({ cantidad: 2.5, precio_unitario: 1999 })).toBe(4998); // 4997.5
    expect(arrivedNet({ cantidad_llegada: 2, precio_unitario: 12500 })).toBe(25000);
    expect(arrivedNet({ cantidad_llegada: null, precio_unitario: 12500 })).toBe(0);
    expect(arrivedNet({ cantidad_llegada: "1.5", precio_unitario: "3333.00" })).toBe(5000); // 4999.5
  });

  it("sums rounded lines and takes IVA on the sum: 100.000 net → 19.000 → 119.000", () => {
    const items = [
      { cantidad: 10, precio_unitario: 5000, cantidad_llegada: 4 },
      { cantidad: 5, precio_unitario: 10000, cantidad_llegada: 5 },
    ];
    expect(orderTotals(items)).toEqual({ neto: 100000, iva: 19000, total: 119000 });
    expect(arrivedTotals(items)).toEqual({ neto: 70000, iva: 13300, total: 83300 });
    expect(orderTotals([])).toEqual({ neto: 0, iva: 0, total: 0 });
  });

  it("rounds IVA half up to whole pesos", () => {
    expect(orderTotals([{ cantidad: 1, precio_unitario: 150 }])).toEqual({ neto: 150, iva: 29, total: 179 }); // 28.5
    expect(orderTotals([{ cantidad: 1, precio_unitario: 1234567 }])).toEqual({ neto: 1234567, iva: 234568, total: 1469135 });
  });
});
