// The global search compares each kind's folded text stored in the row (haystack.ts: a
// generated column, migration 0034) instead of folding the kind's fields as it reads each
// row. On the demo data plus records written to be awkward (accents and ñ in either case,
// RUT with and without dots, missing fields, LIKE wildcards, more than SEARCH_FEW_MATCHES
// matches, a record whose name is the text), after writes to the rows: every stored text
// is the folded expression the search used before (the one migration 0008 indexed) and the
// schema's definition, and the search answers, for every text, exactly what the old
// definition (that expression folded on the fly) answers. On PGlite and PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import { getTableName, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_KINDS, type SearchKind } from "../../src/domain/search";
import type { Database } from "../../server/db/connect";
import { HAYSTACKS } from "../../server/services/search/haystack";
import { search, searchSql, SEARCH_FEW_MATCHES } from "../../server/services/search/search";
import { openDemoDatabase } from "../../scripts/seed/test-fixture";

/** The old definition: each kind's folded expression, as migration 0008 indexed it. */
const OLD: Record<string, string> = Object.fromEntries(
  [...fs.readFileSync(path.join(__dirname, "../../server/db/migrations/0008_search_trigram_indexes.sql"), "utf8").matchAll(/CREATE INDEX IF NOT EXISTS (\w+)_busqueda_trgm ON \1 USING gin \((.+?) gin_trgm_ops\);/g)].map((m) => [m[1], m[2]]),
);
const oldHaystack = (kind: SearchKind): SQL => sql.raw(`(${OLD[kind]})`);

let database: Database;
const q = async (text: string, params: unknown[] = []) => (await database.pool.query(text, params)).rows;

beforeAll(async () => {
  database = await openDemoDatabase();
  const [c] = await q("insert into clientes (nombre, rut) values ('José Muñoz Peña', '9.876.543-3') returning id");
  await q("insert into clientes (nombre) values ('CONSTRUCTORA ÑANDÚ'), ('Çelik Pingüino Ltda'), ('ÁÉÍÓÚ Mayúsculas'), ('100% Aluminio_Ñ'), ('Barra \\ Invertida')");
  // More than SEARCH_FEW_MATCHES clients and quotes with one text: the ordered read.
  await q("insert into clientes (nombre) select 'Comercial Ñuñoa ' || lpad(i::text, 3, '0') from generate_series(1, $1::int) as i", [SEARCH_FEW_MATCHES + 20]);
  await q("insert into clientes (nombre) values ('Comercial Ñuñoa'), ('comercial ñuñoa')");
  await q(
    "insert into presupuestos (numero, cliente_id, nombre_obra, fecha) values ('Ñ-01', $1, null, '2026-03-01'), ('P-ÁÉ', $1, 'Edificio Peñalolén', '2026-03-02'), ('edificio', $1, 'Casa', '2026-03-03')",
    [c.id],
  );
  await q("insert into presupuestos (numero, cliente_id, nombre_obra, fecha) select 'EP-' || i, $1, 'Edificio Peñalolén Torre ' || i, '2026-03-01' from generate_series(1, $2::int) as i", [c.id, SEARCH_FEW_MATCHES + 20]);
  const [p] = await q("insert into proveedores (proveedor, rut) values ('Vidrios Ñuble', '7.654.321-K') returning id");
  await q("insert into ordenes_compra (numero_oc, proveedor_id, proveedor, fecha, realizado_por) values (987654, $1, 'Vidrios Ñuble', '2026-03-05', 'Carla')", [p.id]);
  await q("insert into materiales (codigo, producto) values ('ÑAN-02', 'Perfil Ñandú Ángulo'), ('ab', 'Ab')");
  await q("insert into facturas_guias (proveedor_id, proveedor, numero_guia, fecha, fecha_recepcion) values ($1, 'Vidrios Ñuble', 'G-Ñ1', '2026-03-06', '2026-03-06')", [p.id]);
  // Rows written after they were stored: the stored text follows every write.
  await q("update clientes set nombre = 'Ñandú Reescrito', rut = '8.765.432-1' where id = (select min(id) from clientes)");
  await q("update presupuestos set nombre_obra = 'Obra Ñuñoa Reescrita' where id = (select min(id) from presupuestos)");
  await q("update proveedores set rut = null where id = (select min(id) from proveedores)");
  await q("update facturas_guias set numero_factura = null, numero_guia = 'GUÍA-7' where id = (select min(id) from facturas_guias)");
});
afterAll(() => database.close());

