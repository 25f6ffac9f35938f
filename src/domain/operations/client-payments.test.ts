import { describe, expect, it } from "vitest";
import { CLIENT_PAYMENT_STATES, clientPaymentState, clientPaymentSummary } from "./client-payments";

describe("client payment summary (sections 4 and 9)", () => {
  it("computes total with VAT = round(net × 1.19), paid and balance", () => {
    expect(clientPaymentSummary(1_000_000, [])).toEqual({ total: 1_190_000, pagado: 0, saldo: 1_190_000, estado: "Pendiente" });
    expect(clientPaymentSummary("1234567", [{ monto: 500000 }, { monto: "200000" }])).toEqual({
      total: 1_469_135,
      pagado: 700_000,
      saldo: 769_135,
      estado: "Parcial",
    });
  });

  it("is Pagado when the balance is 0 or less", () => {
    expect(clientPaymentSummary(1_000_000, [{ monto: 595_000 }, { monto: 595_000 }])).toEqual({ total: 1_190_000, pagado: 1_190_000, saldo: 0, estado: "Pagado" });
    expect(clientPaymentSummary(1_000_000, [{ monto: 1_200_000 }])).toMatchObject({ saldo: -10_000, estado: "Pagado" });
  });

  it("stays Pendiente with no budget and nothing paid; a payment without budget is Pagado", () => {
    expect(clientPaymentSummary(0, [])).toMatchObject({ total: 0, saldo: 0, estado: "Pendiente" });
    expect(clientPaymentSummary(null, [])).toMatchObject({ estado: "Pendiente" });
    expect(clientPaymentSummary(0, [{ monto: 1000 }])).toMatchObject({ saldo: -1000, estado: "Pagado" });
  });

  it("lists the three states", () => {
    expect(CLIENT_PAYMENT_STATES).toEqual(["Pendiente", "Parcial", "Pagado"]);
    expect(clientPaymentState(100, 0)).toBe("Pendiente");
    expect(clientPaymentState(100, 1)).toBe("Parcial");
    expect(clientPaymentState(100, 99)).toBe("Parcial");
    expect(clientPaymentState(100, 100)).toBe("Pagado");
  });
});
