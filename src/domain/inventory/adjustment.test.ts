import { describe, expect, it } from "vitest";
import {
  AJUSTE_USUARIO_DEFAULT,
  ajusteComentario,
  ajusteDiferencia,
  ajusteUsuario,
  canSubmitAjuste,
  checkAjuste,
  formatDiferencia,
  MSG_AJUSTE_CARGANDO,
  MSG_AJUSTE_ERROR,
  MSG_AJUSTE_NOMBRE_ERROR,
  MSG_AJUSTE_NOMBRE_OK,
  MSG_AJUSTE_NOMBRE_VACIO,
  MSG_AJUSTE_STOCK_REAL_INVALIDO,
  msgAjusteRealizado,
  msgStockCambio,
  sameStock,
  tokenClaims,
  validateNombreProducto,
} from "./adjustment";

/** An unsigned JWT with these claims (UTF-8 JSON, base64url). */
function jwt(claims: Record<string, unknown>): string {
  const b64url = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${b64url(JSON.stringify(claims))}.firma`;
}

describe("stock adjustment messages (sections 2.7, 5 and 8)", () => {
  it("are the specification's texts", () => {
    expect(MSG_AJUSTE_CARGANDO).toBe("Cargando productos...");
    expect(MSG_AJUSTE_NOMBRE_VACIO).toBe("El nombre no puede estar vacío.");
    expect(MSG_AJUSTE_STOCK_REAL_INVALIDO).toBe("Ingresa un número válido en Stock Real.");
    expect(MSG_AJUSTE_NOMBRE_OK).toBe("✅ Nombre de producto actualizado.");
    expect(MSG_AJUSTE_NOMBRE_ERROR).toBe("❌ Error al actualizar el nombre del producto.");
    expect(MSG_AJUSTE_ERROR).toBe("❌ Error al registrar el ajuste.");
    expect(msgAjusteRealizado(5)).toBe("✅ Ajuste realizado por 5 unidad(es)");
    expect(msgAjusteRealizado(-3)).toBe("✅ Ajuste realizado por -3 unidad(es)");
    expect(msgAjusteRealizado(2.5)).toBe("✅ Ajuste realizado por 2,5 unidad(es)");
  });
});

describe("checkAjuste: difference = real − current", () => {
  it("posts the difference, up or down", () => {
    expect(checkAjuste(10, "15")).toEqual({ kind: "ok", stockReal: 15, diferencia: 5 });
    expect(checkAjuste(10, 7)).toEqual({ kind: "ok", stockReal: 7, diferencia: -3 });
    expect(checkAjuste("12.5000", "10,25")).toEqual({ kind: "ok", stockReal: 10.25, diferencia: -2.25 });
    expect(checkAjuste(0, "1.200")).toEqual({ kind: "ok", stockReal: 1200, diferencia: 1200 });
    expect(checkAjuste(8, 0)).toEqual({ kind: "ok", stockReal: 0, diferencia: -8 });
    expect(ajusteDiferencia(0.1, 0.3)).toBe(0.2);
  });

  it("sends nothing when the difference is 0 or the field is empty", () => {
    expect(checkAjuste(10, "10")).toEqual({ kind: "no_change", stockReal: 10 });
    expect(checkAjuste("10.0000", "10,0")).toEqual({ kind: "no_change", stockReal: 10 });
    expect(checkAjuste(10, "")).toEqual({ kind: "empty" });
    expect(checkAjuste(10, "   ")).toEqual({ kind: "empty" });
    expect(checkAjuste(10, null)).toEqual({ kind: "empty" });
  });

  it("refuses what is not a valid real stock", () => {
    for (const bad of ["abc", "12abc", "1e5", "-2", -1, "5,"]) {
      expect(checkAjuste(10, bad), String(bad)).toEqual({ kind: "invalid", message: MSG_AJUSTE_STOCK_REAL_INVALIDO });
    }
  });

  it("enables the button only for a valid, different real stock", () => {
    expect(canSubmitAjuste(10, "15")).toBe(true);
    expect(canSubmitAjuste(10, "10")).toBe(false);
    expect(canSubmitAjuste(10, "")).toBe(false);
    expect(canSubmitAjuste(10, "x")).toBe(false);
  });
});

describe("adjustment comment and acting user", () => {
  it("always shows the sign: Ajuste de +5 por {usuario}", () => {
    expect(ajusteComentario(5, "Ana Soto")).toBe("Ajuste de +5 por Ana Soto");
    expect(ajusteComentario(-3, "Ana Soto")).toBe("Ajuste de -3 por Ana Soto");
    expect(ajusteComentario("2.5000", "Usuario")).toBe("Ajuste de +2,5 por Usuario");
    expect(formatDiferencia(1200)).toBe("+1.200");
    expect(formatDiferencia(-0.25)).toBe("-0,25");
  });

  it("takes the stored user name first", () => {
    expect(ajusteUsuario("Ana Soto", jwt({ name: "Otro" }))).toBe("Ana Soto");
    expect(ajusteUsuario("  Ana  ", null)).toBe("Ana");
  });

  it("else the token's name, username or email claim, in that order", () => {
    expect(ajusteUsuario(null, jwt({ name: "José Muñoz", username: "jmunoz", email: "j@ventanal.cl" }))).toBe("José Muñoz");
    expect(ajusteUsuario("", jwt({ username: "jmunoz", email: "j@ventanal.cl" }))).toBe("jmunoz");
    expect(ajusteUsuario(undefined, jwt({ name: " ", email: "j@ventanal.cl" }))).toBe("j@ventanal.cl");
    expect(ajusteUsuario(null, { username: "bodega1" })).toBe("bodega1");
    expect(tokenClaims(jwt({ name: "José" }))).toEqual({ name: "José" });
  });

  it("else Usuario (opaque or broken tokens, claims that are not text)", () => {
    expect(AJUSTE_USUARIO_DEFAULT).toBe("Usuario");
    expect(ajusteUsuario(null, null)).toBe("Usuario");
    expect(ajusteUsuario(null, "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")).toBe("Usuario");
    expect(ajusteUsuario(null, "a.b.c")).toBe("Usuario");
    expect(ajusteUsuario(null, "a.!!!.c")).toBe("Usuario");
    expect(ajusteUsuario(null, jwt({ sub: 7 }))).toBe("Usuario");
    expect(ajusteUsuario(null, jwt({ name: 42 }))).toBe("Usuario");
    expect(tokenClaims(`x.${btoa("[1,2]")}.y`)).toBeNull();
  });
});

describe("product name on the adjustment screen", () => {
  it("cannot be empty", () => {
    expect(validateNombreProducto("  Marco corredera ")).toEqual({ ok: true, producto: "Marco corredera" });
    expect(validateNombreProducto("   ")).toEqual({ ok: false, message: "El nombre no puede estar vacío." });
    expect(validateNombreProducto(null)).toEqual({ ok: false, message: MSG_AJUSTE_NOMBRE_VACIO });
  });
});

describe("23.3 the stock seen when counting", () => {
  it("is the same stock only to the 4th decimal, and the 409 names the stock now and the one seen", () => {
    expect(sameStock(8, "8")).toBe(true);
    expect(sameStock(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameStock(8, 8.0001)).toBe(false);
    expect(msgStockCambio("10005", 1200.5, 10)).toBe("El stock cambió mientras contaba: el stock de 10005 ahora es 1.200,5 (usted vio 10), vuelva a contar");
  });
});
