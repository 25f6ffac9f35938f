// Supplier invoices registered once (issue 23.5): the uniqueness of a document (supplier,
// document kind, number) is a database constraint over its normalized key that always
// applies, not only a check before the insert. 50 simultaneous identical POSTs give one
// 201 and 49 × 409 naming the field. The race only shows on PostgreSQL (PGlite runs one
// transaction at a time); the constraint itself is checked on both.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInSantiago } from "../../src/domain/dates/dates";
import { sql } from "drizzle-orm";
import { vencimientoExpr } from "../../server/services/operations/factura-row";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;
const today = todayInSantiago();

const post = (payload: unknown) => t.request({ method: "POST", url: "/api/facturas_guias", as: "Bodega", payload: payload as object });
const counts = async () => ({ facturas: await t.count("facturas_guias"), auditoria: await t.count("auditoria") });

/** A row written straight into the table, as an old version or another tool could have. */
async function insertRaw(row: { proveedor: string; rut_proveedor?: string | null; tipo_dte?: number | null; numero_factura?: string | null; numero_guia?: string | null }) {
  await t.database.pool.query(
    "insert into facturas_guias (proveedor, rut_proveedor, tipo_dte, numero_factura, numero_guia, fecha, fecha_recepcion) values ($1, $2, $3, $4, $5, $6, $6)",
    [row.proveedor, row.rut_proveedor ?? null, row.tipo_dte ?? null, row.numero_factura ?? null, row.numero_guia ?? null, today],
  );
}
async function refused(row: Parameters<typeof insertRaw>[0]): Promise<string | undefined> {
  try {
    await insertRaw(row);
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
}

beforeAll(async () => {
  t = await createTestServer();
  await t.tokenFor("Bodega");
});
afterAll(() => t.close());

describe("23.5 supplier invoices registered twice", () => {
  it("23.5 50 simultaneous identical POSTs of an invoice: exactly one 201, the rest 409 naming numero_factura", async () => {
    const before = await counts();
    const body = { proveedor: "Vidrios Andes", numero_factura: "5001", fecha: today, monto_neto: 100000 };
    const results = await Promise.all(Array.from({ length: 50 }, () => post(body)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toEqual({ message: "La factura N° 5001 de Vidrios Andes ya está registrada.", errors: { numero_factura: ["La factura N° 5001 de Vidrios Andes ya está registrada."] } });
    }
    expect(await counts()).toEqual({ facturas: before.facturas + 1, auditoria: before.auditoria + 1 });
  });

  it("23.5 50 simultaneous identical POSTs of a delivery note: exactly one 201, the rest 409 naming numero_guia", async () => {
    const before = await counts();
    const body = { proveedor: "Ferretería Central", numero_guia: "G-900", fecha: today };
    const results = await Promise.all(Array.from({ length: 50 }, () => post(body)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(Object.keys(r.json().errors)).toEqual(["numero_guia"]);
    expect(await counts()).toEqual({ facturas: before.facturas + 1, auditoria: before.auditoria + 1 });
  });

  it("23.5 the constraint always applies: without RUT or document type, any case or spaces, and by RUT under another name", async () => {
    await insertRaw({ proveedor: "Perfiles Sur", numero_factura: "77" });
    // Same supplier name (any case, spaces), same number, no RUT, no type: refused by the table itself.
    expect(await refused({ proveedor: "  perfiles SUR ", numero_factura: "77" })).toBe("23505");
    // A document type of an invoice (33) is the same document as an untyped invoice number.
    expect(await refused({ proveedor: "Perfiles Sur", numero_factura: "77", tipo_dte: 33 })).toBe("23505");
    // The same issuer's RUT under another spelling of its name, written with or without dots.
    await insertRaw({ proveedor: "Perfiles del Sur SpA", rut_proveedor: "76.086.428-5", tipo_dte: 33, numero_factura: "78" });
    expect(await refused({ proveedor: "PERFILES DEL SUR LIMITADA", rut_proveedor: "76086428-5", tipo_dte: 33, numero_factura: "78" })).toBe("23505");
    // Different documents stay possible: a credit note with the invoice's folio, a delivery note
    // with that number, another supplier's invoice 77, and rows without any number.
    expect(await refused({ proveedor: "Perfiles del Sur SpA", rut_proveedor: "76.086.428-5", tipo_dte: 61, numero_factura: "78" })).toBeUndefined();
    expect(await refused({ proveedor: "Perfiles Sur", numero_guia: "77" })).toBeUndefined();
    expect(await refused({ proveedor: "Otro proveedor", numero_factura: "77" })).toBeUndefined();
    expect(await refused({ proveedor: "Perfiles Sur" })).toBeUndefined();
    expect(await refused({ proveedor: "Perfiles Sur" })).toBeUndefined();
  });

  it("23.5 the API answers 409 with the field named for the same invoice in another case or spacing; nothing written", async () => {
    const before = await counts();
    const res = await post({ proveedor: "PERFILES SUR", numero_factura: "77", fecha: today });
    expect(res.statusCode).toBe(409);
    expect(Object.keys(res.json().errors)).toEqual(["numero_factura"]);
    expect(await counts()).toEqual(before);
  });
});

describe("23.5 the migration to the unique document key", () => {
  const dir = path.join(import.meta.dirname, "../../server/db/migrations");
  const statements = (file: string) =>
    readFileSync(path.join(dir, file), "utf8")
      .split("--> statement-breakpoint")
      .map((x) => x.trim())
      .filter(Boolean);

  it("23.5 keeps every row of documents registered twice, the oldest with its number, the copies marked, and then builds the indexes", async () => {
    const files = readdirSync(dir).filter((f) => f.endsWith(".sql"));
    const dedupe = files.find((f) => f.endsWith("_facturas_guias_dedupe.sql"))!;
    const indexes = files.find((f) => readFileSync(path.join(dir, f), "utf8").includes('CREATE UNIQUE INDEX "facturas_guias_numero_uq"'))!;
    expect(dedupe < indexes).toBe(true);
    // The table as it was before: only the old partial index, and three copies of one invoice,
    // two of one delivery note, and two of an invoice under the same RUT written differently.
    await t.database.pool.query("drop index facturas_guias_numero_uq; drop index facturas_guias_dte_uq; delete from facturas_guias;");
    for (const row of [
      { proveedor: "Vidrios Andes", numero_factura: "10" },
      { proveedor: "vidrios andes ", numero_factura: " 10" },
      { proveedor: "Vidrios Andes", numero_factura: "10", tipo_dte: 33 },
      { proveedor: "Vidrios Andes", numero_guia: "G-1" },
      { proveedor: "Vidrios Andes", numero_guia: "g-1" },
      { proveedor: "Perfiles SpA", rut_proveedor: "76.086.428-5", tipo_dte: 33, numero_factura: "20" },
      { proveedor: "Perfiles Limitada", rut_proveedor: "760864285", tipo_dte: 33, numero_factura: "20" },
      { proveedor: "Vidrios Andes", numero_factura: "11" },
      { proveedor: "Vidrios Andes" },
      { proveedor: "Vidrios Andes" },
    ]) {
      await insertRaw(row);
    }
    for (const sqlText of statements(dedupe)) await t.database.pool.query(sqlText);
    for (const sqlText of statements(indexes).filter((x) => x.includes("facturas_guias") && !x.startsWith("DROP INDEX"))) await t.database.pool.query(sqlText);
    const rows = (await t.database.pool.query("select id, numero_factura, numero_guia, observaciones_internas from facturas_guias order by id")).rows;
    expect(rows).toHaveLength(10);
    const ids = rows.map((r) => r.id);
    expect(rows.map((r) => r.numero_factura ?? r.numero_guia)).toEqual([
      "10",
      ` 10 (duplicado ${ids[1]})`,
      `10 (duplicado ${ids[2]})`,
      "G-1",
      `g-1 (duplicado ${ids[4]})`,
      "20",
      `20 (duplicado ${ids[6]})`,
      "11",
      null,
      null,
    ]);
    expect(rows.map((r) => r.observaciones_internas !== null)).toEqual([false, true, true, false, true, false, true, false, false, false]);
    expect(rows[1].observaciones_internas).toMatch(/^Documento registrado dos veces/);
    // And the constraint holds from then on.
    expect(await refused({ proveedor: "Vidrios Andes", numero_factura: "10" })).toBe("23505");
  });
});

describe("the due date (vencimiento) sorts and filters on its index", () => {
  it("the list's vencimiento is the date expression of facturas_guias_vencimiento_idx, so its order and range filters read the index", async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const order = await tx.execute(sql`explain select id from facturas_guias order by ${vencimientoExpr}, id limit 20`);
      const range = await tx.execute(sql`explain select id from facturas_guias where ${vencimientoExpr} >= ${today}`);
      return [order, range].map((p) => p.rows.map((r) => Object.values(r)[0]).join("\n"));
    });
    for (const p of plan) expect(p).toContain("facturas_guias_vencimiento_idx");
  });
});
