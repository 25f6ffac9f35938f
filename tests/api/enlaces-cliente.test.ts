// The client's quote link (issue 34 §2): links made, listed and revoked by Ventas; the
// public page's answer (an allow-list), the tokens (not guessable, dead once revoked or
// expired, the same 404 for all), the acceptance (one transaction, idempotent under a
// double tap: one 201 and one 409), the version binding, the rejection and the limit per
// address. Runs on PGlite (npm test) and PostgreSQL (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInSantiago } from "../../src/domain/dates/dates";
import { MSG_CAMBIO, MSG_DEMASIADAS_SOLICITUDES, MSG_ENLACE_NO_EXISTE, MSG_YA_ACEPTADO, PUBLIC_FIELDS, TOKEN_PATTERN } from "../../src/domain/sales/enlaces";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;
let cliente: { id: number };
let seq = 0;

const FIRMA = "M10 40 L20 30 L35 45 L60 20 L80 42";

beforeAll(async () => {
  t = await createTestServer({ publicLimit: { max: 10_000, windowMs: 60_000 } });
  for (const role of ["Ventas", "Gerencia", "Bodega", "Informático", "Operaciones"] as const) await t.tokenFor(role);
  cliente = (await t.request({ method: "POST", url: "/api/clientes", as: "Ventas", payload: { nombre: "Inmobiliaria Los Aromos", telefono: "+56 9 8765 4321" } })).json();
  const empresa = (await t.request({ method: "GET", url: "/api/empresa", as: "Informático" })).json() as object;
  await t.request({ method: "PUT", url: "/api/empresa", as: "Informático", payload: { ...empresa, actualizado_en: undefined, forma_pago: "50% al aceptar, 50% contra entrega" } });
});
afterAll(() => t.close());

async function quoteWithItems() {
  const q = (await t.request({ method: "POST", url: "/api/presupuestos", as: "Ventas", payload: { numero: `E-${++seq}`, cliente_id: cliente.id, nombre_obra: `Casa ${seq}`, direccion: "Los Aromos 123", fecha: "2026-11-20", total_neto_presupuestado: 0 } })).json();
  for (const [ancho, precio] of [
    [1500, 250_000],
    [900, 120_000],
  ]) {
    const res = await t.request({
      method: "POST",
      url: "/api/items_presupuesto",
      as: "Ventas",
      payload: { presupuesto_id: q.id, item: "V1", recinto: "Living", ancho, alto: 1200, tipo_ventana: "Doble Corredera", tipo_apertura: "Derecha", cantidad: 2, precio_unitario: precio },
    });
    expect(res.statusCode).toBe(201);
  }
  return q as { id: number; numero: string };
}

async function newLink(quoteId: number, as: "Ventas" | "Gerencia" = "Ventas") {
  const res = await t.request({ method: "POST", url: `/api/presupuestos/${quoteId}/enlaces`, as });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { id: number; url: string; vence: string };
  return { ...body, token: body.url.split("/p/")[1] };
}

const view = (token: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url: `/api/publico/presupuestos/${token}`, headers });
const accept = (token: string, body: object, headers: Record<string, string> = {}) => t.app.inject({ method: "POST", url: `/api/publico/presupuestos/${token}/aceptacion`, payload: body, headers });
const valid = (version: string) => ({ nombre: "María José Pérez", rut: "12.345.678-5", acepto: true, firma: FIRMA, version });

/** Every key path of a JSON value that the allow-list does not hold. */
function outsideAllowList(value: unknown, path = ""): string[] {
  if (value === null || typeof value !== "object") return [];
  if (Array.isArray(value)) return value.flatMap((v) => outsideAllowList(v, `${path}[]`));
  const allowed = (PUBLIC_FIELDS as Record<string, readonly string[]>)[path];
  if (!allowed) return [`${path} (objeto no permitido)`];
  return Object.entries(value).flatMap(([k, v]) => (allowed.includes(k) ? outsideAllowList(v, path ? `${path}.${k}` : k) : [`${path}.${k}`]));
}

