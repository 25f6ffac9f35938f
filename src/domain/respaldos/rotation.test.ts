import { describe, expect, it } from "vitest";
import { santiagoDateOf } from "../dates";
import { ajustesRespaldoSchema } from "./schemas";
import { backupFileDate, backupFileName, backupsToKeep, DEFAULT_RETENTION, isoWeekOf, lastRunAtOrBefore, nextRunAfter, santiagoAt } from "./rotation";

/** The scheduler on a fake clock: a backup every day at 02:00 Santiago, rotation after each. */
function simulate(days: number, start = "2026-01-01") {
  let files: { fecha: Date }[] = [];
  let now = santiagoAt(start, "02:00");
  for (let i = 0; i < days; i++) {
    files.push({ fecha: now });
    files = backupsToKeep(files, DEFAULT_RETENTION).keep;
    now = nextRunAfter(now, "02:00");
  }
  return files.map((f) => santiagoDateOf(f.fecha));
}

describe("rotation: 7 daily, 4 weekly, 6 monthly", () => {
  it("a fake clock over 100 days (2026-01-01 … 2026-04-10): the last 7 days, the Sundays of 4 older weeks, and for each older month its newest survivor", () => {
    const kept = simulate(100);
    expect(kept).toEqual([
      // 7 daily
      "2026-04-10", "2026-04-09", "2026-04-08", "2026-04-07", "2026-04-06", "2026-04-05", "2026-04-04",
      // 4 weekly: weeks with nothing kept yet (the week of 04-04, Mon 03-30 … Sun 04-05, is covered)
      "2026-03-29", "2026-03-22", "2026-03-15", "2026-03-08",
      // monthly: months with nothing kept yet (March is covered by the weeklies). A month's last
      // days were dropped while a weekly of the next week covered them: what survives is the
      // month's last weekly (its last Sunday). 100 days hold only two more months.
      "2026-02-22", "2026-01-25",
    ]);
  });

  it("a fake clock over 250 days leaves exactly 7 + 4 + 6 files, the right ones", () => {
    const kept = simulate(250); // 2026-01-01 … 2026-09-07
    expect(kept).toHaveLength(7 + 4 + 6);
    expect(kept).toEqual([
      "2026-09-07", "2026-09-06", "2026-09-05", "2026-09-04", "2026-09-03", "2026-09-02", "2026-09-01",
      "2026-08-30", "2026-08-23", "2026-08-16", "2026-08-09",
      // each older month's last Sunday (the weekly that survived longest in it)
      "2026-07-26", "2026-06-28", "2026-05-31", "2026-04-26", "2026-03-29", "2026-02-22",
    ]);
  });

  it("several backups a day: only the day's newest counts, but none within 24 hours of the newest is dropped", () => {
    const at = (iso: string) => new Date(iso);
    const files = [at("2026-05-10T06:00:00Z"), at("2026-05-10T20:00:00Z"), at("2026-05-11T06:00:00Z"), at("2026-05-11T05:00:00Z")].map((fecha) => ({ fecha }));
    const { keep, drop } = backupsToKeep(files, DEFAULT_RETENTION);
    expect(keep.map((f) => f.fecha.toISOString())).toEqual(["2026-05-11T06:00:00.000Z", "2026-05-11T05:00:00.000Z", "2026-05-10T20:00:00.000Z"]);
    expect(drop.map((f) => f.fecha.toISOString())).toEqual(["2026-05-10T06:00:00.000Z"]);
  });

  it("settings of 0 weekly and 0 monthly keep the dailies only", () => {
    let files: { fecha: Date }[] = [];
    let now = santiagoAt("2026-01-01", "02:00");
    for (let i = 0; i < 40; i++) {
      files.push({ fecha: now });
      files = backupsToKeep(files, { diarios: 3, semanales: 0, mensuales: 0 }).keep;
      now = nextRunAfter(now, "02:00");
    }
    expect(files.map((f) => santiagoDateOf(f.fecha))).toEqual(["2026-02-09", "2026-02-08", "2026-02-07"]);
  });
});

describe("schedule in Chile time", () => {
  it("02:00 Santiago is 05:00 UTC in summer and 06:00 UTC in winter", () => {
    expect(santiagoAt("2026-01-15", "02:00").toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(santiagoAt("2026-07-15", "02:00").toISOString()).toBe("2026-07-15T06:00:00.000Z");
  });

  it("the next run is today's if still ahead, else tomorrow's; the last due one the reverse", () => {
    const now = new Date("2026-01-15T04:59:00Z"); // 01:59 in Santiago
    expect(nextRunAfter(now, "02:00").toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(lastRunAtOrBefore(now, "02:00").toISOString()).toBe("2026-01-14T05:00:00.000Z");
    const later = new Date("2026-01-15T05:00:00Z");
    expect(nextRunAfter(later, "02:00").toISOString()).toBe("2026-01-16T05:00:00.000Z");
    expect(lastRunAtOrBefore(later, "02:00").toISOString()).toBe("2026-01-15T05:00:00.000Z");
  });

  it("ISO weeks: Monday to Sunday, the year of the week's Thursday", () => {
    expect(isoWeekOf("2026-01-01")).toBe("2026-W01");
    expect(isoWeekOf("2027-01-03")).toBe("2026-W53");
    expect(isoWeekOf("2026-03-29")).toBe("2026-W13");
    expect(isoWeekOf("2026-03-30")).toBe("2026-W14");
  });

  it("a file name carries its UTC instant and only ours are read back", () => {
    const d = new Date("2026-11-28T05:00:07Z");
    expect(backupFileName(d)).toBe("ventanal-2026-11-28T050007Z.sql.gz");
    expect(backupFileDate(backupFileName(d))?.toISOString()).toBe(d.toISOString());
    expect(backupFileDate("ventanal-2026-11-28T050007Z.sql.gz.tmp")).toBeNull();
    expect(backupFileDate("../etc/passwd")).toBeNull();
  });
});

describe("settings body", () => {
  it("takes HH:MM and whole counts; refuses the rest in Spanish", () => {
    expect(ajustesRespaldoSchema.parse({ hora: "02:00", diarios: 7, semanales: 4, mensuales: 6 })).toEqual({ hora: "02:00", diarios: 7, semanales: 4, mensuales: 6 });
    const bad = ajustesRespaldoSchema.safeParse({ hora: "25:00", diarios: 0, semanales: 1.5, mensuales: "6" });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain("Indique la hora como HH:MM (00:00 a 23:59)");
    expect(messages).toContain("Diarios: mínimo 1");
  });
});

describe("the home's warning", () => {
  it("warns without a verified backup and past 26 hours, not before", async () => {
    const { backupIsStale } = await import("./rotation");
    const now = new Date("2026-11-28T12:00:00Z");
    expect(backupIsStale(null, now)).toBe(true);
    expect(backupIsStale(new Date("2026-11-27T10:00:00Z"), now)).toBe(false); // 26 h
    expect(backupIsStale(new Date("2026-11-27T09:59:00Z"), now)).toBe(true);
  });
});
