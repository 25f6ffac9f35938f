// Company data API (Administración → Empresa): GET for every signed-in user (the PDFs
// print it), PUT for Informático only, audited; a refused body writes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGO_MAX_BYTES, MSG_LOGO_GRANDE, MSG_LOGO_TIPO, MSG_VALIDEZ, MSG_VISTA_DIBUJOS } from "../../src/domain/empresa/schemas";
import { ROLES } from "../../src/domain/roles/roles";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

const PNG_1X1 = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

async function current() {
  const res = await t.request({ method: "GET", url: "/api/empresa", as: "Ventas" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
}
async function counts() {
  return { auditoria: await t.count("auditoria"), empresa: await t.count("empresa") };
}
function body(over: Record<string, unknown> = {}) {
  const { actualizado_en: _a, ...rest } = { actualizado_en: null, ...over };
  return rest;
}

describe("GET api/empresa", () => {
  it("answers the row the migration seeded, to every role", async () => {
    const row = await current();
    expect(row).toMatchObject({ nombre: "Ventanal Aluminio y PVC SpA", nombre_fantasia: "Ventanal", rut: "76.543.210-3", validez_oferta_dias: 15, banco: "Banco de Chile", logo: null, vista_dibujos: "exterior" });
    for (const rol of ROLES) expect((await t.request({ method: "GET", url: "/api/empresa", as: rol })).statusCode, rol).toBe(200);
  });

  it("401 without a session", async () => {
    expect((await t.request({ method: "GET", url: "/api/empresa" })).statusCode).toBe(401);
  });
});

describe("PUT api/empresa", () => {
  it("Informático changes the data and the logo; the audit row holds the changed fields and the logo's size", async () => {
    const before = await current();
    const res = await t.request({
      method: "PUT",
      url: "/api/empresa",
      as: "Informático",
      payload: body({ ...before, rut: "765432103", telefono: " +56 2 2000 1000 ", validez_oferta_dias: "30", forma_pago: "Contado", logo: PNG_1X1 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rut: "76.543.210-3", telefono: "+56 2 2000 1000", validez_oferta_dias: 30, forma_pago: "Contado", logo: PNG_1X1 });
    expect(await current()).toMatchObject({ validez_oferta_dias: 30, logo: PNG_1X1 });
    const audit = await t.database.pool.query("select ruta, entidad, entidad_id, cambios from auditoria where entidad = 'empresa' order by id desc limit 1");
    expect(audit.rows[0]).toMatchObject({ ruta: "PUT /api/empresa", entidad_id: "1" });
    const cambios = audit.rows[0].cambios as Record<string, { antes: unknown; despues: unknown }>;
    expect(Object.keys(cambios).sort()).toEqual(["forma_pago", "logo", "telefono", "validez_oferta_dias"]);
    expect(cambios.logo).toEqual({ antes: null, despues: expect.stringMatching(/^imagen de \d+ bytes$/) });
    expect(await t.count("empresa")).toBe(1);
  });

  it("the drawings' view (issue 34): set to interior and back, audited; a body without it keeps it", async () => {
    const row = await current();
    const res = await t.request({ method: "PUT", url: "/api/empresa", as: "Informático", payload: body({ ...row, vista_dibujos: "interior" }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ vista_dibujos: "interior" });
    const audit = await t.database.pool.query("select cambios from auditoria where entidad = 'empresa' order by id desc limit 1");
    expect(audit.rows[0].cambios).toEqual({ vista_dibujos: { antes: "exterior", despues: "interior" } });
    const without: Record<string, unknown> = body({ ...row, telefono: "+56 2 2000 2000" });
    delete without.vista_dibujos;
    const kept = await t.request({ method: "PUT", url: "/api/empresa", as: "Informático", payload: without });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ vista_dibujos: "interior", telefono: "+56 2 2000 2000" });
    const back = await t.request({ method: "PUT", url: "/api/empresa", as: "Informático", payload: body({ ...row }) });
    expect(back.json()).toMatchObject({ vista_dibujos: "exterior" });
  });

  it("the same data again writes no audit row", async () => {
    const row = await current();
    const n = await t.count("auditoria");
    const res = await t.request({ method: "PUT", url: "/api/empresa", as: "Informático", payload: body(row) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.count("auditoria")).toBe(n);
  });

  it("400 with the fields named, nothing written", async () => {
    const row = await current();
    const big = `data:image/png;base64,${"A".repeat(Math.ceil(((LOGO_MAX_BYTES + 10) * 4) / 3))}`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ rut: "76.543.210-0" }, "rut", "RUT inválido: revise el dígito verificador"],
      [{ nombre: "  " }, "nombre", "La razón social es obligatoria"],
      [{ validez_oferta_dias: 0 }, "validez_oferta_dias", MSG_VALIDEZ],
      [{ validez_oferta_dias: "quince" }, "validez_oferta_dias", MSG_VALIDEZ],
      [{ correo: "no-es-correo" }, "correo", "Correo inválido"],
      [{ logo: "data:image/gif;base64,R0lGOD" }, "logo", MSG_LOGO_TIPO],
      [{ logo: big }, "logo", MSG_LOGO_GRANDE],
      [{ vista_dibujos: "lateral" }, "vista_dibujos", MSG_VISTA_DIBUJOS],
      [{ vista_dibujos: null }, "vista_dibujos", MSG_VISTA_DIBUJOS],
    ];
    const before = await counts();
    for (const [over, field, message] of cases) {
      const res = await t.request({ method: "PUT", url: "/api/empresa", as: "Informático", payload: body({ ...row, ...over }) });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(over)).toEqual([message]);
    }
    expect(await counts()).toEqual(before);
    expect(await current()).toEqual(row);
  });

  it("401 without a session and 403 for every role but Informático (Gerencia too), nothing written", async () => {
    const row = await current();
    const before = await counts();
    expect((await t.request({ method: "PUT", url: "/api/empresa", payload: body({ ...row, nombre: "Otra" }) })).statusCode).toBe(401);
    for (const rol of ROLES.filter((r) => r !== "Informático")) {
      const res = await t.request({ method: "PUT", url: "/api/empresa", as: rol, payload: body({ ...row, nombre: "Otra" }) });
      expect(res.statusCode, rol).toBe(403);
    }
    expect(await counts()).toEqual(before);
    expect((await current()).nombre).toBe(row.nombre);
  });
});
