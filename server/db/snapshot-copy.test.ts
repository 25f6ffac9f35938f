// The online backup's copy of PGlite's folder in passes (snapshot-copy.ts): after each pass
// the copy equals the folder, whatever changed between the passes, and the later passes copy
// only what changed (the last one, while requests wait, only the blocks or ranges written).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { WriteLog } from "./pglite-writes";
import { copyTree, patchFile, syncTree, syncTreeHeld, syncTreeLogged } from "./snapshot-copy";

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "ventanal-copia-"));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Every folder and file under `root` with its content. */
function tree(root: string, rel = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const child = path.join(rel, e.name);
    if (e.isDirectory()) Object.assign(out, { [`${child}/`]: "" }, tree(root, child));
    else out[child] = fs.readFileSync(path.join(root, child), "utf8");
  }
  return out;
}

/** Sets a file's modification time `secondsAgo` in the past (as an untouched file has). */
const age = (file: string, secondsAgo: number) => {
  const t = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(file, t, t);
};

describe("copyTree + syncTree", () => {
  it("the copy equals the folder after the second pass: changed, added and removed files, empty folders", async () => {
    const from = tmp();
    const to = path.join(tmp(), "pglite");
    fs.mkdirSync(path.join(from, "base/5"), { recursive: true });
    fs.mkdirSync(path.join(from, "pg_notify")); // empty: PostgreSQL needs it
    fs.writeFileSync(path.join(from, "base/5/1259"), "tabla v1");
    fs.writeFileSync(path.join(from, "PG_VERSION"), "17");
    fs.writeFileSync(path.join(from, "pg_wal_0001"), "wal viejo");
    for (const f of ["base/5/1259", "PG_VERSION", "pg_wal_0001"]) age(path.join(from, f), 60);

    const copied = await copyTree(from, to);
    expect(tree(to)).toEqual(tree(from));

    // Meanwhile the database goes on: a page written (same size), a new WAL segment, one recycled.
    fs.writeFileSync(path.join(from, "base/5/1259"), "tabla v2");
    fs.writeFileSync(path.join(from, "pg_wal_0002"), "wal nuevo");
    fs.rmSync(path.join(from, "pg_wal_0001"));
    fs.mkdirSync(path.join(from, "pg_tblspc"));

    const count = await syncTree(from, to, copied);
    expect(tree(to)).toEqual(tree(from));
    expect(count).toBe(2); // the changed page and the new segment; PG_VERSION stays as copied

    // A last pass with nothing changed since (its files written long ago) copies nothing.
    for (const f of ["base/5/1259", "pg_wal_0002"]) {
      age(path.join(from, f), 60);
      copied.set(f, { ...copied.get(f)!, mtimeNs: fs.statSync(path.join(from, f), { bigint: true }).mtimeNs });
    }
    expect(await syncTree(from, to, copied)).toBe(0);
  });

  it("copies again a file written just before its first copy, even if its time did not move (a coarse clock)", async () => {
    const from = tmp();
    const to = path.join(tmp(), "pglite");
    const file = path.join(from, "pg_control");
    fs.writeFileSync(file, "antes");
    const copied = await copyTree(from, to);
    // Written again within the tick its time was read in (50 ms before the copy): same size,
    // and the time the first pass saw (whole milliseconds, so utimes puts it back exactly).
    const seen = copied.get("pg_control")!;
    const sameTick = new Date(seen.copiedAtMs - 50);
    fs.writeFileSync(file, "despu");
    fs.utimesSync(file, sameTick, sameTick);
    copied.set("pg_control", { ...seen, mtimeNs: fs.statSync(file, { bigint: true }).mtimeNs });
    expect(await syncTree(from, to, copied)).toBe(1);
    expect(fs.readFileSync(path.join(to, "pg_control"), "utf8")).toBe("despu");
  });
});

