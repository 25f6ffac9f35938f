// Online backups (issue 37): the running server backs up its own database, on a schedule
// (daily at 02:00 Chile by default), keeps 7 daily, 4 weekly and 6 monthly, verifies each by
// restoring it into a scratch database, and runs BACKUP_COMMAND to copy it elsewhere.
//
// One snapshot, without holding requests up:
// - PostgreSQL: one REPEATABLE READ READ ONLY transaction read through a cursor 200 rows at a
//   time (sql-dump.ts); the other sessions go on writing.
// - PGlite is ONE session, so no transaction can stay open while requests run: its worker
//   copies the data folder as it is between two units, with no transaction open: two passes
//   while requests run, then (pglite-wire.ts `exclusive`) only the blocks written in the last
//   moments, so requests wait for that last pass only (server/db/snapshot-copy.ts; the
//   measured wait is in docs/respaldos.md). A child process opens
//   that copy (<file>.datos.tmp, removed after) and writes the portable .sql.gz from it. No
//   second process ever opens DATA_DIR. The copy needs as much free disk as the data folder.
// The file is written as <file>.tmp, fsynced and renamed; a crash leaves only *.tmp,
// removed on the next start. Then a child process restores it into an in-memory PGlite and
// compares every table's count and checksum (verify.ts). Only one backup runs at a time.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  ageHours,
  backupFileName,
  backupsToKeep,
  DEFAULT_AJUSTES,
  lastRunAtOrBefore,
  MAX_BACKUP_AGE_HOURS,
  nextRunAfter,
  type AjustesRespaldo,
  type RespaldoRow,
} from "../../../src/domain/respaldos";
import type { Config } from "../../config";
import type { Database } from "../../db/connect";
import { ajustes_respaldo } from "../../db/schema";
import { conflict } from "../../errors";
import { changedFields } from "../changes";
import { write, type ServiceContext } from "../write";
import { deleteBackup, listBackups, removeLeftovers, sameDiskWarning, writeInfo, type StoredInfo } from "./files";
import { dumpToFile, type DumpSummary } from "./sql-dump";

export const MSG_EN_CURSO = "Ya hay un respaldo en curso: espere a que termine.";
/** After a start that finds the last scheduled backup missing (the server was down, or killed mid-backup). */
const CATCH_UP_DELAY_MS = Number(process.env.BACKUP_CATCH_UP_MS ?? 10_000);
const CHILD_TIMEOUT_MS = 3_600_000;
/** The child's nice value (0 normal, 19 lowest). */
const CHILD_NICE = 10;
const COMMAND_TIMEOUT_MS = 1_800_000;
const CHILD = fileURLToPath(new URL("./backup-child.ts", import.meta.url));

type ChildLine = { step: "dump"; summary: DumpSummary; ms: number } | { step: "verify"; ok: boolean; mensaje: string; tablas: number; filas: number; ms: number } | { step: "error"; mensaje: string };

export interface BackupStatus {
  en_curso: boolean;
  ultimo_error: string | null;
  directorio: string;
  advertencias: string[];
  ajustes: AjustesRespaldo;
  ajustes_origen: "guardados" | "entorno";
  comando: boolean;
  proximo: Date | null;
  ultimo_verificado: Date | null;
  respaldos: RespaldoRow[];
}

export class Backups {
  private current: Promise<RespaldoRow> | null = null;
  private lastError: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private next: Date | null = null;
  private closed = false;
  private readonly children = new Set<ChildProcess>();
  /** The secret `npm run backup` reads from DATA_DIR to ask this server for a backup (set by server/main.ts). */
  localToken: string | null = null;
  /** The last PGlite snapshot's wait for requests, in ms (the drill and bench print it). */
  lastHeldMs: number | null = null;
  /** What that last pass wrote (the drill and the bench print it). */
  lastHeldCopy: { files: number; bytes: number } | null = null;
  /**
   * When the last backup's snapshot was taken (performance.now()): after `from` and before
   * `to`. A write acknowledged before `from` is in the backup; one sent after `to` is not
   * (the drill checks both).
   */
  lastSnapshot: { from: number; to: number } | null = null;
  /** Resolves when the running backup's snapshot is taken (the bench measures from there). */
  snapshotTaken: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  get dir(): string {
    return path.resolve(this.config.backup?.dir ?? "./backups");
  }

  get running(): boolean {
    return this.current !== null;
  }

