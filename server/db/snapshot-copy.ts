// A consistent copy of the embedded database's folder while it keeps working (the online
// backup's snapshot on PGlite, server/services/respaldos). Copying the whole folder while
// requests wait took 6 s at bench scale (443 MB, most of it WAL), so it is copied in passes:
// everything while the database works (`copyTree`), what changed meanwhile (`syncTree`), and
// then, with the database idle between two units (no transaction open), what changed in the
// last moments: the byte ranges the database wrote, as its write log tells (`syncTreeLogged`,
// pglite-writes.ts), or without a log the files whose time changed, block by block
// (`syncTreeHeld`).
// The copy is then what a crash at that instant would leave on disk, which PostgreSQL
// recovers from its WAL when the copy is opened.
import fs from "node:fs";
import path from "node:path";

/** Each file's size and modification time as they were just before the first pass copied it. */
export type CopiedFiles = Map<string, CopiedFile>;
type CopiedFile = { size: bigint; mtimeNs: bigint; copiedAtMs: number };

/**
 * A file system's clock ticks coarsely (Linux: one jiffy, 1–10 ms): a file written again in
 * the tick its time was read keeps that time. Files written this shortly before their last
 * copy are copied again in the next pass whatever their time says. Ten ticks of margin; a
 * data folder on a file system with a coarser clock (FAT: 2 s) is not supported. (With 2 s,
 * every file written during the first pass was copied again while requests waited: 85
 * files, 130–253 ms at bench scale.)
 */
const CLOCK_SLACK_MS = 100;

function entries(root: string, rel = ""): { rel: string; dir: boolean }[] {
  return fs.readdirSync(path.join(root, rel), { withFileTypes: true }).flatMap((e) => {
    const child = path.join(rel, e.name);
    return e.isDirectory() ? [{ rel: child, dir: true }, ...entries(root, child)] : e.isFile() ? [{ rel: child, dir: false }] : [];
  });
}

/** First pass: copies every folder (empty ones too: PostgreSQL needs them) and file of `from` into `to`, without blocking the thread. */
export async function copyTree(from: string, to: string): Promise<CopiedFiles> {
  const copied: CopiedFiles = new Map();
  await fs.promises.mkdir(to, { recursive: true });
  for (const e of entries(from)) {
    const target = path.join(to, e.rel);
    if (e.dir) {
      await fs.promises.mkdir(target, { recursive: true });
      continue;
    }
    try {
      const st = await fs.promises.stat(path.join(from, e.rel), { bigint: true });
      copied.set(e.rel, { size: st.size, mtimeNs: st.mtimeNs, copiedAtMs: Date.now() });
      await fs.promises.copyFile(path.join(from, e.rel), target);
    } catch (err) {
      // Removed since the folder was listed (a recycled WAL segment): the second pass settles it.
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      copied.delete(e.rel);
    }
  }
  return copied;
}

/** Whether a file must be copied again: new, changed since its copy, or written too shortly before it to tell. */
function stale(st: fs.BigIntStats, before: CopiedFile | undefined): boolean {
  if (!before) return true;
  const recent = Number(st.mtimeNs / 1_000_000n) >= before.copiedAtMs - CLOCK_SLACK_MS;
  return recent || st.size !== before.size || st.mtimeNs !== before.mtimeNs;
}

/**
 * A later pass: makes `to` equal to `from` again, copying the files that changed since their
 * last copy (or were written just before it), adding new ones and removing those gone, and
 * remembers what it copied. Run while the database works, to catch up with what changed
 * during the long first pass, so that the last pass (`syncTreeHeld`) has only the last
 * moments' changes to copy. Answers how many files it copied.
 */
