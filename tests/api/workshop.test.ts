// Workshop and workers: every call of specification section 7 "Workshop and workers".
// On PGlite (npm test) and PostgreSQL (npm run test:api:pg).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INSTALADOR_EMPRESA, INSTALADOR_RETIRO_EN_PLANTA, INSTALADORES } from "../../src/config/empresa";
import { MSG_PERIODO_INVALIDO } from "../../src/domain/workshop/periods";
import { utvUnits, utvValue } from "../../src/domain/workshop/production";
import { usuarios } from "../../server/db/schema";
import { hashPassword } from "../../server/services/auth/tokens";
import { createTestServer, PASSWORD, type TestServer } from "../helpers";

let t: TestServer;
/** A signed-in user whose role is outside the role table: 403 everywhere. */
let outsider: string;

const req = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, token?: string) =>
  t.request({ method, url, payload: payload as object, ...(token ? { token } : { as: "Bodega" as const }) });

async function counts() {
  return {
    utv: await t.count("taller_utv"),
    termopanel: await t.count("taller_termopanel"),
    trabajadores: await t.count("trabajadores"),
    auditoria: await t.count("auditoria"),
  };
}
async function lastAudit() {
  const r = await t.database.pool.query("select entidad, entidad_id, ruta, cambios from auditoria order by id desc limit 1");
  return r.rows[0];
}

const utvBody = {
  fecha: "2026-03-05",
  nombre_pauta: "Edificio Mirador",
  numero_pauta: "P-101",
  tipo: "PVC",
  fijo: 2,
  doble_corredera_fijo: 1,
  proyectante: 3,
  oscilobatiente: 1,
  doble_corredera: 4,
  marco_puerta: 1,
  marcos_adicionales: 3,
  comentario_marcos: "tres marcos",
  otro: 1,
  comentario_otro: "ventana redonda",
  valor_m2: 3000,
  m2_instalador: 12.5,
  instalador: INSTALADOR_EMPRESA,
};

beforeAll(async () => {
  t = await createTestServer();
  await t.tokenFor("Bodega");
  await t.database.db.insert(usuarios).values({ nombre: "Externo", correo: "externo@test.cl", rol: "Externo" as never, password_hash: await hashPassword(PASSWORD) });
  const login = await t.app.inject({ method: "POST", url: "/api/login", payload: { correo: "externo@test.cl", contrasena: PASSWORD } });
  outsider = login.json().token;
});
afterAll(() => t.close());

