// The write log (pglite-writes.ts), and on a real PGlite: after the database inserts, creates,
// drops and rewrites tables, switches WAL segments and checkpoints, the copy brought up to
// date from the log alone is byte for byte its data folder, and it opens with every row
// committed before. A change the hooks missed would leave a file different.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, describe, expect, it } from "vitest";
import { FLUSH_WAL, logWrites, WriteLog } from "./pglite-writes";
import { copyTree, syncTree, syncTreeLogged } from "./snapshot-copy";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Every file under `root` (relative path → content) and every folder. */
function files(root: string, rel = "", out = new Map<string, Buffer | null>()): Map<string, Buffer | null> {
  for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const child = path.join(rel, e.name);
    if (e.isDirectory()) files(root, child, out.set(`${child}/`, null));
    else out.set(child, fs.readFileSync(path.join(root, child)));
  }
  return out;
}

const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "ventanal-log-"));
  dirs.push(d);
  return d;
};

describe("WriteLog", () => {
  it("WriteLog merges the ranges written, a change as a whole wins, and nothing is kept outside its folder or while stopped", () => {
    const root = tmp();
    const log = new WriteLog(root);
    log.wrote(path.join(root, "base/5/1"), 0, 10); // not recording yet
    log.start();
    log.wrote(path.join(root, "pg_wal/0001"), 8192, 8192);
    log.wrote(path.join(root, "pg_wal/0001"), 0, 100);
    log.wrote(path.join(root, "pg_wal/0001"), 16384, 10);
    log.wrote(path.join(root, "pg_wal/0001"), 50, 20);
    log.wrote(path.join(root, "base/5/2"), 0, 10);
    log.changed(path.join(root, "base/5/2"));
    log.wrote(path.join(root, "..", "afuera"), 0, 10);
    log.changed(root);
    expect(log.changes()).toEqual(
      new Map<string, unknown>([
        ["pg_wal/0001", [[0, 100], [8192, 16394]]],
        ["base/5/2", "whole"],
      ]),
    );
    log.stop();
    log.wrote(path.join(root, "base/5/3"), 0, 1);
    expect(log.changes().size).toBe(0);
  });

});

describe("logWrites on PGlite", () => {
  it("the copy updated from the log equals the data folder and opens with every committed row", { timeout: 60_000 }, async () => {
    const work = tmp();
    const dataDir = path.join(work, "datos");
    const copy = path.join(work, "copia");
    const db = await PGlite.create(dataDir);
    await db.exec("create table a (id serial primary key, t text); create table b (id int, t text); insert into b select g, repeat('x', 200) from generate_series(1, 2000) g; checkpoint;");
    const log = new WriteLog(path.resolve(dataDir));
    expect(logWrites(db, log)).toBe(true);

    const copied = await copyTree(dataDir, copy);
    log.start();
    await syncTree(dataDir, copy, copied);
    // The database goes on: rows, a new table with an index, a table rewritten (new files,
    // old ones removed), one dropped, WAL segments switched and a checkpoint (pg_control,
    // segments recycled by rename).
    await db.exec("insert into a (t) select repeat('y', 300) from generate_series(1, 5000)");
    await db.exec("create table c (id int primary key, t text); insert into c select g, md5(g::text) from generate_series(1, 3000) g");
    await db.exec("vacuum full b");
    await db.exec("update b set t = 'z' where id % 7 = 0");
    await db.exec("drop table a; create table a (id serial primary key, t text); insert into a (t) values ('última')");
    await db.exec("select pg_switch_wal(); checkpoint; insert into c values (-1, 'después del checkpoint')");
    await db.exec(FLUSH_WAL);
    const { files: changed } = syncTreeLogged(dataDir, copy, log.changes());
    expect(changed).toBeGreaterThan(0);

    const source = files(dataDir);
    const target = files(copy);
    expect([...target.keys()].sort()).toEqual([...source.keys()].sort());
    const different = [...source].filter(([rel, content]) => content && !content.equals(target.get(rel)!)).map(([rel]) => rel);
    expect(different).toEqual([]);
    await db.close();

    const reopened = await PGlite.create(copy);
    const { rows } = await reopened.query<{ a: number; b: number; c: number }>("select (select count(*)::int from a) a, (select count(*)::int from b) b, (select count(*)::int from c) c");
    expect(rows[0]).toEqual({ a: 1, b: 2000, c: 3001 });
    await reopened.close();
  });
});