  /** The settings in force: the screen's saved ones, else the environment's, else the defaults. */
  async settings(): Promise<{ ajustes: AjustesRespaldo; origen: "guardados" | "entorno" }> {
    const [saved] = await this.database.db.select().from(ajustes_respaldo).where(eq(ajustes_respaldo.id, 1));
    if (saved) return { ajustes: { hora: saved.hora, diarios: saved.diarios, semanales: saved.semanales, mensuales: saved.mensuales }, origen: "guardados" };
    const env = this.config.backup ?? { dir: "./backups" };
    return {
      ajustes: {
        hora: env.hora ?? DEFAULT_AJUSTES.hora,
        diarios: env.diarios ?? DEFAULT_AJUSTES.diarios,
        semanales: env.semanales ?? DEFAULT_AJUSTES.semanales,
        mensuales: env.mensuales ?? DEFAULT_AJUSTES.mensuales,
      },
      origen: "entorno",
    };
  }

  async saveSettings(ctx: ServiceContext, ajustes: AjustesRespaldo): Promise<AjustesRespaldo> {
    const before = (await this.settings()).ajustes;
    await write(ctx, async (tx, audit) => {
      await tx
        .insert(ajustes_respaldo)
        .values({ id: 1, ...ajustes })
        .onConflictDoUpdate({ target: ajustes_respaldo.id, set: { ...ajustes, actualizado_en: new Date() } });
      await audit({ entity: ajustes_respaldo, entityId: 1, changes: changedFields(before, ajustes) });
    });
    if (this.timer) this.plan();
    return ajustes;
  }

  /** Warnings for the screen and the log. */
  warnings(list: RespaldoRow[] = listBackups(this.dir)): string[] {
    const out: string[] = [];
    const dataDir = this.database.kind === "pglite" && !this.config.dataDir.startsWith("memory://") ? this.config.dataDir : null;
    const disk = sameDiskWarning(this.dir, dataDir);
    if (disk) out.push(disk);
    const newest = list.find((r) => r.verificacion === "verificado");
    const age = ageHours(newest?.fecha ?? null, new Date());
    if (age === null) out.push("Todavía no hay ningún respaldo verificado.");
    else if (age > MAX_BACKUP_AGE_HOURS) out.push(`El último respaldo verificado tiene ${Math.floor(age)} horas (más de ${MAX_BACKUP_AGE_HOURS}).`);
    return out;
  }

  async status(): Promise<BackupStatus> {
    const respaldos = listBackups(this.dir);
    const { ajustes, origen } = await this.settings();
    return {
      en_curso: this.running,
      ultimo_error: this.lastError,
      directorio: this.dir,
      advertencias: this.warnings(respaldos),
      ajustes,
      ajustes_origen: origen,
      comando: !!this.config.backup?.command,
      proximo: this.next,
      ultimo_verificado: respaldos.find((r) => r.verificacion === "verificado")?.fecha ?? null,
      respaldos,
    };
  }

  /** Starts a backup; a second one while one runs is a 409. The promise settles when it is verified (or failed). */
  start(origen: string): Promise<RespaldoRow> & { archivo: string } {
    if (this.current) throw conflict(MSG_EN_CURSO, {});
    if (this.closed) throw conflict("El servidor se está cerrando.", {});
    const dir = this.dir;
    let fecha = new Date();
    // Two backups within one second (the name has seconds): the second takes the next free second.
    while (fs.existsSync(path.join(dir, backupFileName(fecha)))) fecha = new Date(fecha.getTime() + 1000);
    const archivo = backupFileName(fecha);
    const run = this.take(origen, fecha, archivo).finally(() => {
      this.current = null;
    });
    this.current = run;
    run.catch(() => {}); // reported in take(); callers that wait see the error themselves
    return Object.assign(run, { archivo });
  }