describe("the last pass, while requests wait", () => {
  it("patchFile writes only the blocks that differ and gives the copy the source's size", () => {
    const dir = tmp();
    const from = path.join(dir, "segmento");
    const to = path.join(dir, "copia");
    const block = 64 * 1024;
    const original = Buffer.alloc(4 * block, 1);
    fs.writeFileSync(from, original);
    fs.writeFileSync(to, original);
    const changed = Buffer.from(original);
    changed[2 * block + 10] = 9; // one byte in the third block
    fs.writeFileSync(from, Buffer.concat([changed, Buffer.from("cola")])); // and grown at its end
    expect(patchFile(from, to)).toBe(block + 4);
    expect(fs.readFileSync(to)).toEqual(fs.readFileSync(from));
    fs.writeFileSync(from, changed.subarray(0, block)); // cut
    expect(patchFile(from, to)).toBe(0);
    expect(fs.readFileSync(to)).toEqual(fs.readFileSync(from));
  });

  it("syncTreeHeld (no log) finds a file changed by its time and patches it", async () => {
    const from = tmp();
    const to = path.join(tmp(), "pglite");
    fs.writeFileSync(path.join(from, "1259"), "tabla v1");
    age(path.join(from, "1259"), 60);
    const copied = await copyTree(from, to);
    fs.writeFileSync(path.join(from, "1259"), "tabla v2 más larga");
    expect(syncTreeHeld(from, to, copied)).toEqual({ files: 1, bytes: "tabla v2 más larga".length + 1 });
    expect(tree(to)).toEqual(tree(from));
  });

  it("syncTreeLogged brings the copy to the folder from the log alone: ranges written, files created, removed, renamed, cut", async () => {
    const from = tmp();
    const to = path.join(tmp(), "pglite");
    fs.mkdirSync(path.join(from, "base/5"), { recursive: true });
    fs.mkdirSync(path.join(from, "pg_wal"));
    fs.writeFileSync(path.join(from, "base/5/1259"), "0123456789");
    fs.writeFileSync(path.join(from, "base/5/2600"), "catálogo");
    fs.writeFileSync(path.join(from, "base/5/9999"), "tabla borrada");
    fs.writeFileSync(path.join(from, "pg_wal/0001"), "wal viejo");
    fs.writeFileSync(path.join(from, "sin-cambios"), "igual");
    await copyTree(from, to);
    fs.writeFileSync(path.join(to, "sin-cambios"), "no mirado"); // the log does not name it: left as is
    const log = new WriteLog(from);
    log.start();
    const fd = fs.openSync(path.join(from, "base/5/1259"), "r+");
    fs.writeSync(fd, "AB", 3);
    fs.writeSync(fd, "fin", 10, "utf8");
    fs.closeSync(fd);
    log.wrote(path.join(from, "base/5/1259"), 3, 2);
    log.wrote(path.join(from, "base/5/1259"), 10, 3);
    fs.writeFileSync(path.join(from, "base/5/2600"), "cat");
    log.changed(path.join(from, "base/5/2600")); // truncated
    fs.rmSync(path.join(from, "base/5/9999"));
    log.changed(path.join(from, "base/5/9999"));
    fs.renameSync(path.join(from, "pg_wal/0001"), path.join(from, "pg_wal/0002"));
    log.changed(path.join(from, "pg_wal/0001"));
    log.changed(path.join(from, "pg_wal/0002"));
    fs.mkdirSync(path.join(from, "base/6"));
    log.changed(path.join(from, "base/6"));
    fs.writeFileSync(path.join(from, "base/6/1"), "base nueva");
    log.changed(path.join(from, "base/6/1"));

    expect(syncTreeLogged(from, to, log.changes())).toEqual({ files: 7, bytes: 2 + 3 + "cat".length + "wal viejo".length + "base nueva".length });
    fs.writeFileSync(path.join(to, "sin-cambios"), "igual");
    expect(tree(to)).toEqual(tree(from));
  });
});
