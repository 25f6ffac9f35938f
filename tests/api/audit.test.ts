// The audit table: every write leaves who/when/route/entity/id/fields; the database
// itself refuses to change or remove audit rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { write } from "../../server/services/write";
import { ADMIN, createTestServer, type TestServer } from "../helpers";

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

const rowsFor = async (entidad: string, id: string | number) =>
  (await t.database.pool.query("select * from auditoria where entidad = $1 and entidad_id = $2 order by id", [entidad, String(id)])).rows;

describe("audit rows", () => {
  it("a write records when, who, the route, the entity and id, and the fields", async () => {
    const adminId = await t.userIdFor("Informático");
    const started = Date.now();
    const res = await t.request({
      method: "POST",
      url: "/api/usuarios",
      as: "Informático",
      payload: { nombre: "Auditada", correo: "auditada@ejemplo.cl", rol: "Ventas", contrasena: "secreta1" },
    });
    const id = res.json().id;
    const [row] = await rowsFor("usuarios", id);
    expect(row).toMatchObject({
      usuario_id: adminId,
      ruta: "POST /api/usuarios",
      entidad: "usuarios",
      entidad_id: String(id),
      cambios: { nombre: "Auditada", correo: "auditada@ejemplo.cl", rol: "Ventas", activo: true },
    });
    expect(Math.abs(new Date(row.fecha).getTime() - started)).toBeLessThan(60_000);

    await t.request({ method: "PUT", url: `/api/usuarios/${id}`, as: "Informático", payload: { rol: "Bodega" } });
    const rows = await rowsFor("usuarios", id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ ruta: "PUT /api/usuarios/:id", cambios: { rol: "Bodega", anterior: { rol: "Ventas" } } });
  });

  it("logins and logouts are recorded against the session", async () => {
    const login = await t.request({ method: "POST", url: "/api/login", payload: ADMIN });
    const { token, usuario } = login.json();
    const last = async () => (await t.database.pool.query("select * from auditoria order by id desc limit 1")).rows[0];
    expect(await last()).toMatchObject({ usuario_id: usuario.id, ruta: "POST /api/login", entidad: "sesiones", cambios: { accion: "login" } });
    await t.request({ method: "POST", url: "/api/logout", token });
    expect(await last()).toMatchObject({ usuario_id: usuario.id, ruta: "POST /api/logout", entidad: "sesiones", cambios: { accion: "logout" } });
  });

  it("secrets never reach the audit row", async () => {
    await write({ db: t.database.db, user: null, route: "prueba" }, (_tx, audit) =>
      audit({ entity: "prueba", entityId: "secretos", changes: { contrasena: "abc", nuevaContrasena: "def", password_hash: "x", token: "y", nombre: "visible" } }),
    );
    const [row] = await rowsFor("prueba", "secretos");
    expect(row.cambios).toEqual({ contrasena: "[oculto]", nuevaContrasena: "[oculto]", password_hash: "[oculto]", token: "[oculto]", nombre: "visible" });
  });

  it("a write that fails leaves no audit row (same transaction)", async () => {
    const before = await t.count("auditoria");
    await expect(
      write({ db: t.database.db, user: null, route: "prueba" }, async (_tx, audit) => {
        await audit({ entity: "prueba", entityId: "fallida" });
        throw new Error("falla después de auditar");
      }),
    ).rejects.toThrow("falla después de auditar");
    expect(await t.count("auditoria")).toBe(before);
  });

  it("the database refuses UPDATE, DELETE and TRUNCATE on auditoria", async () => {
    const before = await t.count("auditoria");
    expect(before).toBeGreaterThan(0);
    await expect(t.database.pool.query("update auditoria set ruta = 'cambiada'")).rejects.toThrow(/solo inserción/);
    await expect(t.database.pool.query("delete from auditoria")).rejects.toThrow(/solo inserción/);
    await expect(t.database.pool.query("truncate auditoria")).rejects.toThrow(/solo inserción/);
    expect(await t.count("auditoria")).toBe(before);
    const changed = await t.database.pool.query("select count(*)::int as n from auditoria where ruta = 'cambiada'");
    expect(changed.rows[0].n).toBe(0);
  });
});
