// The client's link rules (issue 34 §2): a link's state, the sharing URLs and the
// acceptance body (RUT, box, signature, version).
import { describe, expect, it } from "vitest";
import { aceptacionSchema, correoUrl, estadoEnlace, FIRMA_PNG_MAX_BYTES, mensajeCompartir, MSG_ACEPTO, MSG_FIRMA, MSG_FIRMA_GRANDE, whatsappPhone, whatsappUrl } from "./enlaces";

const NOW = new Date("2026-11-28T15:00:00Z");
const future = "2026-12-28T15:00:00Z";
const past = "2026-11-28T14:59:59Z";

describe("estadoEnlace", () => {
  it("revoked wins, then accepted, then expired by its date, else vigente", () => {
    expect(estadoEnlace({ revocado_en: past, aceptado: true, vence_en: future }, NOW)).toBe("revocado");
    expect(estadoEnlace({ revocado_en: null, aceptado: true, vence_en: past }, NOW)).toBe("aceptado");
    expect(estadoEnlace({ revocado_en: null, aceptado: false, vence_en: past }, NOW)).toBe("vencido");
    expect(estadoEnlace({ revocado_en: null, aceptado: false, vence_en: NOW }, NOW)).toBe("vencido");
    expect(estadoEnlace({ revocado_en: null, aceptado: false, vence_en: future }, NOW)).toBe("vigente");
  });
});

describe("sharing", () => {
  const p = { numero: "2026-0342", nombre_obra: "Casa Los Aromos" };
  const url = "https://ventanal.cl/p/abc";

  it("a Chilean phone for wa.me: +56 9 …, a 9-digit mobile, an 8-digit number; anything else is none", () => {
    expect(whatsappPhone("+56 9 8765 4321")).toBe("56987654321");
    expect(whatsappPhone("987654321")).toBe("56987654321");
    expect(whatsappPhone("8765 4321")).toBe("56987654321");
    expect(whatsappPhone("22 123 4567")).toBeNull();
    expect(whatsappPhone("abc")).toBeNull();
    expect(whatsappPhone(null)).toBeNull();
  });

  it("the message names the quote, the work and the link; WhatsApp and mailto carry it encoded", () => {
    const m = mensajeCompartir(p, url, "Ventanas Sur");
    expect(m).toBe("Hola, le enviamos el presupuesto N° 2026-0342 de la obra «Casa Los Aromos» de Ventanas Sur. Puede revisarlo, aceptarlo y firmarlo aquí: https://ventanal.cl/p/abc");
    expect(whatsappUrl(m, "+56 9 8765 4321")).toBe(`https://wa.me/56987654321?text=${encodeURIComponent(m)}`);
    expect(whatsappUrl(m, null)).toBe(`https://wa.me/?text=${encodeURIComponent(m)}`);
    const mail = correoUrl(p, m, "compras@aromos.cl");
    expect(mail.startsWith("mailto:compras%40aromos.cl?subject=")).toBe(true);
    expect(decodeURIComponent(mail.split("subject=")[1].split("&")[0])).toBe("Presupuesto N° 2026-0342 · Casa Los Aromos");
    expect(mensajeCompartir({ numero: "7", nombre_obra: null }, url, "X")).not.toContain("obra");
  });
});

describe("aceptacionSchema", () => {
  const version = "a".repeat(64);
  const ok = { nombre: " Ana Soto ", rut: "123456785", acepto: true, firma: "M1 2 L3 4", version };
  const errorsOf = (body: object) => {
    const r = aceptacionSchema.safeParse(body);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it("takes a valid body: name trimmed, RUT in its normal form", () => {
    expect(aceptacionSchema.parse(ok)).toEqual({ nombre: "Ana Soto", rut: "12.345.678-5", acepto: true, firma: "M1 2 L3 4", version });
  });

  it("refuses a wrong check digit, an unticked box, no signature, a dot, script, a large PNG, a bad version", () => {
    expect(errorsOf({ ...ok, rut: "12.345.678-9" }).rut).toMatch(/RUT inválido/);
    expect(errorsOf({ ...ok, acepto: false }).acepto).toBe(MSG_ACEPTO);
    expect(errorsOf({ ...ok, acepto: "true" }).acepto).toBe(MSG_ACEPTO);
    expect(errorsOf({ ...ok, firma: "" }).firma).toBe(MSG_FIRMA);
    expect(errorsOf({ ...ok, firma: "M1 2" }).firma).toBe(MSG_FIRMA);
    expect(errorsOf({ ...ok, firma: "<svg onload=alert(1)>" }).firma).toBe(MSG_FIRMA);
    const big = `data:image/png;base64,${"A".repeat(Math.ceil(((FIRMA_PNG_MAX_BYTES + 10) * 4) / 3))}`;
    expect(errorsOf({ ...ok, firma: big }).firma).toBe(MSG_FIRMA_GRANDE);
    expect(errorsOf({ ...ok, firma: "data:image/png;base64,iVBORw0KGgo=" })).toEqual({});
    expect(errorsOf({ ...ok, version: "b".repeat(63) }).version).toBeDefined();
  });
});
