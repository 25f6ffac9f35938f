import { describe, expect, it } from "vitest";
import { CARD_KEYS } from "../../../domain/hoy/rules";
import { findScreen, SCREENS } from "../../screens";
import { cardLink, pagosLink } from "./card-links";

describe("Hoy card links", () => {
  it("every card opens a declared screen", () => {
    const paths = new Set<string>(SCREENS.map((s) => s.path));
    for (const key of CARD_KEYS) expect(paths.has(cardLink(key, "2026-11-25").split("?")[0]), key).toBe(true);
  });

  it("carries each card's filter, the month or the work", () => {
    expect(cardLink("faltantes", "2026-11-25")).toBe(`${findScreen("stock-actual")?.path}?vista=faltantes&filtro=para-obras`);
    expect(cardLink("utv-mes", "2026-11-25")).toBe(`${findScreen("seguimiento-utv")?.path}?periodo=2026-11`);
    expect(cardLink("saldos-clientes", "2026-11-25", { presupuesto_id: 7 })).toBe(pagosLink(7));
    expect(pagosLink(7)).toBe(`${findScreen("pagos-clientes")?.path}?presupuesto=7`);
  });
});