describe("POST/GET/DELETE api/presupuestos/{id}/enlaces", () => {
  it("makes a link: 201 with the URL (a 256-bit base64url token), the expiry 30 days on; only the hash is stored; an audit row", async () => {
    const q = await quoteWithItems();
    const auditBefore = await t.count("auditoria");
    const link = await newLink(q.id);
    expect(link.url).toMatch(/^http:\/\/[^/]+\/p\/[A-Za-z0-9_-]{43}$/);
    expect(TOKEN_PATTERN.test(link.token)).toBe(true);
    const days = (new Date(link.vence).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    const stored = (await t.database.pool.query("select token_hash from enlaces_presupuesto where id = $1", [link.id])).rows[0];
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(link.token);
    expect(await t.count("auditoria")).toBe(auditBefore + 1);
    const audit = (await t.database.pool.query("select registro, cambios::text from auditoria order by id desc limit 1")).rows[0];
    expect(audit.registro).toBe(`presupuestos:${q.id}`);
    expect(audit.cambios).not.toContain(link.token);
  });

  it("two links never share a token (1,000 tokens, all distinct)", async () => {
    const { newLinkToken } = await import("../../server/services/sales/enlace-row");
    const tokens = new Set(Array.from({ length: 1000 }, () => newLinkToken()));
    expect(tokens.size).toBe(1000);
  });

  it("the vigencia is the company's setting", async () => {
    const empresa = (await t.request({ method: "GET", url: "/api/empresa", as: "Informático" })).json();
    expect(empresa.enlace_vigencia_dias).toBe(30);
    const put = await t.request({ method: "PUT", url: "/api/empresa", as: "Informático", payload: { ...empresa, actualizado_en: undefined, enlace_vigencia_dias: 7 } });
    expect(put.statusCode, put.body).toBe(200);
    const q = await quoteWithItems();
    const link = await newLink(q.id, "Gerencia");
    expect((new Date(link.vence).getTime() - Date.now()) / 86_400_000).toBeCloseTo(7, 1);
    const bad = await t.request({ method: "PUT", url: "/api/empresa", as: "Informático", payload: { ...empresa, actualizado_en: undefined, enlace_vigencia_dias: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.enlace_vigencia_dias).toBeDefined();
    await t.request({ method: "PUT", url: "/api/empresa", as: "Informático", payload: { ...empresa, actualizado_en: undefined, enlace_vigencia_dias: 30 } });
  });

  it("lists the quote's links with state and author; revokes (204), then the token is a 404; twice → 409", async () => {
    const q = await quoteWithItems();
    const a = await newLink(q.id);
    const b = await newLink(q.id, "Gerencia");
    const list = (await t.request({ method: "GET", url: `/api/presupuestos/${q.id}/enlaces`, as: "Ventas" })).json();
    expect(list.map((l: { id: number }) => l.id)).toEqual([b.id, a.id]);
    expect(list[0]).toMatchObject({ estado: "vigente", creado_por_nombre: "Usuario Gerencia", revocado_en: null, aceptacion: null });
    expect(JSON.stringify(list)).not.toContain("token");
    expect((await view(a.token)).statusCode).toBe(200);
    const del = await t.request({ method: "DELETE", url: `/api/presupuestos/${q.id}/enlaces/${a.id}`, as: "Ventas" });
    expect(del.statusCode).toBe(204);
    const after = (await t.request({ method: "GET", url: `/api/presupuestos/${q.id}/enlaces`, as: "Ventas" })).json();
    expect(after[1]).toMatchObject({ id: a.id, estado: "revocado", revocado_por_nombre: "Usuario Ventas" });
    const gone = await view(a.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: MSG_ENLACE_NO_EXISTE, errors: {} });
    expect((await accept(a.token, valid("0".repeat(64)))).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: `/api/presupuestos/${q.id}/enlaces/${a.id}`, as: "Ventas" })).statusCode).toBe(409);
    // Another quote's link, an unknown quote or link: 404.
    const other = await quoteWithItems();
    expect((await t.request({ method: "DELETE", url: `/api/presupuestos/${other.id}/enlaces/${b.id}`, as: "Ventas" })).statusCode).toBe(404);
    expect((await t.request({ method: "POST", url: "/api/presupuestos/999999/enlaces", as: "Ventas" })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/presupuestos/999999/enlaces", as: "Ventas" })).statusCode).toBe(404);
  });

  it("401 without a session, 403 for Bodega (the one role outside Ventas), 400 on a bad id; nothing written", async () => {
    const q = await quoteWithItems();
    const before = await t.count("enlaces_presupuesto");
    expect((await t.request({ method: "POST", url: `/api/presupuestos/${q.id}/enlaces` })).statusCode).toBe(401);
    expect((await t.request({ method: "POST", url: `/api/presupuestos/${q.id}/enlaces`, as: "Bodega" })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/presupuestos/${q.id}/enlaces`, as: "Bodega" })).statusCode).toBe(403);
    expect((await t.request({ method: "POST", url: "/api/presupuestos/abc/enlaces", as: "Ventas" })).statusCode).toBe(400);
    expect(await t.count("enlaces_presupuesto")).toBe(before);
  });
});

describe("GET api/publico/presupuestos/{token}", () => {
  it("answers the allow-listed fields only, with net, IVA 19 % and total, noindex and no referrer, without a session", async () => {
    const q = await quoteWithItems();
    const link = await newLink(q.id);
    const res = await view(link.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-robots-tag"]).toContain("noindex");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    const body = res.json();
    expect(outsideAllowList(body)).toEqual([]);
    // Lines: 2 × 250.000 and 2 × 120.000 → neto 740.000, IVA 140.600, total 880.600.
    expect(body.contenido.totales).toEqual({ neto: 740_000, iva: 140_600, total: 880_600 });
    expect(body.contenido.items.map((i: { total: number }) => i.total)).toEqual([500_000, 240_000]);
    expect(body.contenido.presupuesto).toMatchObject({ numero: q.numero, nombre_obra: `Casa ${seq}`, cliente_nombre: "Inmobiliaria Los Aromos", valido_hasta: "2026-12-05" });
    expect(body.contenido.condiciones.forma_pago).toBe("50% al aceptar, 50% contra entrega");
    expect(body).toMatchObject({ estado: "vigente", cambiado: false, aceptacion: null, rechazo: null });
    expect(body.version).toMatch(/^[0-9a-f]{64}$/);
    // No internal ids, costs, UTV or e-mails of users anywhere in the text.
    const text = res.body;
    for (const word of ["presupuesto_id", "cliente_id", "utv", "costo", "utilidad", "@test.cl", "creado_por", "token_hash"]) expect(text).not.toContain(word);
  });

  it("says when the quote changed since the link was sent (and the version moves)", async () => {
    const q = await quoteWithItems();
    const link = await newLink(q.id);
    const first = (await view(link.token)).json();
    const items = (await t.request({ method: "GET", url: `/api/items_presupuesto/presupuesto/${q.id}`, as: "Ventas" })).json();
    const { id, presupuesto_id: _p, utv: _u, utv_monto: _m, ...body } = items[0];
    const put = await t.request({ method: "PUT", url: `/api/items_presupuesto/${id}`, as: "Ventas", payload: { ...body, presupuesto_id: q.id, precio_unitario: 260_000 } });
    expect(put.statusCode, put.body).toBe(200);
    const second = (await view(link.token)).json();
    expect(second.cambiado).toBe(true);
    expect(second.version).not.toBe(first.version);
    expect(second.contenido.totales.neto).toBe(760_000);
    // Accepting what was on screen before the change: 409, nothing written.
    const before = await t.count("aceptaciones_presupuesto");
    const stale = await accept(link.token, valid(first.version));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MSG_CAMBIO);
    expect(await t.count("aceptaciones_presupuesto")).toBe(before);
  });

  it("unknown, malformed, expired and revoked tokens: the same 404 body", async () => {
    const q = await quoteWithItems();
    const expired = await newLink(q.id);
    await t.database.pool.query("update enlaces_presupuesto set vence_en = now() - interval '1 second' where id = $1", [expired.id]);
    const revoked = await newLink(q.id);
    await t.request({ method: "DELETE", url: `/api/presupuestos/${q.id}/enlaces/${revoked.id}`, as: "Ventas" });
    const guess = expired.token.slice(0, 42) + (expired.token.endsWith("A") ? "B" : "A");
    const bodies = new Set<string>();
    for (const token of [guess, "x", "a".repeat(43), expired.token, revoked.token, "x".repeat(90)]) {
      const res = await view(token);
      expect(res.statusCode, token).toBe(404);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
    const list = (await t.request({ method: "GET", url: `/api/presupuestos/${q.id}/enlaces`, as: "Ventas" })).json();
    expect(list.map((l: { estado: string }) => l.estado).sort()).toEqual(["revocado", "vencido"]);
  });

  it("a per-address limit: past it, a Spanish 429 with Retry-After, for that address only", async () => {
    const limited = await createTestServer({ publicLimit: { max: 3, windowMs: 60_000 } });
    try {
      const as = (ip: string) => limited.app.inject({ method: "GET", url: `/api/publico/presupuestos/${"b".repeat(43)}`, remoteAddress: ip });
      for (let i = 0; i < 3; i++) expect((await as("10.0.0.7")).statusCode).toBe(404);
      const refused = await as("10.0.0.7");
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(MSG_DEMASIADAS_SOLICITUDES);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await as("10.0.0.8")).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});

describe("POST api/publico/presupuestos/{token}/aceptacion", () => {
  it("400 on a bad body (RUT, box, signature, version), nothing written", async () => {
    const q = await quoteWithItems();
    const link = await newLink(q.id);
    const { version } = (await view(link.token)).json();
    const before = { a: await t.count("aceptaciones_presupuesto"), audit: await t.count("auditoria") };
    const cases: [object, string][] = [
      [{ ...valid(version), rut: "12.345.678-9" }, "rut"],
      [{ ...valid(version), acepto: false }, "acepto"],
      [{ ...valid(version), firma: "" }, "firma"],
      [{ ...valid(version), firma: "<script>" }, "firma"],
      [{ ...valid(version), firma: `M0 0 ${"L1 1 ".repeat(20_000)}` }, "firma"],
      [{ ...valid(version), nombre: "  " }, "nombre"],
      [{ ...valid(version), version: "abc" }, "version"],
    ];
    for (const [body, field] of cases) {
      const res = await accept(link.token, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toBeDefined();
    }
    expect(await t.count("aceptaciones_presupuesto")).toBe(before.a);
    expect(await t.count("auditoria")).toBe(before.audit);
  });

  it("accepts in one transaction: the record, the quote accepted today, its Presupuesto stage done, audit rows; then read-only and 409", async () => {
    const q = await quoteWithItems();
    const link = await newLink(q.id);
    const shown = (await view(link.token)).json();
    const res = await accept(link.token, { ...valid(shown.version), rut: "123456785" }, { "user-agent": "Prueba/1.0 (Android)" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().aceptacion).toMatchObject({ nombre: "María José Pérez", rut: "12.345.678-5", firma: FIRMA, hash: shown.version });
    const record = (await t.database.pool.query("select * from aceptaciones_presupuesto where presupuesto_id = $1", [q.id])).rows[0];
    expect(record).toMatchObject({ enlace_id: link.id, user_agent: "Prueba/1.0 (Android)", hash: shown.version, ip: "127.0.0.1" });
    expect(record.contenido.totales).toEqual(shown.contenido.totales);
    const quote = (await t.request({ method: "GET", url: `/api/presupuestos/id/${q.id}`, as: "Ventas" })).json();
    expect(quote.aceptado_fecha).toBe(todayInSantiago());
    const seg = (await t.database.pool.query("select presupuesto, etapa_fecha from seguimiento_obras where presupuesto_id = $1", [q.id])).rows[0];
    expect(seg.presupuesto).toBe(true);
    const audit = (await t.database.pool.query("select entidad from auditoria where registro = $1 or (entidad = 'seguimiento_obras' and cambios ? 'presupuesto') order by id desc limit 3", [`presupuestos:${q.id}`])).rows.map((r) => r.entidad);
    expect(audit.sort()).toEqual(["aceptaciones_presupuesto", "presupuestos", "seguimiento_obras"]);
    // The page now shows the accepted version, read-only, with the signature.
    const after = (await view(link.token)).json();
    expect(after).toMatchObject({ estado: "aceptado", version: shown.version, aceptacion: { nombre: "María José Pérez", firma: FIRMA } });
    expect(outsideAllowList(after)).toEqual([]);
    // A second acceptance, through this link or another: 409.
    const again = await accept(link.token, valid(shown.version));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG_YA_ACEPTADO);
    const other = await newLink(q.id);
    expect((await accept(other.token, valid(shown.version))).statusCode).toBe(409);
    // The accepted link cannot be revoked (it is the signed copy) and lists as accepted.
    expect((await t.request({ method: "DELETE", url: `/api/presupuestos/${q.id}/enlaces/${link.id}`, as: "Ventas" })).statusCode).toBe(409);
    const list = (await t.request({ method: "GET", url: `/api/presupuestos/${q.id}/enlaces`, as: "Ventas" })).json();
    expect(list.find((l: { id: number }) => l.id === link.id)).toMatchObject({ estado: "aceptado", aceptacion: { rut: "12.345.678-5" } });
    // "Aceptados hoy": the card of Ventas and Operaciones, and the list's filter.
    for (const rol of ["Ventas", "Operaciones"] as const) {
      const cards = (await t.request({ method: "GET", url: "/api/resumen-diario", as: rol })).json();
      const card = cards.tarjetas.find((c: { clave: string }) => c.clave === "aceptados-hoy");
      expect(card, rol).toBeDefined();
      expect(card.items.map((i: { texto: string }) => i.texto)).toContain(`${q.numero} · Casa ${seq}`);
    }
    // Editing the accepted quote is recorded as made after the acceptance.
    const [first] = (await t.request({ method: "GET", url: `/api/items_presupuesto/presupuesto/${q.id}`, as: "Ventas" })).json();
    const { id: itemId, presupuesto_id: _p, utv: _u, utv_monto: _m, ...itemBody } = first;
    expect((await t.request({ method: "PUT", url: `/api/items_presupuesto/${itemId}`, as: "Ventas", payload: { ...itemBody, presupuesto_id: q.id, cantidad: 3 } })).statusCode).toBe(200);
    const note = (await t.database.pool.query("select cambios from auditoria where entidad = 'items_presupuesto' and entidad_id = $1 order by id desc limit 1", [String(itemId)])).rows[0].cambios;
    expect(note.despues_de_aceptacion).toMatch(/^Modificado después de la aceptación del cliente/);
    expect((await view(link.token)).json().contenido.totales).toEqual(shown.contenido.totales); // the signed version stays as signed
    const filtered = (await t.request({ method: "GET", url: `/api/presupuestos?aceptado_fecha=${todayInSantiago()}&_start=0&_end=50`, as: "Ventas" })).json();
    expect(filtered.map((p: { id: number }) => p.id)).toContain(q.id);
  });

  it("a double tap: two parallel POSTs → one 201 and one 409, one record", async () => {
    const q = await quoteWithItems();
    const link = await newLink(q.id);
    const { version } = (await view(link.token)).json();
    const results = await Promise.all([accept(link.token, valid(version)), accept(link.token, valid(version))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await t.database.pool.query("select count(*)::int as n from aceptaciones_presupuesto where presupuesto_id = $1", [q.id])).rows[0].n).toBe(1);
    // Two links of one quote tapped at once: still one acceptance.
    const q2 = await quoteWithItems();
    const [l1, l2] = [await newLink(q2.id), await newLink(q2.id)];
    const v2 = (await view(l1.token)).json().version;
    const both = await Promise.all([accept(l1.token, valid(v2)), accept(l2.token, valid(v2))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await t.database.pool.query("select count(*)::int as n from aceptaciones_presupuesto where presupuesto_id = $1", [q2.id])).rows[0].n).toBe(1);
  });
});

describe("POST api/publico/presupuestos/{token}/rechazo", () => {
  it("records the rejection with its reason once (then 409); the list shows it", async () => {
    const q = await quoteWithItems();
    const link = await newLink(q.id);
    const res = await t.app.inject({ method: "POST", url: `/api/publico/presupuestos/${link.token}/rechazo`, payload: { motivo: "Encontramos otro proveedor" } });
    expect(res.statusCode, res.body).toBe(201);
    const again = await t.app.inject({ method: "POST", url: `/api/publico/presupuestos/${link.token}/rechazo`, payload: {} });
    expect(again.statusCode).toBe(409);
    const list = (await t.request({ method: "GET", url: `/api/presupuestos/${q.id}/enlaces`, as: "Ventas" })).json();
    expect(list[0]).toMatchObject({ motivo_rechazo: "Encontramos otro proveedor", estado: "vigente" });
    expect((await view(link.token)).json().rechazo).toMatchObject({ motivo: "Encontramos otro proveedor" });
    const bad = await t.app.inject({ method: "POST", url: `/api/publico/presupuestos/${link.token}/rechazo`, payload: { motivo: 5 } });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: "POST", url: `/api/publico/presupuestos/${"c".repeat(43)}/rechazo`, payload: {} })).statusCode).toBe(404);
  });
});
