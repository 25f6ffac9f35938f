// Users API (design page "Users"): list, show, create, update, password change.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestServer, PASSWORD, type TestServer } from "../helpers";

let t: TestServer;
// Wrong-password checks below must not trip the login throttle (tested in throttle.test.ts).
const RELAXED = { freeAttempts: 10_000, baseDelayMs: 1, maxDelayMs: 1, windowMs: 1000 };

beforeAll(async () => {
  t = await createTestServer({ throttle: RELAXED });
});
afterAll(() => t.close());

const MSG_SHORT = "La contraseña debe tener al menos 6 caracteres";
const MSG_TAKEN = "Ya existe un usuario con ese correo";
let seq = 0;
const uniqueCorreo = (prefix = "u") => `${prefix}${++seq}-${Date.now()}@ejemplo.cl`;

async function login(correo: string, contrasena: string) {
  return t.request({ method: "POST", url: "/api/login", payload: { correo, contrasena } });
}
async function tokenOf(correo: string, contrasena: string): Promise<string> {
  const res = await login(correo, contrasena);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}
async function createUser(body: Record<string, unknown> = {}) {
  const payload = { nombre: "Persona de Prueba", correo: uniqueCorreo(), rol: "Ventas", contrasena: "secreta1", ...body };
  const res = await t.request({ method: "POST", url: "/api/usuarios", as: "Informático", payload });
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json(), contrasena: payload.contrasena as string } as {
    id: number;
    nombre: string;
    correo: string;
    rol: string;
    activo: boolean;
    creado_en: string;
    contrasena: string;
  };
}
async function counts() {
  return { usuarios: await t.count("usuarios"), auditoria: await t.count("auditoria"), sesiones: await t.count("sesiones") };
}
async function auditFor(id: number) {
  const r = await t.database.pool.query(
    "select usuario_id, ruta, entidad, entidad_id, cambios from auditoria where entidad = 'usuarios' and entidad_id = $1 order by id",
    [String(id)],
  );
  return r.rows as { usuario_id: number | null; ruta: string; entidad: string; entidad_id: string; cambios: Record<string, unknown> }[];
}

