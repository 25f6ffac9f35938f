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
  };
}

// "Today" and every calendar date are Chilean (server-behaviour: dates).
process.env.TZ ??= "America/Santiago";
