// The online backup's two-pass copy of PGlite's folder (snapshot-copy.ts): after the second
// pass the copy equals the folder, whatever changed between the passes, and the second pass
// copies only what changed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copyTree, syncTree } from "./snapshot-copy";

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
