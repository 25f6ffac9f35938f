// What PGlite changes in its data folder while an online backup copies it, so that the last
// pass (snapshot-copy.ts `syncTreeLogged`) copies only that: a WriteLog, and the hooks that
// feed it. PGlite reaches the disk through Emscripten's NODEFS, whose operations are one
// shared object per kind (every node and open file of the folder uses the same `node_ops` and
// `stream_ops`): wrapping the ones that change the folder (write, truncate, open with
// O_TRUNC, create, rename, remove) sees every change the database makes.
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { FolderChanges } from "./snapshot-copy";

/**
 * What the database changes in its folder while it records: the byte ranges written to each
 * file, and the paths changed as a whole (created, removed, renamed, truncated). With it the
 * last pass needs neither to list the folder nor to `stat` its thousand files (10–15 ms on
 * this kind of machine): it copies what the log names.
 */
export class WriteLog {
  private ranges = new Map<string, [number, number][]>();
  private whole = new Set<string>();
  private on = false;
  constructor(private readonly root: string) {}

  /** Whether it records now (the hooks do nothing else otherwise). */
  get recording(): boolean {
    return this.on;
  }

  /** Starts (again) from nothing: what changes from now on is recorded. */
  start(): void {
    this.ranges.clear();
    this.whole.clear();
    this.on = true;
  }

  stop(): void {
    this.on = false;
    this.ranges.clear();
    this.whole.clear();
  }

  private rel(file: string): string | null {
    const rel = path.relative(this.root, file);
    return rel === "" || rel.startsWith("..") || path.isAbsolute(rel) ? null : rel;
  }

  /** `length` bytes written at `position` (anything else than a position: the whole file). */
  wrote(file: string, position: unknown, length: number): void {
    if (!this.on) return;
    const rel = this.rel(file);
    if (rel === null) return;
    if (typeof position !== "number") return void this.whole.add(rel);
    const list = this.ranges.get(rel);
    if (list) list.push([position, position + length]);
    else this.ranges.set(rel, [[position, position + length]]);
  }

  /** A path changed as a whole: created, removed, renamed (both names), cut, emptied on open. */
  changed(file: string): void {
    if (!this.on) return;
    const rel = this.rel(file);
    if (rel !== null) this.whole.add(rel);
  }

  /** What changed, by path: the ranges written (merged), or "whole". */
  changes(): FolderChanges {
    const out: FolderChanges = new Map();
    for (const [rel, list] of this.ranges) {
      const merged: [number, number][] = [];
      for (const [a, b] of [...list].sort((x, y) => x[0] - y[0])) {
        const last = merged[merged.length - 1];
        if (last && a <= last[1]) last[1] = Math.max(last[1], b);
        else merged.push([a, b]);
      }
      out.set(rel, merged);
    }
    for (const rel of this.whole) out.set(rel, "whole");
    return out;
  }
}

type Node = { name: string; parent: Node };
type Stream = { node: Node; flags: number };
type Op = (...args: never) => unknown;
type Nodefs = {
  realPath(node: Node): string;
  stream_ops: Record<"open" | "write" | "setattr", Op>;
  node_ops: Record<"setattr" | "mknod" | "rename" | "unlink" | "rmdir" | "symlink", Op>;
};

/** A commit that waits for its WAL to be written: after it, every committed transaction is in the folder's files. */
export const FLUSH_WAL = "begin; set local synchronous_commit = on; select txid_current(); commit;";

/** Emscripten's O_TRUNC: an open that empties the file. */
const O_TRUNC = 512;

/** Installs the hooks once; answers false (and changes nothing) when this PGlite does not have them where expected. */
export function logWrites(db: PGlite, log: WriteLog): boolean {
  const nodefs = (db as unknown as { Module?: { FS?: { filesystems?: { NODEFS?: Nodefs } } } }).Module?.FS?.filesystems?.NODEFS;
  const streams = nodefs?.stream_ops;
  const nodes = nodefs?.node_ops;
  const ok =
    nodefs &&
    typeof nodefs.realPath === "function" &&
    (["open", "write", "setattr"] as const).every((k) => typeof streams?.[k] === "function") &&
    (["setattr", "mknod", "rename", "unlink", "rmdir", "symlink"] as const).every((k) => typeof nodes?.[k] === "function");
  if (!ok || !streams || !nodes) return false;
  const real = (node: Node) => nodefs.realPath(node);
  const child = (dir: Node, name: string) => `${real(dir)}/${name}`;
  /** Wraps `ops[name]`: `note` tells the log, before or after the operation itself. */
  const wrap = <K extends string, A extends unknown[]>(ops: Record<K, Op>, name: K, note: { before?: (args: A) => void; after?: (args: A, result: unknown) => void }) => {
    const original = ops[name] as unknown as (...args: A) => unknown;
    ops[name] = function (this: unknown, ...args: A) {
      if (!log.recording) return original.apply(this, args);
      note.before?.(args);
      const result = original.apply(this, args);
      note.after?.(args, result);
      return result;
    };
  };
  // write(stream, buffer, offset, length, position, canOwn): answers the bytes written.
  wrap(streams, "write", { after: ([stream, , , , position]: [Stream, unknown, unknown, unknown, unknown], n) => log.wrote(real(stream.node), position, n as number) });
  wrap(streams, "open", { after: ([stream]: [Stream]) => (stream.flags & O_TRUNC ? log.changed(real(stream.node)) : undefined) });
  wrap(streams, "setattr", { after: ([stream]: [Stream]) => log.changed(real(stream.node)) });
  wrap(nodes, "setattr", { after: ([node]: [Node]) => log.changed(real(node)) });
  wrap(nodes, "mknod", { after: ([dir, name]: [Node, string]) => log.changed(child(dir, name)) });
  wrap(nodes, "symlink", { after: ([dir, name]: [Node, string]) => log.changed(child(dir, name)) });
  wrap(nodes, "unlink", { before: ([dir, name]: [Node, string]) => log.changed(child(dir, name)) });
  wrap(nodes, "rmdir", { before: ([dir, name]: [Node, string]) => log.changed(child(dir, name)) });
  // rename(node, newDir, newName): the old name (read before: the node takes the new one) and the new.
  wrap(nodes, "rename", {
    before: ([node]: [Node, Node, string]) => log.changed(real(node)),
    after: ([, dir, name]: [Node, Node, string]) => log.changed(child(dir, name)),
  });
  return true;
}
