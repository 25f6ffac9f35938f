// A consistent copy of the embedded database's folder while it keeps working (the online
// backup's snapshot on PGlite, server/services/respaldos). Copying the whole folder while
// requests wait took 6 s at bench scale (443 MB, most of it WAL), so it is copied in passes:
// everything while the database works (`copyTree`), what changed meanwhile (`syncTree`), and
// then, with the database idle between two units (no transaction open), what changed in the
// last moments (`syncTree` again): a few files, a few milliseconds. The copy is then what a crash at that instant would leave on
// disk, which PostgreSQL recovers from its WAL when the copy is opened.
import fs from "node:fs";
import path from "node:path";

/** Each file's size and modification time as they were just before the first pass copied it. */
export type CopiedFiles = Map<string, { size: bigint; mtimeNs: bigint; copiedAtMs: number }>;

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

/**
 * A later pass: makes `to` equal to `from` again, copying the files that changed since their
 * last copy (or were written just before it), adding new ones and removing those gone, and
 * remembers what it copied. Run once while the database works (it catches up with what
 * changed during the long first pass) and once more while nothing writes, which then has
 * only the last moments' files to copy. Answers how many files it copied.
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
    const before = copied.get(e.rel);
    const recent = before && Number(st.mtimeNs / 1_000_000n) >= before.copiedAtMs - CLOCK_SLACK_MS;
    if (before && !recent && st.size === before.size && st.mtimeNs === before.mtimeNs) continue;
    copied.set(e.rel, { size: st.size, mtimeNs: st.mtimeNs, copiedAtMs: Date.now() });
    await fs.promises.copyFile(path.join(from, e.rel), target);
    count++;
  }
  for (const e of entries(to).reverse()) if (!present.has(e.rel)) await fs.promises.rm(path.join(to, e.rel), { recursive: true, force: true });
  return count;
}
