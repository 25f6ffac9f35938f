import { describe, expect, it } from "vitest";
import { todayInSantiago } from "../dates/dates";
import {
  autofillInvoiceAmounts,
  INVOICE_PAYMENT_STATES,
  INVOICE_STATE_FILTER_OPTIONS,
  invoiceComputedState,
  invoiceDeleteRefusal,
  invoiceDisplayState,
  MSG_NO_ELIMINAR_PAGADA,
  MSG_NO_ELIMINAR_SII,
  invoiceDueDate,
  isInvoicePaid,
  isInvoiceRowOverdue,
  MSG_ESTADO_PAGO_INVALIDO,
  parseInvoiceStateFilter,
  paymentDateHighlight,
  togglePayment,
} from "./invoices";

const TODAY = "2026-03-10";

describe("due date: vencimiento = fecha + dias_credito", () => {
  it("adds the credit days on the calendar", () => {
    expect(invoiceDueDate("2026-03-01", 30)).toBe("2026-03-31");
    expect(invoiceDueDate("2026-02-15", 30)).toBe("2026-03-17");
    expect(invoiceDueDate("2026-12-15", 30)).toBe("2027-01-14");
    expect(invoiceDueDate("2026-03-01", 0)).toBe("2026-03-01");
    expect(invoiceDueDate("2026-03-01", null)).toBe("2026-03-01");
    expect(invoiceDueDate("2026-03-01T12:00:00-03:00", 5)).toBe("2026-03-06");
    expect(invoiceDueDate(null, 30)).toBeNull();
    expect(invoiceDueDate("2026-03-01", -1)).toBeNull();
  });
});

describe("estado_calculado at the boundary days (server-behaviour Operations)", () => {
  // 30 days of credit: dated 2026-02-08 it falls due on 2026-03-10 (today).
  it("is Vigente on the due day itself", () => {
    expect(invoiceComputedState({ fecha: "2026-02-08", dias_credito: 30 }, TODAY)).toBe("Vigente");
  });

  it("is Vencida from the day after the due date (due yesterday)", () => {
    expect(invoiceComputedState({ fecha: "2026-02-07", dias_credito: 30 }, TODAY)).toBe("Vencida");
  });

  it("is Vigente when due tomorrow", () => {
    expect(invoiceComputedState({ fecha: "2026-02-09", dias_credito: 30 }, TODAY)).toBe("Vigente");
  });

  it("is Contado with 0 credit days, however old", () => {
    expect(invoiceComputedState({ fecha: "2025-01-01", dias_credito: 0 }, TODAY)).toBe("Contado");
    expect(invoiceComputedState({ fecha: TODAY, dias_credito: null }, TODAY)).toBe("Contado");
  });

  it("is Pagado when paid, before anything else", () => {
    expect(invoiceComputedState({ fecha: "2025-01-01", dias_credito: 30, estado_pago: "Pagado" }, TODAY)).toBe("Pagado");
    expect(invoiceComputedState({ fecha: "2025-01-01", dias_credito: 0, estado_pago: "PAGADO" }, TODAY)).toBe("Pagado");
  });

  it("uses the stored vencimiento when there is one", () => {
    expect(invoiceComputedState({ fecha: "2026-03-01", dias_credito: 30, vencimiento: "2026-03-09" }, TODAY)).toBe("Vencida");
    expect(invoiceComputedState({ fecha: "2026-01-01", dias_credito: 30, vencimiento: "2026-03-10" }, TODAY)).toBe("Vigente");
  });

  it("turns overdue at Santiago midnight, not UTC's", () => {
    const inv = { fecha: "2026-02-08", dias_credito: 30 }; // due 2026-03-10
    const at = (iso: string) => invoiceComputedState(inv, todayInSantiago(new Date(iso)));
    expect(at("2026-03-11T02:59:00Z")).toBe("Vigente"); // 23:59 on the 10th in Santiago (UTC-3)
    expect(at("2026-03-11T03:00:00Z")).toBe("Vencida");
  });
});

describe("displayed state and filter (section 4)", () => {
  it("shows Pagado, else estado_calculado, else Vigente", () => {
    expect(invoiceDisplayState("Pagado", "Vencida")).toBe("Pagado");
    expect(invoiceDisplayState(null, "Vencida")).toBe("Vencida");
    expect(invoiceDisplayState("", "Contado")).toBe("Contado");
    expect(invoiceDisplayState(null, null)).toBe("Vigente");
    expect(invoiceDisplayState(undefined, "  ")).toBe("Vigente");
    expect(INVOICE_PAYMENT_STATES).toEqual(["Pagado", "Vigente", "Vencida", "Contado", "Nota de crédito"]);
  });

  it("reads the estado_pago query on the server", () => {
    expect(parseInvoiceStateFilter("Vencida")).toEqual({ valid: true, estado: "Vencida" });
    expect(parseInvoiceStateFilter("vigente")).toEqual({ valid: true, estado: "Vigente" });
    expect(parseInvoiceStateFilter("Pendiente")).toEqual({ valid: true, estado: "Vencida" });
    expect(parseInvoiceStateFilter("")).toEqual({ valid: true, estado: null });
    expect(parseInvoiceStateFilter(undefined)).toEqual({ valid: true, estado: null });
    expect(parseInvoiceStateFilter("Anulada")).toEqual({ valid: false, message: MSG_ESTADO_PAGO_INVALIDO });
    expect(parseInvoiceStateFilter(["Pagado"])).toEqual({ valid: false, message: MSG_ESTADO_PAGO_INVALIDO });
  });
  it("offers Pendiente as the filter Vencida", () => {
    expect(INVOICE_STATE_FILTER_OPTIONS.find((o) => o.label === "Pendiente")?.value).toBe("Vencida");
  });
});

