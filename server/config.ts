// Runtime configuration, read once from the environment.
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  sessionHours: number;
  logLevel: string;
  /** Built web app served at "/" (absent in API-only tests). */
  webDir?: string;
  /**
   * Which peers may set X-Forwarded-For (the client address used by the login
   * throttle and the logs). Default "loopback": a reverse proxy on the same machine.
   * Trusting everyone would let any client pick its own address and dodge the throttle.
   */
  trustProxy?: boolean | string;
  /** ALLOW_DEMO_DATA=1: serve a database marked by `npm run demo` (refused otherwise). */
  allowDemoData?: boolean;
  /** API_DOCS=public: /api/docs without a session; by default it needs one (any role). */
  apiDocs?: "session" | "public";
  /** Online backups (server/services/respaldos): BACKUP_* settings. */
  backup?: BackupConfig;
}

export interface BackupConfig {
  /** BACKUP_DIR, default ./backups: ideally another disk than the data's. */
  dir: string;
  /** BACKUP_HORA (HH:MM, Chile), BACKUP_DIARIOS, BACKUP_SEMANALES, BACKUP_MENSUALES: the defaults the screen's saved settings replace. */
  hora?: string;
  diarios?: number;
  semanales?: number;
  mensuales?: number;
  /** BACKUP_COMMAND: run after each backup with the file's path as its last argument. */
  command?: string;
}

const optionalNumber = (raw: string | undefined) => (raw === undefined || raw === "" ? undefined : Number(raw));

function parseTrustProxy(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === "") return "loopback";
  if (raw === "true") return true;
  if (raw === "false") return false;
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? "0.0.0.0",
    dataDir: env.DATA_DIR ?? "./data",
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    sessionHours: Number(env.SESSION_HOURS ?? 12),
    logLevel: env.LOG_LEVEL ?? "info",
    webDir: env.WEB_DIR ?? "dist",
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    allowDemoData: env.ALLOW_DEMO_DATA === "1",
    apiDocs: env.API_DOCS === "public" ? "public" : "session",
    backup: {
      dir: env.BACKUP_DIR || "./backups",
      hora: env.BACKUP_HORA || undefined,
      diarios: optionalNumber(env.BACKUP_DIARIOS),
      semanales: optionalNumber(env.BACKUP_SEMANALES),
      mensuales: optionalNumber(env.BACKUP_MENSUALES),
      command: env.BACKUP_COMMAND || undefined,
    },
  };
}

// "Today" and every calendar date are Chilean (server-behaviour: dates).
process.env.TZ ??= "America/Santiago";