describe("the stored search text", () => {
  it("is, in every row, the folded expression the search computed before and the schema's definition", async () => {
    expect(Object.keys(OLD).sort()).toEqual([...SEARCH_KINDS].sort());
    for (const kind of SEARCH_KINDS) {
      const { column, definition } = HAYSTACKS[kind];
      const table = getTableName(column.table);
      expect(table).toBe(kind);
      const [row] = await q(
        `select count(*)::int as n,
                count(*) filter (where ${column.name} is distinct from (${OLD[kind]}))::int as old,
                count(*) filter (where ${column.name} is distinct from (${definition}))::int as defined,
                count(*) filter (where ${column.name} is null)::int as nulls
           from ${table}`,
      );
      expect(row, kind).toEqual({ n: expect.any(Number), old: 0, defined: 0, nulls: 0 });
      expect(row.n, kind).toBeGreaterThan(0);
    }
    const [c] = await q("select busqueda from clientes where nombre = 'José Muñoz Peña'");
    expect(c.busqueda).toBe("jose munoz pena\u00019.876.543-3\u00019876543-3");
  });
});

describe("the search on the stored text", () => {
  /** What each kind's statement answers, run as search() runs them. */
  async function answers(statements: { kind: SearchKind; sql: SQL }[]) {
    return database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`);
      const out: Partial<Record<SearchKind, unknown[]>> = {};
      for (const s of statements) out[s.kind] = (await tx.execute(sql`select * from (${s.sql}) as hits(id, titulo, detalle)`)).rows;
      return out;
    });
  }

  it("answers exactly what the folded expression computed on the fly answered, for every text", async () => {
    const one = async (text: string) => String(Object.values((await q(text))[0])[0]);
    const texts = [
      ...["muñoz", "MUÑOZ", "munoz", "José Muñoz", "jose munoz pena", "PEÑA", "ñandú", "ÑANDU", "nandu", "çelik", "CELIK", "pingüino", "pinguino"],
      ...["áéíóú", "AEIOU mayusculas", "9.876.543-3", "9876543-3", "9.876", "876543", "543-3", "7.654.321-k", "7654321K", "8765432"],
      ...["Ñ", "ñ-", "12", "P", "ab", "AB", "Ñ-01", "ñ-01", "p-áé", "P-AE", "g-ñ1", "GUIA-7", "guía-7", "987654", "98765", "ÑAN-02", "nan-02"],
      ...["%", "_", "100%", "aluminio_ñ", "o_n", "\\", "barra \\ inv", "'", "a'b", "  espacios  "],
      ...["comercial ñuñoa", "COMERCIAL NUNOA", "nunoa 01", "edificio", "EDIFICIO", "edificio peñalolen", "peñalolén torre 1", "obra ñuñoa reescrita", "ñandú reescrito"],
      ...["vidrios", "vidrios ñuble", "perfil", "casa", "constructora", "spa", "ltda", "zzzz-nada"],
      // Records of the demo data, whole: each the record equal to the text, ranked first.
      await one("select nombre from clientes where id = (select max(id) from clientes where nombre not like 'Comercial%')"),
      await one("select upper(nombre) from clientes order by id limit 1 offset 3"),
      await one("select numero from presupuestos order by id limit 1 offset 2"),
      await one("select lower(codigo) from materiales order by codigo limit 1"),
      await one("select producto from materiales order by codigo limit 1 offset 1"),
      await one("select proveedor from proveedores order by id limit 1"),
      await one("select rut from proveedores where rut is not null order by id limit 1"),
      await one("select numero_factura from facturas_guias where numero_factura is not null order by id limit 1"),
      await one("select numero_oc::text from ordenes_compra order by numero_oc limit 1"),
    ];
    let found = 0;
    for (const text of texts) {
      const before = await answers(searchSql("Gerencia", text, oldHaystack));
      const now = await search(database.db, "Gerencia", text);
      const after = Object.fromEntries(now.grupos.map((g) => [g.tipo, g.resultados]));
      const wanted = Object.fromEntries(
        Object.entries(before)
          .filter(([, rows]) => rows!.length > 0)
          .map(([kind, rows]) => [kind, (rows as { id: string; titulo: string; detalle: string | null }[]).map((r) => ({ ...r, detalle: r.detalle || null }))]),
      );
      expect(after, text).toEqual(wanted);
      found += now.grupos.length;
    }
    // The texts find something (the comparison is not of empty answers).
    expect(found).toBeGreaterThan(texts.length);
  });

  it("compares the stored column, through its trigram index: no row's fields are folded", async () => {
    for (const s of searchSql("Gerencia", "muñoz")) {
      const text = new PgDialect().sqlToQuery(s.sql).sql;
      const { column } = HAYSTACKS[s.kind];
      expect(text, s.kind).toContain(`"${getTableName(column.table)}"."${column.name}" like lower(translate($`);
      // translate() is applied to the text searched for only, never to a column.
      expect(text.match(/translate\(/g)?.length, s.kind).toBe(text.match(/translate\(\$\d+,/g)?.length);
    }
  });
});
