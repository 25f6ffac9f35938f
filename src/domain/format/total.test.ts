import { describe, expect, it } from "vitest";
import { totalFromHeaders, totalText } from "./total";

describe("a list's total from X-Total-Count and X-Total-Count-Capped", () => {
  it("reads the count, capped only when the server says so; the rows' length without a count", () => {
    expect(totalFromHeaders({ "x-total-count": "37" }, 20)).toEqual({ total: 37, capped: false });
    expect(totalFromHeaders({ "x-total-count": "1001", "x-total-count-capped": "true" }, 50)).toEqual({ total: 1001, capped: true });
    expect(totalFromHeaders({}, 12)).toEqual({ total: 12, capped: false });
    expect(totalFromHeaders({ "x-total-count": "x" }, 3)).toEqual({ total: 3, capped: false });
  });

  it("says it in Spanish: exact, or «más de N» for a capped count", () => {
    expect(totalText(1, false, "producto")).toBe("1 producto");
    expect(totalText(2500, false, "producto")).toBe("2.500 productos");
    expect(totalText(1001, true, "producto")).toBe("más de 1.000 productos");
    expect(totalText(2001, true, "orden", "órdenes")).toBe("más de 2.000 órdenes");
  });
});
