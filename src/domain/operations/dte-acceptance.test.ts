import { describe, expect, it } from "vitest";
import { acceptanceWindow, acceptanceWindowText, hasAcceptanceWindow, PLAZO_ACEPTACION_DIAS } from "./dte-acceptance";

describe("8-day window to accept or claim an invoice (Ley 19.983)", () => {
  // Registered (received) on 1 March: the last day to claim is 9 March.
  const at = (today: string) => acceptanceWindow(33, "2026-03-01", today)!;

  it("ends 8 calendar days after the reception date", () => {
    expect(PLAZO_ACEPTACION_DIAS).toBe(8);
    expect(at("2026-03-01")).toEqual({ fecha_recepcion: "2026-03-01", fecha_limite: "2026-03-09", dias_restantes: 8, vencido: false });
    expect(acceptanceWindow(34, "2026-02-25", "2026-02-25")?.fecha_limite).toBe("2026-03-05"); // across February
  });

  it("is still open on the last day and closed the day after", () => {
    expect(at("2026-03-08")).toMatchObject({ dias_restantes: 1, vencido: false });
    expect(at("2026-03-09")).toMatchObject({ dias_restantes: 0, vencido: false });
    expect(at("2026-03-10")).toMatchObject({ dias_restantes: -1, vencido: true });
  });

  it("applies to facturas only, not to guías or credit notes", () => {
    expect(hasAcceptanceWindow(33)).toBe(true);
    expect(hasAcceptanceWindow(34)).toBe(true);
    expect(acceptanceWindow(52, "2026-03-01", "2026-03-01")).toBeNull();
    expect(acceptanceWindow(61, "2026-03-01", "2026-03-01")).toBeNull();
  });

  it("says it in Spanish", () => {
    expect(acceptanceWindowText(at("2026-03-01"))).toBe("Quedan 8 días para aceptar o reclamar la factura (hasta el 09-03-2026).");
    expect(acceptanceWindowText(at("2026-03-08"))).toBe("Queda 1 día para aceptar o reclamar la factura (hasta el 09-03-2026).");
    expect(acceptanceWindowText(at("2026-03-09"))).toBe("Hoy (09-03-2026) es el último día para aceptar o reclamar la factura.");
    expect(acceptanceWindowText(at("2026-03-20"))).toBe("Plazo vencido el 09-03-2026: la factura se entiende aceptada.");
  });
});