describe("row colour and payment date highlight (section 4)", () => {
  it("paints the row red when unpaid and due before today", () => {
    expect(isInvoiceRowOverdue({ vencimiento: "2026-03-09" }, TODAY)).toBe(true);
    expect(isInvoiceRowOverdue({ vencimiento: "2026-03-10" }, TODAY)).toBe(false);
    expect(isInvoiceRowOverdue({ vencimiento: "2026-03-11" }, TODAY)).toBe(false);
    expect(isInvoiceRowOverdue({ vencimiento: "2026-03-09", estado_pago: "Pagado" }, TODAY)).toBe(false);
    expect(isInvoiceRowOverdue({ vencimiento: null }, TODAY)).toBe(false);
  });

  it("highlights today's payment date and mutes one more than 7 days old", () => {
    expect(paymentDateHighlight("2026-03-10", TODAY)).toBe("today");
    expect(paymentDateHighlight("2026-03-03", TODAY)).toBe("normal"); // 7 days
    expect(paymentDateHighlight("2026-03-02", TODAY)).toBe("muted"); // 8 days
    expect(paymentDateHighlight("2026-03-09", TODAY)).toBe("normal");
    expect(paymentDateHighlight("2026-03-10T20:00:00-03:00", TODAY)).toBe("today");
    expect(paymentDateHighlight(null, TODAY)).toBeNull();
  });

  it("toggles between unpaid (both cleared) and Pagado today", () => {
    expect(togglePayment(null, TODAY)).toEqual({ estado_pago: "Pagado", fecha_pago: TODAY });
    expect(togglePayment("", TODAY)).toEqual({ estado_pago: "Pagado", fecha_pago: TODAY });
    expect(togglePayment("Pagado", TODAY)).toEqual({ estado_pago: null, fecha_pago: null });
    expect(() => togglePayment(null, "hoy")).toThrow(RangeError);
    expect(isInvoicePaid(" pagado ")).toBe(true);
  });
});

describe("invoice entry auto-fill (section 5)", () => {
  it("fills VAT and total from the net when empty", () => {
    expect(autofillInvoiceAmounts({ monto_neto: "100000" })).toEqual({ monto_neto: 100000, iva: 19000, monto_total: 119000 });
    expect(autofillInvoiceAmounts({ monto_neto: "100.000", iva: "", monto_total: "" })).toEqual({ monto_neto: 100000, iva: 19000, monto_total: 119000 });
    expect(autofillInvoiceAmounts({ monto_neto: 150 })).toEqual({ monto_neto: 150, iva: 29, monto_total: 179 });
  });

  it("accepts a comma as decimal and keeps whole pesos", () => {
    expect(autofillInvoiceAmounts({ monto_neto: "1234,6" })).toEqual({ monto_neto: 1235, iva: 235, monto_total: 1470 });
  });

  it("keeps what the user typed", () => {
    expect(autofillInvoiceAmounts({ monto_neto: "100000", iva: "0" })).toEqual({ monto_neto: 100000, iva: 0, monto_total: 100000 });
    expect(autofillInvoiceAmounts({ monto_neto: "100000", monto_total: "119001" })).toEqual({ monto_neto: 100000, iva: 19000, monto_total: 119001 });
  });

  it("fills nothing without a valid net", () => {
    expect(autofillInvoiceAmounts({ monto_neto: "" })).toEqual({ monto_neto: null, iva: null, monto_total: null });
    expect(autofillInvoiceAmounts({ monto_neto: "abc", iva: "5" })).toEqual({ monto_neto: null, iva: 5, monto_total: null });
  });
});

describe("32.4.b a nota de crédito is not a debt", () => {
  it("an unpaid credit note (tipo 61) is «Nota de crédito» whatever its due date and credit; paid is still Pagado", () => {
    const TODAY = "2026-03-09";
    expect(invoiceComputedState({ tipo_dte: 61, fecha: "2025-01-10", dias_credito: 30 }, TODAY)).toBe("Nota de crédito");
    expect(invoiceComputedState({ tipo_dte: 61, fecha: "2026-03-01", dias_credito: 30 }, TODAY)).toBe("Nota de crédito");
    expect(invoiceComputedState({ tipo_dte: 61, fecha: "2026-03-01", dias_credito: 0 }, TODAY)).toBe("Nota de crédito");
    expect(invoiceComputedState({ tipo_dte: 61, fecha: "2025-01-10", dias_credito: 30, estado_pago: "Pagado" }, TODAY)).toBe("Pagado");
    // An invoice (33) of the same dates is still Vencida.
    expect(invoiceComputedState({ tipo_dte: 33, fecha: "2025-01-10", dias_credito: 30 }, TODAY)).toBe("Vencida");
    expect(parseInvoiceStateFilter("nota de crédito")).toEqual({ valid: true, estado: "Nota de crédito" });
  });
});

describe("32.3.8 which invoices cannot be deleted", () => {
  it("a paid document or one imported from the SII (it carries its DTE type) is kept", () => {
    expect(invoiceDeleteRefusal({ estado_pago: " pagado ", tipo_dte: null })).toBe(MSG_NO_ELIMINAR_PAGADA);
    expect(invoiceDeleteRefusal({ estado_pago: null, tipo_dte: 33 })).toBe(MSG_NO_ELIMINAR_SII);
    expect(invoiceDeleteRefusal({ estado_pago: null, tipo_dte: 61 })).toBe(MSG_NO_ELIMINAR_SII);
    expect(invoiceDeleteRefusal({ estado_pago: null, tipo_dte: null })).toBeNull();
    expect(invoiceDeleteRefusal({ estado_pago: "", tipo_dte: undefined })).toBeNull();
  });
});