describe("api/taller/utv", () => {
  let id: number;

  it("POST stores the record with the fixed installer's spelling (201 + audit row); the UTV figures follow section 9", async () => {
    const before = await counts();
    const res = await req("POST", "/api/taller/utv", { ...utvBody, instalador: ` ${INSTALADOR_EMPRESA.toUpperCase()} `, tipo: "aluminio" });
    expect(res.statusCode).toBe(201);
    const row = res.json();
    id = row.id;
    expect(row).toMatchObject({ ...utvBody, tipo: "Aluminio", instalador: INSTALADOR_EMPRESA });
    // 2×0,5 + 1×2 + 3×1 + 1×1 + 4×2 + 1×2,5 + 3×0,5 + 1×0,25 = 19,25 UTV × 3000 = 57.750
    expect(utvUnits(row)).toBe(19.25);
    expect(utvValue(row)).toBe(57_750);
    expect(await counts()).toMatchObject({ utv: before.utv + 1, auditoria: before.auditoria + 1 });
    expect(await lastAudit()).toMatchObject({ entidad: "taller_utv", entidad_id: String(id), ruta: "POST /api/taller/utv" });
  });

  it("POST defaults: type PVC, counts 0, valor_m2 3000, no installer", async () => {
    const res = await req("POST", "/api/taller/utv", { fecha: "2026-03-20" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ tipo: "PVC", fijo: 0, otro: 0, valor_m2: 3000, m2_instalador: 0, instalador: null });
  });

  it("POST 400 with nothing written: missing date, bad type, negative or fractional count, unknown installer", async () => {
    const before = await counts();
    const res = await req("POST", "/api/taller/utv", { tipo: "Madera", fijo: -1, proyectante: 1.5, instalador: "Fulano", valor_m2: "abc" });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(["fecha", "fijo", "instalador", "proyectante", "tipo", "valor_m2"]);
    expect(res.json().errors.fecha).toEqual(["La fecha es obligatoria."]);
    expect(await counts()).toEqual(before);
  });

  it("GET filters by mes and anio (Santiago calendar month) and pages with X-Total-Count", async () => {
    await req("POST", "/api/taller/utv", { ...utvBody, fecha: "2026-04-01" });
    await req("POST", "/api/taller/utv", { ...utvBody, fecha: "2026-02-28" });
    const march = await req("GET", "/api/taller/utv?mes=03&anio=2026");
    expect(march.statusCode).toBe(200);
    expect(march.json().map((r: { fecha: string }) => r.fecha)).toEqual(["2026-03-05", "2026-03-20"]);
    const page = await req("GET", "/api/taller/utv?mes=3&anio=2026&_start=0&_end=1&_sort=fecha&_order=desc");
    expect(page.json().map((r: { fecha: string }) => r.fecha)).toEqual(["2026-03-20"]);
    expect(page.headers["x-total-count"]).toBe("2");
    const q = await req("GET", "/api/taller/utv?mes=03&anio=2026&q=mirador");
    expect(q.json()).toHaveLength(1);
  });

  it("GET 400 on a bad month, a lone year or an undeclared parameter", async () => {
    for (const qs of ["mes=13&anio=2026", "anio=2026", "mes=03&anio=2026&color=rojo"]) {
      const res = await req("GET", `/api/taller/utv?${qs}`);
      expect(res.statusCode, qs).toBe(400);
    }
    expect((await req("GET", "/api/taller/utv?mes=13&anio=2026")).json().errors.mes).toEqual([MSG_PERIODO_INVALIDO]);
  });

  it("PUT updates the whole record (audit of the changed fields); 404 unknown; 400 writes nothing", async () => {
    const res = await req("PUT", `/api/taller/utv/${id}`, { ...utvBody, fijo: 10, comentario_otro: "" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, fijo: 10, comentario_otro: null });
    expect((await lastAudit()).cambios).toMatchObject({ fijo: { antes: 2, despues: 10 } });
    expect((await req("PUT", "/api/taller/utv/999999", utvBody)).statusCode).toBe(404);
    const before = await counts();
    const bad = await req("PUT", `/api/taller/utv/${id}`, { ...utvBody, fecha: "2026-02-30" });
    expect(bad.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("PUT instalador changes it in place; installations follow the company's own installs only", async () => {
    let inst = await req("GET", "/api/taller/instalaciones?mes=03&anio=2026");
    expect(inst.json()).toEqual([
      { id, fecha: "2026-03-05", nombre_pauta: "Edificio Mirador", numero_pauta: "P-101", instalador: INSTALADOR_EMPRESA, m2_rectificacion: 12.5, valor_m2: 3000, valor_instalacion: 37_500 },
    ]);
    const res = await req("PUT", `/api/taller/utv/${id}/instalador`, { instalador: INSTALADOR_RETIRO_EN_PLANTA });
    expect(res.statusCode).toBe(200);
    expect(res.json().instalador).toBe(INSTALADOR_RETIRO_EN_PLANTA);
    expect((await lastAudit()).cambios).toEqual({ instalador: { antes: INSTALADOR_EMPRESA, despues: INSTALADOR_RETIRO_EN_PLANTA } });
    inst = await req("GET", "/api/taller/instalaciones?mes=03&anio=2026");
    expect(inst.json()).toEqual([]);
    expect(INSTALADORES).toHaveLength(6);
  });

  it("PUT instalador: 400 for a name off the list (nothing written), 404 unknown record", async () => {
    const before = await counts();
    const bad = await req("PUT", `/api/taller/utv/${id}/instalador`, { instalador: "Fulano" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.instalador).toEqual(["Instalador inválido: elija uno de la lista."]);
    expect(await counts()).toEqual(before);
    expect((await req("PUT", "/api/taller/utv/999999/instalador", { instalador: INSTALADOR_EMPRESA })).statusCode).toBe(404);
  });

  it("DELETE removes it (audit keeps the row), then 404", async () => {
    const before = await counts();
    const res = await req("DELETE", `/api/taller/utv/${id}`);
    expect(res.statusCode).toBe(204);
    expect(await counts()).toMatchObject({ utv: before.utv - 1, auditoria: before.auditoria + 1 });
    expect((await lastAudit()).cambios.eliminado).toMatchObject({ id, nombre_pauta: "Edificio Mirador" });
    expect((await req("DELETE", `/api/taller/utv/${id}`)).statusCode).toBe(404);
    expect((await req("DELETE", "/api/taller/utv/abc")).statusCode).toBe(400);
  });
});

describe("api/taller/termopanel", () => {
  let id: number;

  it("POST computes m2 on the server: 1200 × 1500 mm × 2 = 3,60 m2 (an m2 sent is ignored)", async () => {
    const before = await counts();
    const res = await req("POST", "/api/taller/termopanel", { fecha: "2026-03-10", cliente: "Casa Pérez", cantidad: 2, ancho_mm: 1200, alto_mm: 1500, m2: 99, observaciones: "4-12-4" });
    expect(res.statusCode).toBe(201);
    id = res.json().id;
    expect(res.json()).toMatchObject({ cantidad: 2, ancho_mm: 1200, alto_mm: 1500, m2: 3.6, valor_m2: 1500, cliente: "Casa Pérez" });
    expect(await counts()).toMatchObject({ termopanel: before.termopanel + 1, auditoria: before.auditoria + 1 });
    expect(await lastAudit()).toMatchObject({ entidad: "taller_termopanel", entidad_id: String(id) });
  });

  it("POST 400 with nothing written: no measures, quantity 0", async () => {
    const before = await counts();
    const res = await req("POST", "/api/taller/termopanel", { fecha: "2026-03-10", cantidad: 0 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(["alto_mm", "ancho_mm", "cantidad"]);
    expect(await counts()).toEqual(before);
  });

  it("GET by month; DELETE then 404", async () => {
    await req("POST", "/api/taller/termopanel", { fecha: "2026-04-02", ancho_mm: 1000, alto_mm: 1000 });
    expect((await req("GET", "/api/taller/termopanel?mes=03&anio=2026")).json().map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await req("GET", "/api/taller/termopanel?mes=04&anio=2026")).json()).toMatchObject([{ m2: 1, cantidad: 1 }]);
    expect((await req("DELETE", `/api/taller/termopanel/${id}`)).statusCode).toBe(204);
    expect((await lastAudit()).cambios.eliminado).toMatchObject({ id, m2: 3.6 });
    expect((await req("DELETE", `/api/taller/termopanel/${id}`)).statusCode).toBe(404);
  });
});

describe("api/trabajadores", () => {
  let ana: number;

  it("POST computes the hours (days × 9; + extra − delay) and audits", async () => {
    const before = await counts();
    const res = await req("POST", "/api/trabajadores", { periodo: "2026-03", nombre: "Ana Soto", dias_trab: 20, horas_extras: 2.5, horas_retraso: 1.25, observacion: "licencia 1 día" });
    expect(res.statusCode).toBe(201);
    ana = res.json().id;
    expect(res.json()).toMatchObject({ periodo: "2026-03", nombre: "Ana Soto", dias_trab: 20, horas_trab: 180, horas_extras: 2.5, horas_retraso: 1.25, horas_acum_trab: 181.25 });
    expect(await counts()).toMatchObject({ trabajadores: before.trabajadores + 1, auditoria: before.auditoria + 1 });
  });

  it("POST 409 for the same name in the period (ignoring case), nothing written; another period is fine", async () => {
    const before = await counts();
    const dup = await req("POST", "/api/trabajadores", { periodo: "2026-03", nombre: "ana soto" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.nombre).toEqual(["Ya existe un trabajador con ese nombre en Marzo 2026."]);
    expect(await counts()).toEqual(before);
    expect((await req("POST", "/api/trabajadores", { periodo: "2026-04", nombre: "Ana Soto" })).statusCode).toBe(201);
  });

  it("POST 400 with nothing written: no name, bad period, quarter steps, 29 days in February 2026", async () => {
    const before = await counts();
    const res = await req("POST", "/api/trabajadores", { periodo: "2026-13", nombre: " ", dias_trab: -1, horas_extras: 0.3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ periodo: [MSG_PERIODO_INVALIDO], nombre: ["El nombre es obligatorio."], horas_extras: ["Use pasos de 0,25 horas."] });
    const feb = await req("POST", "/api/trabajadores", { periodo: "2026-02", nombre: "Luis", dias_trab: 29 });
    expect(feb.statusCode).toBe(400);
    expect(feb.json().errors.dias_trab).toEqual(["Febrero 2026 tiene 28 días."]);
    expect(await counts()).toEqual(before);
  });

  it("GET ?periodo= gives the period's roster by name; 400 for a malformed period", async () => {
    await req("POST", "/api/trabajadores", { periodo: "2026-03", nombre: "Bruno Díaz", dias_trab: 22 });
    const res = await req("GET", "/api/trabajadores?periodo=2026-03");
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { nombre: string }) => r.nombre)).toEqual(["Ana Soto", "Bruno Díaz"]);
    const bad = await req("GET", "/api/trabajadores?periodo=2026-3");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.periodo).toEqual([MSG_PERIODO_INVALIDO]);
  });

  it("PUT recomputes the hours, keeps the period when not sent; 404; 409 on a name taken; 400 writes nothing", async () => {
    const res = await req("PUT", `/api/trabajadores/${ana}`, { nombre: "Ana Soto", dias_trab: 21, horas_extras: 0, horas_retraso: 200 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ periodo: "2026-03", horas_trab: 189, horas_acum_trab: 0 });
    expect((await lastAudit()).cambios).toMatchObject({ dias_trab: { antes: 20, despues: 21 } });
    expect((await req("PUT", "/api/trabajadores/999999", { nombre: "X" })).statusCode).toBe(404);
    expect((await req("PUT", `/api/trabajadores/${ana}`, { nombre: "BRUNO DÍAZ" })).statusCode).toBe(409);
    const before = await counts();
    expect((await req("PUT", `/api/trabajadores/${ana}`, { nombre: "Ana Soto", horas_retraso: -1 })).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("POST copiar copies the names with every figure at 0 and skips names already there", async () => {
    const before = await counts();
    const res = await req("POST", "/api/trabajadores/copiar?de=2026-03&a=2026-04");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Planilla copiada desde 2026-03.", de: "2026-03", a: "2026-04", copiados: 1, omitidos: 1 });
    const april = (await req("GET", "/api/trabajadores?periodo=2026-04")).json();
    expect(april.map((r: { nombre: string }) => r.nombre)).toEqual(["Ana Soto", "Bruno Díaz"]);
    expect(april[1]).toMatchObject({ dias_trab: 0, horas_trab: 0, horas_extras: 0, horas_retraso: 0, horas_acum_trab: 0, observacion: null });
    expect(await counts()).toMatchObject({ trabajadores: before.trabajadores + 1, auditoria: before.auditoria + 1 });
    // Again: nothing new.
    expect((await req("POST", "/api/trabajadores/copiar?de=2026-03&a=2026-04")).json()).toMatchObject({ copiados: 0, omitidos: 2 });
  });

  it("POST copiar: 400 for a malformed period and 404 for an empty one, nothing written", async () => {
    const before = await counts();
    const bad = await req("POST", "/api/trabajadores/copiar?de=2026-3&a=2026-04");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.de).toEqual([MSG_PERIODO_INVALIDO]);
    expect((await req("POST", "/api/trabajadores/copiar?a=2026-04")).statusCode).toBe(400);
    const empty = await req("POST", "/api/trabajadores/copiar?de=2020-01&a=2020-02");
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe("No hay trabajadores en Enero 2020 para copiar.");
    expect(await counts()).toEqual(before);
  });

  it("DELETE removes the row (audit keeps it), then 404", async () => {
    expect((await req("DELETE", `/api/trabajadores/${ana}`)).statusCode).toBe(204);
    expect((await lastAudit()).cambios.eliminado).toMatchObject({ id: ana, nombre: "Ana Soto" });
    expect((await req("DELETE", `/api/trabajadores/${ana}`)).statusCode).toBe(404);
  });
});

describe("GET api/taller/resumen (ours)", () => {
  it("sums the month and splits it exactly as the pay PDF (attendance %) and the screen (accumulated hours)", async () => {
    const per = "2027-02";
    await req("POST", "/api/taller/utv", { fecha: "2027-02-03", fijo: 4, proyectante: 6, doble_corredera: 5, m2_instalador: 18.5, instalador: INSTALADOR_EMPRESA });
    await req("POST", "/api/taller/utv", { fecha: "2027-02-15", fijo: 2, doble_corredera: 3, marco_puerta: 1, instalador: INSTALADOR_RETIRO_EN_PLANTA });
    await req("POST", "/api/taller/utv", { fecha: "2027-03-01", fijo: 100 });
    await req("POST", "/api/taller/termopanel", { fecha: "2027-02-10", cantidad: 2, ancho_mm: 1200, alto_mm: 1500 });
    await req("POST", "/api/trabajadores", { periodo: per, nombre: "Ana", dias_trab: 20, horas_extras: 2.5, horas_retraso: 1.25 });
    await req("POST", "/api/trabajadores", { periodo: per, nombre: "Bruno", dias_trab: 28 });
    await req("POST", "/api/trabajadores", { periodo: per, nombre: "Carla", dias_trab: 18, horas_extras: 4, horas_retraso: 3 });
    const res = await req("GET", "/api/taller/resumen?mes=02&anio=2027");
    expect(res.statusCode).toBe(200);
    const r = res.json();
    // UTV: (2 + 6 + 10) + (1 + 6 + 2,5) = 27,5 × 3000 = 82.500; thermal 3,6 × 1500 = 5.400; installation 18,5 × 3000 = 55.500.
    expect(r).toMatchObject({ periodo: per, titulo: "Febrero 2027", total: 143_400, sin_asignar: 0 });
    expect(r.utv).toEqual({ registros: 2, unidades: 27.5, valor: 82_500 });
    expect(r.termopanel).toEqual({ registros: 1, m2: 3.6, valor: 5_400 });
    expect(r.instalacion).toEqual({ registros: 1, m2: 18.5, valor: 55_500 });
    const sum = (parts: { monto: number }[]) => parts.reduce((a, p) => a + p.monto, 0);
    expect(sum(r.reparto_asistencia)).toBe(143_400);
    expect(sum(r.reparto_horas)).toBe(143_400);
    expect(r.reparto_asistencia.map((p: { nombre: string }) => p.nombre)).toEqual(["Ana", "Bruno", "Carla"]);
    expect(r.reparto_asistencia[1].porcentaje_asistencia).toBe(100);
  });

  it("400 for a bad month or an unknown parameter", async () => {
    expect((await req("GET", "/api/taller/resumen?mes=13&anio=2027")).statusCode).toBe(400);
    expect((await req("GET", "/api/taller/resumen?mes=02&anio=2027&x=1")).statusCode).toBe(400);
  });
});

describe("retries", () => {
  it("a repeated Idempotency-Key writes once: POST taller/utv and taller/termopanel", async () => {
    const before = await counts();
    const send = (url: string, payload: unknown, key: string) => t.request({ method: "POST", url, as: "Bodega", payload: payload as object, headers: { "idempotency-key": key } });
    const a = await send("/api/taller/utv", { fecha: "2026-05-02", fijo: 1 }, "utv-1");
    const b = await send("/api/taller/utv", { fecha: "2026-05-02", fijo: 1 }, "utv-1");
    expect(b.statusCode).toBe(201);
    expect(b.json().id).toBe(a.json().id);
    await send("/api/taller/termopanel", { fecha: "2026-05-02", ancho_mm: 1000, alto_mm: 1000 }, "termo-1");
    await send("/api/taller/termopanel", { fecha: "2026-05-02", ancho_mm: 1000, alto_mm: 1000 }, "termo-1");
    expect(await counts()).toMatchObject({ utv: before.utv + 1, termopanel: before.termopanel + 1 });
  });
});

describe("access", () => {
  const calls: [("GET" | "POST" | "PUT" | "DELETE"), string][] = [
    ["GET", "/api/taller/utv?mes=03&anio=2026"],
    ["POST", "/api/taller/utv"],
    ["PUT", "/api/taller/utv/1"],
    ["PUT", "/api/taller/utv/1/instalador"],
    ["DELETE", "/api/taller/utv/1"],
    ["GET", "/api/taller/termopanel?mes=03&anio=2026"],
    ["POST", "/api/taller/termopanel"],
    ["DELETE", "/api/taller/termopanel/1"],
    ["GET", "/api/taller/instalaciones?mes=03&anio=2026"],
    ["GET", "/api/taller/resumen?mes=03&anio=2026"],
    ["GET", "/api/trabajadores?periodo=2026-03"],
    ["POST", "/api/trabajadores"],
    ["PUT", "/api/trabajadores/1"],
    ["DELETE", "/api/trabajadores/1"],
    ["POST", "/api/trabajadores/copiar?de=2026-03&a=2026-04"],
  ];

  it("403 for a role outside the role table (every role of section 6 sees Bodega), 401 without a session; nothing written", async () => {
    const before = await counts();
    for (const [method, url] of calls) {
      const res = await req(method, url, method === "GET" || method === "DELETE" ? undefined : {}, outsider);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      const anon = await t.app.inject({ method, url });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await counts()).toEqual(before);
  });

  it("Fábrica and Ventas may use the workshop screens (section 6: Bodega section for every role)", async () => {
    for (const role of ["Fábrica", "Ventas"] as const) {
      expect((await t.request({ method: "GET", url: "/api/trabajadores?periodo=2026-03", as: role })).statusCode).toBe(200);
    }
  });
});