export async function syncTree(from: string, to: string, copied: CopiedFiles): Promise<number> {
  let count = 0;
  const now = entries(from);
  const present = new Set(now.map((e) => e.rel));
  for (const e of now) {
    const target = path.join(to, e.rel);
    if (e.dir) {
      await fs.promises.mkdir(target, { recursive: true });
      continue;
    }
    let st: fs.BigIntStats;
    try {
      st = await fs.promises.stat(path.join(from, e.rel), { bigint: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") continue; // gone meanwhile (only while the database works)
      throw err;
    }
    if (!stale(st, copied.get(e.rel))) continue;
    copied.set(e.rel, { size: st.size, mtimeNs: st.mtimeNs, copiedAtMs: Date.now() });
    await fs.promises.copyFile(path.join(from, e.rel), target);
    count++;
  }
  for (const e of entries(to).reverse()) if (!present.has(e.rel)) await fs.promises.rm(path.join(to, e.rel), { recursive: true, force: true });
  return count;
}

const BLOCK = 64 * 1024;
const sourceBlock = Buffer.alloc(BLOCK);
const copyBlock = Buffer.alloc(BLOCK);

/**
 * Makes the file `to` equal to `from` by writing only the blocks that differ (and cutting or
 * growing it to `from`'s size): a WAL segment of 16 MB written at its end, a table with rows
 * added at its end, cost a few reads from the page cache instead of a whole copy. Answers the
 * bytes written.
 */
export function patchFile(from: string, to: string): number {
  const src = fs.openSync(from, "r");
  const dst = fs.openSync(to, fs.existsSync(to) ? "r+" : "w+");
  try {
    const size = fs.fstatSync(src).size;
    let written = 0;
    for (let pos = 0; pos < size; pos += BLOCK) {
      const n = fs.readSync(src, sourceBlock, 0, BLOCK, pos);
      const m = fs.readSync(dst, copyBlock, 0, n, pos);
      if (m === n && sourceBlock.compare(copyBlock, 0, n, 0, n) === 0) continue;
      fs.writeSync(dst, sourceBlock, 0, n, pos);
      written += n;
    }
    fs.ftruncateSync(dst, size);
    return written;
  } finally {
    fs.closeSync(src);
    fs.closeSync(dst);
  }
}

/**
 * The last pass, while requests wait (the database idle between two units): as `syncTree`,
 * but blocking (the thread has nothing else to do, and a thousand awaited `stat` calls cost
 * 130 ms where these cost a few) and patching changed files block by block. Answers the files
 * and bytes it wrote.
 */
export function syncTreeHeld(from: string, to: string, copied: CopiedFiles): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  const now = entries(from);
  const present = new Set(now.map((e) => e.rel));
  for (const e of now) {
    const target = path.join(to, e.rel);
    if (e.dir) {
      fs.mkdirSync(target, { recursive: true });
      continue;
    }
    const st = fs.statSync(path.join(from, e.rel), { bigint: true });
    if (!stale(st, copied.get(e.rel))) continue;
    copied.set(e.rel, { size: st.size, mtimeNs: st.mtimeNs, copiedAtMs: Date.now() });
    bytes += patchFile(path.join(from, e.rel), target);
    files++;
  }
  for (const e of entries(to).reverse()) if (!present.has(e.rel)) fs.rmSync(path.join(to, e.rel), { recursive: true, force: true });
  return { files, bytes };
}

/** Copies the byte ranges `ranges` of `from` into `to` and gives `to` the size of `from`. Answers the bytes written. */
function copyRanges(from: string, to: string, ranges: [number, number][]): number {
  const src = fs.openSync(from, "r");
  const dst = fs.openSync(to, "r+");
  try {
    let written = 0;
    for (const [start, end] of ranges) {
      for (let pos = start; pos < end; pos += BLOCK) {
        const n = fs.readSync(src, sourceBlock, 0, Math.min(BLOCK, end - pos), pos);
        if (n === 0) break; // past the end of a file cut meanwhile
        fs.writeSync(dst, sourceBlock, 0, n, pos);
        written += n;
      }
    }
    fs.ftruncateSync(dst, fs.fstatSync(src).size);
    return written;
  } finally {
    fs.closeSync(src);
    fs.closeSync(dst);
  }
}

/** What changed in a folder, by path: the byte ranges written, or "whole" (pglite-writes.ts). */
export type FolderChanges = Map<string, [number, number][] | "whole">;

/**
 * The last pass when the database's changes are recorded (a WriteLog started before the
 * catch-up pass began, pglite-writes.ts): each path it names is brought to what it is now
 * (removed, created, or of a file only the ranges written since); nothing else is looked at,
 * not even listed. Blocking, as `syncTreeHeld`. Answers the paths and bytes it wrote.
 */
export function syncTreeLogged(from: string, to: string, changes: FolderChanges): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  // Parents before children: a folder created with files in it.
  for (const [rel, change] of [...changes].sort(([a], [b]) => a.localeCompare(b))) {
    const source = path.join(from, rel);
    const target = path.join(to, rel);
    const st = fs.lstatSync(source, { throwIfNoEntry: false });
    if (st && !st.isDirectory() && !st.isFile()) continue;
    files++;
    const existing = fs.lstatSync(target, { throwIfNoEntry: false });
    if (!st) fs.rmSync(target, { recursive: true, force: true });
    else if (st.isDirectory()) {
      if (!existing) fs.cpSync(source, target, { recursive: true });
    } else if (change !== "whole" && existing?.isFile()) bytes += copyRanges(source, target, change);
    else {
      // A file new or changed as a whole: copied whole (over whatever the copy has there).
      if (existing) fs.rmSync(target, { recursive: true, force: true });
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(source, target);
      bytes += st.size;
    }
  }
  return { files, bytes };
}