  private async take(origen: string, fecha: Date, archivo: string): Promise<RespaldoRow> {
    const t0 = performance.now();
    const dir = this.dir;
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, archivo);
    const snapshot = `${file}.datos.tmp`;
    this.log.info({ archivo }, "respaldo: iniciado");
    let snapped!: () => void;
    this.snapshotTaken = new Promise<void>((resolve) => (snapped = resolve));
    const from = performance.now();
    const onSnapshot = () => {
      this.lastSnapshot = { from, to: performance.now() };
      snapped();
    };
    try {
      let summary: DumpSummary | null = null;
      let verification: Extract<ChildLine, { step: "verify" }> | null = null;
      let info: StoredInfo = { origen, duracion_ms: null, tablas: null, filas: null, verificacion: "pendiente", verificacion_mensaje: null, verificacion_ms: null, comando: null };
      const onDump = (s: DumpSummary) => {
        summary = s;
        info = { ...info, duracion_ms: Math.round(performance.now() - t0), tablas: s.tables.length, filas: s.tables.reduce((n, t) => n + t.rows, 0) };
        writeInfo(dir, archivo, info);
      };
      if (this.database.kind === "pglite" && this.database.snapshotDataDir) {
        const { heldMs, files, bytes } = await this.database.snapshotDataDir(snapshot);
        onSnapshot();
        this.lastHeldMs = heldMs;
        this.lastHeldCopy = { files, bytes };
        try {
          for await (const line of this.child({ mode: "pglite", snapshot, file })) {
            if (line.step === "dump") onDump(line.summary);
            else if (line.step === "verify") verification = line;
            else throw new Error(line.mensaje);
          }
        } finally {
          fs.rmSync(snapshot, { recursive: true, force: true });
        }
      } else {
        onDump(await dumpToFile(this.database.pool, file, { engine: this.database.kind, onSnapshot }));
        for await (const line of this.child({ mode: "verify", file })) {
          if (line.step === "verify") verification = line;
          else if (line.step === "error") throw new Error(line.mensaje);
        }
      }
      if (!summary || !fs.existsSync(file)) throw new Error("el respaldo no quedó escrito");
      const v = verification as Extract<ChildLine, { step: "verify" }> | null;
      info = {
        ...info,
        verificacion: v?.ok ? "verificado" : "fallido",
        verificacion_mensaje: v?.mensaje ?? "La verificación no terminó.",
        verificacion_ms: v?.ms ?? null,
      };
      writeInfo(dir, archivo, info);
      const problems: string[] = [];
      if (!v?.ok) {
        problems.push(`El respaldo ${archivo} no se pudo verificar: ${info.verificacion_mensaje}`);
        this.log.error({ archivo, mensaje: info.verificacion_mensaje }, "respaldo: la verificación falló");
      }
      if (this.config.backup?.command) {
        info = { ...info, comando: await this.runCommand(this.config.backup.command, file) };
        writeInfo(dir, archivo, info);
        if (!info.comando!.ok) {
          problems.push(`BACKUP_COMMAND falló con ${archivo}: ${info.comando!.mensaje}`);
          this.log.error({ archivo, mensaje: info.comando!.mensaje }, "respaldo: BACKUP_COMMAND falló");
        }
      }
      this.lastError = problems.length ? problems.join(" ") : null;
      await this.rotate();
      for (const w of this.warnings()) this.log.warn(`respaldo: ${w}`);
      this.log.info({ archivo, ms: Math.round(performance.now() - t0), verificacion: info.verificacion }, "respaldo: terminado");
      return listBackups(dir).find((r) => r.archivo === archivo) ?? { archivo, fecha, bytes: fs.statSync(file).size, ...info };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      snapped();
      this.lastError = `El respaldo falló: ${message}`;
      this.log.error({ archivo, err: message }, "respaldo: falló");
      fs.rmSync(`${file}.tmp`, { force: true });
      fs.rmSync(snapshot, { recursive: true, force: true });
      throw err;
    }
  }

  /** Runs backup-child.ts and yields its JSON lines. */
  private async *child(job: object): AsyncGenerator<ChildLine> {
    const proc = spawn(process.execPath, ["--import", "tsx", CHILD, JSON.stringify(job)], {
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, PGLITE_PROFILE: "" },
    });
    this.children.add(proc);
    // Background work: the server's requests come first for the processor.
    try {
      if (proc.pid) os.setPriority(proc.pid, CHILD_NICE);
    } catch {
      // Not allowed here (some containers): it runs at the server's priority.
    }
    const timer = setTimeout(() => proc.kill("SIGKILL"), CHILD_TIMEOUT_MS);
    let stderr = "";
    proc.stderr!.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString("utf8")).slice(-2000);
    });
    const exited = new Promise<number | null>((resolve) => proc.once("close", (code) => resolve(code)));
    try {
      let buffered = "";
      for await (const chunk of proc.stdout!) {
        buffered += (chunk as Buffer).toString("utf8");
        let at: number;
        while ((at = buffered.indexOf("\n")) >= 0) {
          const text = buffered.slice(0, at);
          buffered = buffered.slice(at + 1);
          if (text.startsWith("{")) yield JSON.parse(text) as ChildLine;
        }
      }
      const code = await exited;
      if (code !== 0) throw new Error(`el proceso del respaldo terminó con código ${code}: ${stderr.trim().split("\n").slice(-3).join(" ")}`);
    } finally {
      clearTimeout(timer);
      this.children.delete(proc);
      if (proc.exitCode === null) proc.kill("SIGKILL");
    }
  }

  /** BACKUP_COMMAND with the file's path as its last argument (through sh, the path quoted). */
  private runCommand(command: string, file: string): Promise<{ ok: boolean; mensaje: string }> {
    return new Promise((resolve) => {
      const proc = spawn("sh", ["-c", `${command} "$1"`, "sh", file], { stdio: ["ignore", "pipe", "pipe"] });
      this.children.add(proc);
      let output = "";
      const keep = (d: Buffer) => {
        output = (output + d.toString("utf8")).slice(-1000);
      };
      proc.stdout!.on("data", keep);
      proc.stderr!.on("data", keep);
      const timer = setTimeout(() => proc.kill("SIGKILL"), COMMAND_TIMEOUT_MS);
      proc.once("error", (err) => {
        clearTimeout(timer);
        this.children.delete(proc);
        resolve({ ok: false, mensaje: err.message });
      });
      proc.once("close", (code, signal) => {
        clearTimeout(timer);
        this.children.delete(proc);
        const tail = output.trim().split("\n").slice(-3).join(" ").slice(0, 500);
        if (code === 0) resolve({ ok: true, mensaje: tail || "Terminó bien." });
        else resolve({ ok: false, mensaje: `Terminó con ${signal ? `la señal ${signal}` : `código ${code}`}${tail ? `: ${tail}` : ""}` });
      });
    });
  }

  /** Deletes the backups the retention does not keep. */
  private async rotate(): Promise<void> {
    const { ajustes } = await this.settings();
    const { drop } = backupsToKeep(listBackups(this.dir), ajustes);
    for (const b of drop) deleteBackup(this.dir, b.archivo);
    if (drop.length) this.log.info({ borrados: drop.map((b) => b.archivo) }, "respaldo: rotación");
  }

  /**
   * The schedule (server/main.ts on start): removes a cut-short backup's leftovers; when
   * backups exist and the last scheduled one is missing (the server was down at that hour
   * or was killed mid-backup), takes it shortly; then every day at the set hour.
   */
  startSchedule(): void {
    const gone = removeLeftovers(this.dir);
    if (gone.length) this.log.warn({ archivos: gone }, "respaldo: se borraron restos de un respaldo interrumpido");
    for (const w of this.warnings()) if (!w.startsWith("Todavía")) this.log.warn(`respaldo: ${w}`);
    this.plan(true);
  }

  private plan(atStart = false): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {}, 0); // a placeholder while the settings are read
    void this.settings().then(
      ({ ajustes }) => {
        if (this.closed) return;
        const now = new Date();
        const list = listBackups(this.dir);
        const missed = atStart && list.length > 0 && list[0].fecha.getTime() < lastRunAtOrBefore(now, ajustes.hora).getTime();
        this.next = missed ? new Date(now.getTime() + CATCH_UP_DELAY_MS) : nextRunAfter(now, ajustes.hora);
        if (this.timer) clearTimeout(this.timer);
        this.timer = setTimeout(() => this.scheduled(), Math.min(this.next.getTime() - now.getTime(), 2 ** 31 - 1));
        this.timer.unref();
        if (missed) this.log.warn({ a_las: this.next.toISOString() }, "respaldo: falta el último respaldo programado; se toma ahora");
      },
      (err) => this.log.error({ err: (err as Error).message }, "respaldo: no se pudo leer el horario"),
    );
  }

  private scheduled(): void {
    if (this.closed) return;
    if (Date.now() + 1000 < (this.next?.getTime() ?? 0)) return this.plan(); // a long wait cut at 2^31 ms
    try {
      this.start("programado").then(
        () => this.plan(),
        () => this.plan(),
      );
    } catch {
      this.plan(); // one was running already
    }
  }

  /** Resolves when no backup runs (tests, the drill). */
  async whenIdle(): Promise<void> {
    while (this.current) await this.current.catch(() => {});
  }

  /** Stops the schedule, kills a backup's child processes and waits for it to end (its partial file goes). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const c of this.children) c.kill("SIGKILL");
    await this.current?.catch(() => {});
  }
}
