// Every declared list's answer is written by the database (server/lists/json.ts) byte for
// byte as JSON.stringify writes the rows the driver reads: on the demo data, with values at
// the edges of each encoding (numbers that JS writes differently from PostgreSQL's text,
// timestamps with microseconds, text with quotes, control characters and emoji), whole and
// by pages, on PGlite and PostgreSQL.
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/connect";
import { declaredLists } from "../../server/lists/define";
import { openDemoDatabase } from "../../scripts/seed/test-fixture";

let database: Database;
beforeAll(async () => {
  database = await openDemoDatabase();
  // Every route (so every list module) loaded.
  await (await buildApp({ database, config: { ...loadConfig({}), webDir: undefined }, logger: false })).close();
  const edge = (sql: string) => database.pool.query(sql);
  // Numbers: thirds with 20 digits, tiny and huge ones, 0.1, negative ones.
  await edge(`update materiales m set precio_unitario = v.p
    from (select codigo, (array[0.1, 1/3::numeric, 0.00012, 0.000001234, 2e15, 123456789.987654321, 0, -0.5, 1e-4, 999999999999999.9])[row_number() over (order by codigo)] p
          from materiales order by codigo limit 10) v where m.codigo = v.codigo`);
  await edge(`update materiales set stock_minimo = 0.0001 where codigo = (select min(codigo) from materiales)`);
  // Timestamps with microseconds, and text every JSON writer must escape.
  await edge(`update materiales set creado_en = '2026-02-03 04:05:06.789999+00', producto = producto || ' "comillas" \\ barra' || chr(1) || chr(10) || chr(9) || ' ñandú 😀 ' || chr(8232)
              where codigo = (select max(codigo) from materiales)`);
  await edge(`update seguimiento_obras set comentario = 'línea 1' || chr(13) || chr(10) || '</script>', comentario_fecha = '1999-12-31 23:59:59.999500-03'
              where id = (select min(id) from seguimiento_obras)`);
});
afterAll(() => database.close());

describe("a list's JSON written by the database is the rows' JSON.stringify", () => {
  it("for every declared list, whole, by pages and sorted", async () => {
    const lists = declaredLists();
    expect(lists.length).toBeGreaterThan(20);
    const byDatabase: string[] = [];
    for (const list of lists) {
      for (const query of [{}, { _start: 3, _end: 17 }]) {
        const rows = await list.read(database.db, query);
        const json = await list.readJson(database.db, query);
        expect(json.json, `${list.name} ${JSON.stringify(query)}`).toBe(JSON.stringify(rows.rows));
        expect(json.total, `${list.name} ${JSON.stringify(query)}`).toBe(rows.total);
      }
      if (await list.usesDatabaseJson(database.db)) byDatabase.push(list.name);
    }
    // The whole answer through the cache (the rows' JSON kept by row version between
    // builds: define.ts) is the same text, before and after writes to one row of each big
    // table, under the list's name and under a dated one (a row that reads the clock is kept only then).
    const today = new Date().toISOString().slice(0, 10);
    const wholeAnswers = async () => {
      for (const list of lists) {
        const rows = await list.read(database.db, {});
        for (const name of [list.name, `${list.name}@${today}`]) {
          const answer = await list.answer(database.db, {}, name);
          expect(answer.body.toString(), `${name} (caché)`).toBe(JSON.stringify(rows.rows));
          expect(answer.total, `${name} (caché)`).toBe(rows.total);
          expect(gunzipSync(await answer.gzip()).toString(), `${name} (gzip)`).toBe(answer.body.toString());
        }
      }
    };
    await wholeAnswers();
    const edit = (sql: string) => database.pool.query(sql);
    await edit(`update clientes set nombre = nombre || ' (editado)' where id = (select max(id) from clientes)`);
    await edit(`update presupuestos set nombre_obra = 'Obra «editada»' where id = (select min(id) from presupuestos)`);
    await edit(`update facturas_guias set observacion = 'editada', fecha = fecha - 400 where id = (select max(id) from facturas_guias)`);
    await edit(`update materiales set producto = producto || ' ✓' where codigo = (select min(codigo) from materiales)`);
    await edit(`delete from pagos_clientes where id = (select max(id) from pagos_clientes)`);
    await wholeAnswers();

    // The big lists of the issue are among those the database writes.
    for (const name of ["facturas_guias", "seguimiento_obras", "presupuestos", "clientes", "resumen-materiales", "inventario"]) {
      expect(byDatabase, name).toContain(name);
    }
  });
});