describe("GET api/usuarios", () => {
  it("answers the plain array of users, never a password hash", async () => {
    await createUser();
    const res = await t.request({ method: "GET", url: "/api/usuarios", as: "Gerencia" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBeUndefined();
    const rows = res.json() as Record<string, unknown>[];
    expect(Array.isArray(rows)).toBe(true);
    const admin = rows.find((r) => r.correo === ADMIN.correo)!;
    expect(Object.keys(admin).sort()).toEqual(["activo", "correo", "creado_en", "id", "nombre", "rol", "telefono"]);
    expect(admin).toMatchObject({ nombre: "Administrador", rol: "Informático", activo: true });
    expect(new Date(admin.creado_en as string).getTime()).not.toBeNaN();
    expect(res.body).not.toMatch(/argon2|password|hash/i);
    // sorted by name
    const names = rows.map((r) => r.nombre as string);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("pages, sorts, searches and filters with X-Total-Count", async () => {
    const tag = `zeta${Date.now()}`;
    for (const [i, rol] of ["Bodega", "Bodega", "Ventas"].entries()) {
      await createUser({ nombre: `${tag} ${i}`, correo: `${tag}.${i}@ejemplo.cl`, rol });
    }
    const page = await t.request({ method: "GET", url: `/api/usuarios?q=${tag.toUpperCase()}&_start=0&_end=2&_sort=correo&_order=desc`, as: "Informático" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-total-count"]).toBe("3");
    expect(page.json().map((r: { correo: string }) => r.correo)).toEqual([`${tag}.2@ejemplo.cl`, `${tag}.1@ejemplo.cl`]);

    const byMail = await t.request({ method: "GET", url: `/api/usuarios?q=${tag}.1@`, as: "Informático" });
    expect(byMail.json()).toHaveLength(1);

    const bodega = await t.request({ method: "GET", url: `/api/usuarios?q=${tag}&rol=Bodega`, as: "Informático" });
    expect(bodega.headers["x-total-count"]).toBe("2");
    expect(bodega.json().every((r: { rol: string }) => r.rol === "Bodega")).toBe(true);

    const inactive = await t.request({ method: "GET", url: `/api/usuarios?q=${tag}&activo=false`, as: "Informático" });
    expect(inactive.json()).toEqual([]);
    expect(inactive.headers["x-total-count"]).toBe("0");
  });

  it("400 for a bad sort field or filter value", async () => {
    for (const qs of ["_sort=password_hash", "activo=quizas", "_start=-1", "_order=sideways"]) {
      const res = await t.request({ method: "GET", url: `/api/usuarios?${qs}`, as: "Informático" });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message).toMatch(/\w/);
    }
  });

  it("401 without a session, 403 for roles outside administration", async () => {
    expect((await t.request({ method: "GET", url: "/api/usuarios" })).statusCode).toBe(401);
    for (const role of ["Ventas", "Bodega", "Contabilidad", "Secretaria"] as const) {
      const res = await t.request({ method: "GET", url: "/api/usuarios", as: role });
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message).toBe("No tiene permiso para esta acción.");
    }
  });
});

describe("GET api/usuarios/{id}", () => {
  it("answers one user, 404 for an unknown id, 400 for a bad id", async () => {
    const u = await createUser();
    const res = await t.request({ method: "GET", url: `/api/usuarios/${u.id}`, as: "Informático" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: u.id, nombre: u.nombre, correo: u.correo, rol: "Ventas", telefono: null, activo: true, creado_en: u.creado_en });
    const missing = await t.request({ method: "GET", url: "/api/usuarios/999999", as: "Informático" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Usuario no encontrado", errors: {} });
    for (const bad of ["abc", "0", "-3", "1.5", "99999999999"]) {
      const r = await t.request({ method: "GET", url: `/api/usuarios/${bad}`, as: "Informático" });
      expect(r.statusCode, bad).toBe(400);
    }
  });
  it("401 / 403", async () => {
    expect((await t.request({ method: "GET", url: "/api/usuarios/1" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/usuarios/1", as: "Operaciones" })).statusCode).toBe(403);
  });
});

describe("POST api/usuarios", () => {
  it("creates a user: trimmed name, lower-case address, active, can log in, audited without the password", async () => {
    const correo = uniqueCorreo("Mixto");
    const res = await t.request({
      method: "POST",
      url: "/api/usuarios",
      as: "Gerencia",
      payload: { nombre: "  Ana Pérez ", correo: `  ${correo.toUpperCase()} `, rol: "Bodega", contrasena: "abc123" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json();
    expect(row).toMatchObject({ nombre: "Ana Pérez", correo: correo.toLowerCase(), rol: "Bodega", activo: true });
    expect(Object.keys(row).sort()).toEqual(["activo", "correo", "creado_en", "id", "nombre", "rol", "telefono"]);
    expect((await login(correo.toLowerCase(), "abc123")).statusCode).toBe(200);
    expect((await login(correo.toUpperCase(), "abc123")).statusCode).toBe(200);

    const stored = await t.database.pool.query("select password_hash from usuarios where id = $1", [row.id]);
    expect(stored.rows[0].password_hash).toMatch(/^\$argon2id\$/);
    const [a] = await auditFor(row.id);
    expect(a).toMatchObject({ usuario_id: await t.userIdFor("Gerencia"), ruta: "POST /api/usuarios", entidad: "usuarios" });
    expect(a.cambios).toEqual({ nombre: "Ana Pérez", correo: correo.toLowerCase(), rol: "Bodega", telefono: null, activo: true });
    expect(JSON.stringify(a.cambios)).not.toContain("abc123");
  });

  it("may create an inactive user, who cannot log in", async () => {
    const u = await createUser({ activo: false });
    expect(u.activo).toBe(false);
    expect((await login(u.correo, u.contrasena)).statusCode).toBe(401);
  });

  const bad: [string, Record<string, unknown>, string, string | null][] = [
    ["empty body", {}, "nombre", null],
    ["short password", { contrasena: "12345" }, "contrasena", MSG_SHORT],
    ["blank name", { nombre: "   " }, "nombre", "El nombre es obligatorio"],
    ["unknown role", { rol: "Administrador" }, "rol", null],
    ["bad address", { correo: "no-es-correo" }, "correo", "Correo inválido"],
    ["address as number", { correo: 42 }, "correo", null],
    ["password as number", { contrasena: 12345678 }, "contrasena", null],
    ["activo as text", { activo: "si" }, "activo", null],
    ["name too long", { nombre: "x".repeat(201) }, "nombre", null],
    ["password too long", { contrasena: "x".repeat(201) }, "contrasena", null],
  ];
  for (const [label, override, field, message] of bad) {
    it(`400 for ${label}, nothing written`, async () => {
      const before = await counts();
      const payload = label === "empty body" ? {} : { nombre: "Bueno", correo: uniqueCorreo(), rol: "Ventas", contrasena: "secreta1", ...override };
      const res = await t.request({ method: "POST", url: "/api/usuarios", as: "Informático", payload });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body.message).toMatch(/^Datos inválidos/);
      expect(body.errors[field], JSON.stringify(body.errors)).toBeDefined();
      if (message) expect(body.errors[field]).toContain(message);
      expect(await counts()).toEqual(before);
    });
  }

  it("400 lists every missing field in Spanish", async () => {
    const res = await t.request({ method: "POST", url: "/api/usuarios", as: "Informático", payload: {} });
    expect(Object.keys(res.json().errors).sort()).toEqual(["contrasena", "correo", "nombre", "rol"]);
    expect(res.json().errors.contrasena).toEqual(["La contraseña es obligatoria"]);
  });

  it("409 for an address that exists (any capitals), nothing written", async () => {
    const u = await createUser();
    const before = await counts();
    const res = await t.request({
      method: "POST",
      url: "/api/usuarios",
      as: "Informático",
      payload: { nombre: "Otra", correo: u.correo.toUpperCase(), rol: "Ventas", contrasena: "secreta1" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MSG_TAKEN, errors: { correo: [MSG_TAKEN] } });
    expect(await counts()).toEqual(before);
  });

  it("two simultaneous creations of one address: one 201, one 409", async () => {
    const correo = uniqueCorreo("carrera");
    const payload = { nombre: "Carrera", correo, rol: "Ventas", contrasena: "secreta1" };
    const results = await Promise.all([1, 2, 3].map(() => t.request({ method: "POST", url: "/api/usuarios", as: "Informático", payload })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const n = await t.database.pool.query("select count(*)::int as n from usuarios where correo = $1", [correo]);
    expect(n.rows[0].n).toBe(1);
  });

  it("401 without a session, 403 for other roles, nothing written", async () => {
    await t.tokenFor("Ventas");
    await t.tokenFor("Bodega");
    const before = await counts();
    const payload = { nombre: "X", correo: uniqueCorreo(), rol: "Ventas", contrasena: "secreta1" };
    expect((await t.request({ method: "POST", url: "/api/usuarios", payload })).statusCode).toBe(401);
    expect((await t.request({ method: "POST", url: "/api/usuarios", payload, as: "Ventas" })).statusCode).toBe(403);
    expect((await t.request({ method: "POST", url: "/api/usuarios", payload, as: "Bodega" })).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe("PUT api/usuarios/{id}", () => {
  it("changes name, address and role; audits the changed fields with their old values", async () => {
    const u = await createUser({ rol: "Ventas" });
    const correo = uniqueCorreo("nuevo");
    const res = await t.request({
      method: "PUT",
      url: `/api/usuarios/${u.id}`,
      as: "Informático",
      payload: { nombre: "Nombre Nuevo", correo: correo.toUpperCase(), rol: "Adquisiciones", id: 12345, creado_en: "ignorado" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...u, contrasena: undefined, nombre: "Nombre Nuevo", correo, rol: "Adquisiciones" });
    const audits = await auditFor(u.id);
    expect(audits.at(-1)).toMatchObject({
      ruta: "PUT /api/usuarios/:id",
      usuario_id: await t.userIdFor("Informático"),
      cambios: { nombre: "Nombre Nuevo", correo, rol: "Adquisiciones", anterior: { nombre: u.nombre, correo: u.correo, rol: "Ventas" } },
    });
    // the session the user had keeps working: a role change applies, it does not log out
    expect((await login(correo, u.contrasena)).statusCode).toBe(200);
  });

  it("keeping one's own address in other capitals is not a conflict", async () => {
    const u = await createUser();
    const res = await t.request({ method: "PUT", url: `/api/usuarios/${u.id}`, as: "Informático", payload: { correo: u.correo.toUpperCase() } });
    expect(res.statusCode).toBe(200);
    expect(res.json().correo).toBe(u.correo);
  });

  it("a role change applies on the next request (a Gerencia made Ventas loses user administration)", async () => {
    const boss = await createUser({ rol: "Gerencia" });
    const token = await tokenOf(boss.correo, boss.contrasena);
    expect((await t.request({ method: "GET", url: "/api/usuarios", token })).statusCode).toBe(200);
    const demote = await t.request({ method: "PUT", url: `/api/usuarios/${boss.id}`, as: "Informático", payload: { rol: "Ventas" } });
    expect(demote.statusCode).toBe(200);
    const after = await t.request({ method: "GET", url: "/api/usuarios", token });
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe("No tiene permiso para esta acción.");
    // and back
    await t.request({ method: "PUT", url: `/api/usuarios/${boss.id}`, as: "Informático", payload: { rol: "Informático" } });
    expect((await t.request({ method: "GET", url: "/api/usuarios", token })).statusCode).toBe(200);
  });

  it("a Ventas user made Bodega is refused (403) on a sales write with the session it already had", async () => {
    // any route that writes the "ventas" section (the role table decides, not this test)
    const route = t.app.apiRoutes.find((r) => r.method === "POST" && typeof r.permission === "object" && r.permission.section === "ventas" && r.permission.access === "write");
    expect(route, "a POST route that writes ventas").toBeDefined();
    const seller = await createUser({ rol: "Ventas" });
    const token = await tokenOf(seller.correo, seller.contrasena);
    const url = route!.url.replace(/:\w+/g, "1");
    const allowed = await t.request({ method: "POST", url, token, payload: {} });
    expect([400, 404, 409], allowed.body).toContain(allowed.statusCode); // let in; the empty body is refused
    await t.request({ method: "PUT", url: `/api/usuarios/${seller.id}`, as: "Gerencia", payload: { rol: "Bodega" } });
    const refused = await t.request({ method: "POST", url, token, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("No tiene permiso para esta acción.");
  });

  it("deactivating ends the user's sessions and refuses their login; reactivating lets them log in again", async () => {
    const u = await createUser({ rol: "Bodega" });
    const token = await tokenOf(u.correo, u.contrasena);
    const token2 = await tokenOf(u.correo, u.contrasena);
    expect((await t.request({ method: "POST", url: "/api/logout", token: token2 })).statusCode).toBe(204);
    const res = await t.request({ method: "PUT", url: `/api/usuarios/${u.id}`, as: "Gerencia", payload: { activo: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json().activo).toBe(false);
    expect((await t.request({ method: "POST", url: "/api/logout", token })).statusCode).toBe(401);
    const refused = await login(u.correo, u.contrasena);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe("Correo o contraseña incorrectos");
    const open = await t.database.pool.query("select count(*)::int as n from sesiones where usuario_id = $1 and revocada_en is null", [u.id]);
    expect(open.rows[0].n).toBe(0);
    expect((await auditFor(u.id)).at(-1)!.cambios).toMatchObject({ activo: false, anterior: { activo: true }, sesiones_revocadas: 1 });

    const back = await t.request({ method: "PUT", url: `/api/usuarios/${u.id}`, as: "Gerencia", payload: { activo: true } });
    expect(back.json().activo).toBe(true);
    expect((await t.request({ method: "POST", url: "/api/logout", token })).statusCode).toBe(401); // old sessions stay ended
    expect((await login(u.correo, u.contrasena)).statusCode).toBe(200);
  });

  it("a new password ends the user's sessions; old password refused, new one works; no password in the audit", async () => {
    const u = await createUser();
    const token = await tokenOf(u.correo, u.contrasena);
    const res = await t.request({ method: "PUT", url: `/api/usuarios/${u.id}`, as: "Informático", payload: { contrasena: "otra-clave-9" } });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: "POST", url: "/api/logout", token })).statusCode).toBe(401);
    expect((await login(u.correo, u.contrasena)).statusCode).toBe(401);
    expect((await login(u.correo, "otra-clave-9")).statusCode).toBe(200);
    const a = (await auditFor(u.id)).at(-1)!;
    expect(a.cambios.contrasena).toBe("[oculto]");
    expect(JSON.stringify(a.cambios)).not.toMatch(/otra-clave-9|argon2/);
  });

  it("an empty or null password in an edit form keeps the current one", async () => {
    const u = await createUser();
    for (const contrasena of ["", null]) {
      const res = await t.request({ method: "PUT", url: `/api/usuarios/${u.id}`, as: "Informático", payload: { nombre: "Igual", contrasena } });
      expect(res.statusCode).toBe(200);
    }
    expect((await login(u.correo, u.contrasena)).statusCode).toBe(200);
  });

  it("an update that changes nothing writes nothing", async () => {
    const u = await createUser();
    const before = await counts();
    const res = await t.request({ method: "PUT", url: `/api/usuarios/${u.id}`, as: "Informático", payload: { nombre: u.nombre, rol: u.rol } });
    expect(res.statusCode).toBe(200);
    expect(await counts()).toEqual(before);
  });

  const bad: [string, unknown, string][] = [
    ["empty body", {}, "_"],
    ["short password", { contrasena: "12345" }, "contrasena"],
    ["unknown role", { rol: "Jefe" }, "rol"],
    ["blank name", { nombre: " " }, "nombre"],
    ["bad address", { correo: "a@" }, "correo"],
    ["activo as text", { activo: "false" }, "activo"],
  ];
  for (const [label, payload, field] of bad) {
    it(`400 for ${label}, nothing written`, async () => {
      const u = await createUser();
      const before = await counts();
      const res = await t.request({ method: "PUT", url: `/api/usuarios/${u.id}`, as: "Informático", payload: payload as object });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field], res.body).toBeDefined();
      expect(await counts()).toEqual(before);
      expect((await t.request({ method: "GET", url: `/api/usuarios/${u.id}`, as: "Informático" })).json()).toMatchObject({ nombre: u.nombre, rol: u.rol });
    });
  }

  it("404 for an unknown user, nothing written", async () => {
    const before = await counts();
    const res = await t.request({ method: "PUT", url: "/api/usuarios/999999", as: "Informático", payload: { nombre: "Nadie" } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Usuario no encontrado");
    expect(await counts()).toEqual(before);
  });

  it("409 for an address another user has, nothing written", async () => {
    const a = await createUser();
    const b = await createUser();
    const before = await counts();
    const res = await t.request({ method: "PUT", url: `/api/usuarios/${b.id}`, as: "Informático", payload: { correo: a.correo, nombre: "Cambio" } });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.correo).toEqual([MSG_TAKEN]);
    expect(await counts()).toEqual(before);
    expect((await t.request({ method: "GET", url: `/api/usuarios/${b.id}`, as: "Informático" })).json().nombre).toBe(b.nombre);
  });

  it("an administrator can neither deactivate themselves nor change their own role (409: 32.3.2), but may change their own password", async () => {
    const me = await createUser({ rol: "Gerencia" });
    const token = await tokenOf(me.correo, me.contrasena);
    const before = await counts();
    const off = await t.request({ method: "PUT", url: `/api/usuarios/${me.id}`, token, payload: { activo: false } });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe("No puede desactivar su propia cuenta. Otro administrador debe hacerlo.");
    const down = await t.request({ method: "PUT", url: `/api/usuarios/${me.id}`, token, payload: { rol: "Ventas", nombre: "Otro" } });
    expect(down.statusCode).toBe(409);
    expect(down.json().errors.rol).toEqual(["No puede cambiar su propio rol. Otro administrador debe hacerlo."]);
    expect(await counts()).toEqual(before);
    const mine = await t.request({ method: "GET", url: `/api/usuarios/${me.id}`, token });
    expect(mine.json()).toMatchObject({ rol: "Gerencia", activo: true, nombre: me.nombre });

    const sideways = await t.request({ method: "PUT", url: `/api/usuarios/${me.id}`, token, payload: { rol: "Informático" } });
    expect(sideways.statusCode).toBe(409);
    // a new password for oneself keeps the session in use
    const pw = await t.request({ method: "PUT", url: `/api/usuarios/${me.id}`, token, payload: { contrasena: "mi-nueva-1" } });
    expect(pw.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/api/usuarios/${me.id}`, token })).statusCode).toBe(200);
  });

  it("two administrators demoting each other at the same time never leave the system without one", async () => {
    // Both Informático: only Informático changes an Informático's role (32.3.2).
    const a = await createUser({ rol: "Informático" });
    const b = await createUser({ rol: "Informático" });
    // only a and b are active administrators
    await t.database.pool.query("update usuarios set activo = false where rol in ('Informático','Gerencia') and id not in ($1, $2)", [a.id, b.id]);
    const ta = await tokenOf(a.correo, a.contrasena);
    const tb = await tokenOf(b.correo, b.contrasena);
    const [ra, rb] = await Promise.all([
      t.request({ method: "PUT", url: `/api/usuarios/${b.id}`, token: ta, payload: { rol: "Ventas" } }),
      t.request({ method: "PUT", url: `/api/usuarios/${a.id}`, token: tb, payload: { rol: "Ventas" } }),
    ]);
    expect([ra.statusCode, rb.statusCode].filter((s) => s === 200)).toHaveLength(1);
    const admins = await t.database.pool.query("select count(*)::int as n from usuarios where activo and rol in ('Informático','Gerencia')");
    expect(admins.rows[0].n).toBe(1);
    // put the other administrators back for the remaining tests
    await t.database.pool.query("update usuarios set activo = true where rol in ('Informático','Gerencia')");
    await t.database.pool.query("update usuarios set rol = 'Gerencia' where id in ($1, $2)", [a.id, b.id]);
    // the ones tokenFor() created were deactivated above: their sessions are still open and valid again
    expect((await t.request({ method: "GET", url: "/api/usuarios", as: "Informático" })).statusCode).toBe(200);
  });

  it("401 / 403, nothing written", async () => {
    const u = await createUser();
    await t.tokenFor("Ventas");
    const before = await counts();
    expect((await t.request({ method: "PUT", url: `/api/usuarios/${u.id}`, payload: { activo: false } })).statusCode).toBe(401);
    expect((await t.request({ method: "PUT", url: `/api/usuarios/${u.id}`, payload: { activo: false }, as: "Ventas" })).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe("DELETE api/usuarios/{id} (the declared resource's, with the users' hooks)", () => {
  it("deletes a user and their sessions, audited with the row and without the password", async () => {
    const u = await createUser();
    await tokenOf(u.correo, u.contrasena);
    const res = await t.request({ method: "DELETE", url: `/api/usuarios/${u.id}`, as: "Gerencia" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, correo: u.correo });
    expect((await t.request({ method: "GET", url: `/api/usuarios/${u.id}`, as: "Gerencia" })).statusCode).toBe(404);
    const left = await t.database.pool.query("select count(*)::int as n from sesiones where usuario_id = $1", [u.id]);
    expect(left.rows[0].n).toBe(0);
    const a = (await auditFor(u.id)).at(-1)!;
    expect(a).toMatchObject({ ruta: "DELETE /api/usuarios/:id", cambios: { eliminado: { id: u.id, correo: u.correo } } });
    expect(JSON.stringify(a.cambios)).not.toMatch(/argon2|password/);
    expect((await login(u.correo, u.contrasena)).statusCode).toBe(401);
  });

  it("nobody deletes their own account (409, nothing written)", async () => {
    const me = await createUser({ rol: "Gerencia" });
    const token = await tokenOf(me.correo, me.contrasena);
    const before = await counts();
    const self = await t.request({ method: "DELETE", url: `/api/usuarios/${me.id}`, token });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe("No puede eliminar su propia cuenta. Otro administrador debe hacerlo.");
    expect(await counts()).toEqual(before);
  });

  it("two administrators deleting each other at the same time never leave the system without one", async () => {
    const a = await createUser({ rol: "Informático" });
    const b = await createUser({ rol: "Informático" });
    await t.database.pool.query("update usuarios set activo = false where rol in ('Informático','Gerencia') and id not in ($1, $2)", [a.id, b.id]);
    try {
      const ta = await tokenOf(a.correo, a.contrasena);
      const tb = await tokenOf(b.correo, b.contrasena);
      const [ra, rb] = await Promise.all([
        t.request({ method: "DELETE", url: `/api/usuarios/${b.id}`, token: ta }),
        t.request({ method: "DELETE", url: `/api/usuarios/${a.id}`, token: tb }),
      ]);
      expect([ra.statusCode, rb.statusCode].filter((s) => s === 200)).toHaveLength(1);
      const refused = ra.statusCode === 200 ? rb : ra;
      if (refused.statusCode === 409) expect(refused.json().message).toBe("No se puede dejar el sistema sin un administrador activo (Informático o Gerencia).");
      else expect(refused.statusCode).toBe(401); // its session ended with its account before it was checked
      const admins = await t.database.pool.query("select count(*)::int as n from usuarios where activo and rol in ('Informático','Gerencia')");
      expect(admins.rows[0].n).toBe(1);
    } finally {
      await t.database.pool.query("update usuarios set activo = true where rol in ('Informático','Gerencia')");
    }
  });

  it("409 for a user other records name (a vehicle's responsable), 404 for none, 401/403 for others", async () => {
    const u = await createUser();
    const v = await t.request({ method: "POST", url: "/api/vehiculos", as: "Gerencia", payload: { patente: "BBBB09", marca: "Marca", modelo: "Modelo", anio: 2020, vencimiento_revision_tecnica: null, vencimiento_permiso_circulacion: null, responsable_id: u.id } });
    expect(v.statusCode, v.body).toBe(201);
    const before = await counts();
    const res = await t.request({ method: "DELETE", url: `/api/usuarios/${u.id}`, as: "Informático" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("No se puede eliminar el usuario: otros registros lo usan.");
    expect(await counts()).toEqual(before);
    expect((await t.request({ method: "DELETE", url: "/api/usuarios/999999", as: "Informático" })).json()).toEqual({ message: "Usuario no encontrado", errors: {} });
    expect((await t.request({ method: "DELETE", url: `/api/usuarios/${u.id}` })).statusCode).toBe(401);
    expect((await t.request({ method: "DELETE", url: `/api/usuarios/${u.id}`, as: "Ventas" })).statusCode).toBe(403);
  });
});

describe("telefono (issue 20: the quote PDF prints the salesperson's own phone)", () => {
  const MSG_TEL = "Teléfono inválido: use un número chileno de 9 dígitos, p. ej. +56 9 1234 5678";

  it("is optional: a user created without it has null", async () => {
    const u = await createUser();
    expect((u as unknown as { telefono: unknown }).telefono).toBeNull();
  });

  it("POST stores it trimmed and audits it; GET answers it", async () => {
    const u = await createUser({ telefono: "  +56 9 8765 4321 " });
    expect(u).toMatchObject({ telefono: "+56 9 8765 4321" });
    expect((await auditFor(u.id))[0].cambios).toMatchObject({ telefono: "+56 9 8765 4321" });
    const got = await t.request({ method: "GET", url: `/api/usuarios/${u.id}`, as: "Gerencia" });
    expect(got.json().telefono).toBe("+56 9 8765 4321");
  });

  it.each([
    ["letters", "llamar al jefe"],
    ["too few digits", "9 1234 567"],
    ["too many digits", "+56 9 1234 56789"],
    ["a number", 987654321],
  ])("POST 400 for %s, nothing written", async (_label, telefono) => {
    const before = await counts();
    const res = await t.request({ method: "POST", url: "/api/usuarios", as: "Informático", payload: { nombre: "X", correo: uniqueCorreo(), rol: "Ventas", contrasena: "secreta1", telefono } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.telefono).toBeDefined();
    if (typeof telefono === "string") expect(res.json().errors.telefono).toEqual([MSG_TEL]);
    expect(await counts()).toEqual(before);
  });

  it("PUT sets, changes and clears it (audited with the old value); 400 for a bad one, nothing written", async () => {
    const u = await createUser();
    const put = (telefono: unknown) => t.request({ method: "PUT", url: `/api/usuarios/${u.id}`, as: "Informático", payload: { telefono } });
    expect((await put("22 948 3100")).json()).toMatchObject({ telefono: "22 948 3100" });
    expect((await put("+56912345678")).json()).toMatchObject({ telefono: "+56912345678" });
    expect((await put("")).json()).toMatchObject({ telefono: null });
    const audit = await auditFor(u.id);
    expect(audit.slice(-2).map((a) => a.cambios)).toEqual([
      { telefono: "+56912345678", anterior: { telefono: "22 948 3100" } },
      { telefono: null, anterior: { telefono: "+56912345678" } },
    ]);
    const before = await counts();
    const bad = await put("123");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.telefono).toEqual([MSG_TEL]);
    expect(await counts()).toEqual(before);
    expect((await t.request({ method: "PUT", url: "/api/usuarios/999999", as: "Informático", payload: { telefono: "+56 9 1234 5678" } })).statusCode).toBe(404);
    expect((await t.request({ method: "PUT", url: `/api/usuarios/${u.id}`, payload: { telefono: "+56 9 1234 5678" } })).statusCode).toBe(401);
    expect((await t.request({ method: "PUT", url: `/api/usuarios/${u.id}`, as: "Ventas", payload: { telefono: "+56 9 1234 5678" } })).statusCode).toBe(403);
  });

  it("GET api/presupuestos/{id}/vendedor answers the salesperson's own phone", async () => {
    const u = await createUser({ rol: "Ventas", telefono: "+56 9 5555 0101" });
    const token = await tokenOf(u.correo, u.contrasena);
    const cliente = await t.app.inject({ method: "POST", url: "/api/clientes", headers: { authorization: `Bearer ${token}` }, payload: { nombre: `Cliente ${Date.now()}` } });
    expect(cliente.statusCode, cliente.body).toBe(201);
    const p = await t.app.inject({ method: "POST", url: "/api/presupuestos", headers: { authorization: `Bearer ${token}` }, payload: { numero: `T-${Date.now()}`, cliente_id: cliente.json().id } });
    expect(p.statusCode, p.body).toBe(201);
    const res = await t.request({ method: "GET", url: `/api/presupuestos/${p.json().id}/vendedor`, as: "Ventas" });
    expect(res.json()).toEqual({ vendedor: { nombre: "Persona de Prueba", correo: u.correo, telefono: "+56 9 5555 0101" } });
  });
});

describe("PUT api/usuarios/{id}/cambiar-contrasena", () => {
  const url = (id: number) => `/api/usuarios/${id}/cambiar-contrasena`;

  it("own account: answers the message, the new password works, the other sessions end, this one stays", async () => {
    const u = await createUser({ rol: "Bodega" });
    const current = await tokenOf(u.correo, u.contrasena);
    const other = await tokenOf(u.correo, u.contrasena);
    const res = await t.request({ method: "PUT", url: url(u.id), token: current, payload: { nuevaContrasena: "nueva-123" } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Contraseña actualizada con éxito" });
    expect((await login(u.correo, u.contrasena)).statusCode).toBe(401);
    expect((await login(u.correo, "nueva-123")).statusCode).toBe(200);
    expect((await t.request({ method: "POST", url: "/api/logout", token: other })).statusCode).toBe(401);
    expect((await t.request({ method: "PUT", url: url(u.id), token: current, payload: { nuevaContrasena: "nueva-456" } })).statusCode).toBe(200);
    const a = (await auditFor(u.id)).at(-1)!;
    expect(a).toMatchObject({ ruta: "PUT /api/usuarios/:id/cambiar-contrasena", usuario_id: u.id });
    expect(JSON.stringify(a.cambios)).not.toMatch(/nueva-456|argon2/);
  });

  it("Informático and Gerencia may change anyone's; that user's sessions end", async () => {
    for (const admin of ["Informático", "Gerencia"] as const) {
      const u = await createUser();
      const token = await tokenOf(u.correo, u.contrasena);
      const res = await t.request({ method: "PUT", url: url(u.id), as: admin, payload: { nuevaContrasena: "puesta-por-admin" } });
      expect(res.statusCode).toBe(200);
      expect((await t.request({ method: "POST", url: "/api/logout", token })).statusCode).toBe(401);
      expect((await login(u.correo, "puesta-por-admin")).statusCode).toBe(200);
    }
  });

  it("403 for another user's account (whether or not it exists), nothing written", async () => {
    const victim = await createUser();
    for (const role of ["Ventas", "Bodega", "Contabilidad"] as const) {
      await t.tokenFor(role);
      const before = await counts();
      for (const id of [victim.id, 999999]) {
        const res = await t.request({ method: "PUT", url: url(id), as: role, payload: { nuevaContrasena: "robada-123" } });
        expect(res.statusCode, role).toBe(403);
        expect(res.json().message).toBe("Solo puede cambiar su propia contraseña.");
      }
      expect(await counts()).toEqual(before);
    }
    expect((await login(victim.correo, victim.contrasena)).statusCode).toBe(200);
  });

  it("400 for a short or missing password, nothing written", async () => {
    const id = await t.userIdFor("Ventas");
    for (const payload of [{ nuevaContrasena: "12345" }, {}, { nuevaContrasena: 123456 }, { contrasena: "larga-suficiente" }]) {
      const before = await counts();
      const res = await t.request({ method: "PUT", url: url(id), as: "Ventas", payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.nuevaContrasena).toEqual([MSG_SHORT]);
      expect(await counts()).toEqual(before);
    }
    expect((await login("ventas@test.cl", PASSWORD)).statusCode).toBe(200);
  });

  it("404 for an unknown user (administrator), 401 without a session", async () => {
    const res = await t.request({ method: "PUT", url: url(999999), as: "Informático", payload: { nuevaContrasena: "secreta1" } });
    expect(res.statusCode).toBe(404);
    expect((await t.request({ method: "PUT", url: url(1), payload: { nuevaContrasena: "secreta1" } })).statusCode).toBe(401);
  });
});
