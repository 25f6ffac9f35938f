// What a benchmark case is. Every file in bench/cases/ exports `cases: BenchCase[]`;
// bench/run.ts runs them all, on each database.
import type { Database } from "../server/db/connect";
import type { Role } from "../src/domain/roles/roles";

export interface BenchContext {
  /** http://localhost:PORT of the app under test. */
  url: string;
  database: Database;
  /** The server's backups: how long the last PGlite snapshot held requests up. */
  backups: { lastHeldMs: number | null };
  /** Bearer token of the seeded user of that role. */
  token(role: Role): Promise<string>;
}

export interface BenchCase {
  /** Shown in the table, e.g. "GET api/clientes". */
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path with query, e.g. "/api/presupuestos?_start=0&_end=50". */
  path: string;
  /** JSON body. */
  body?: unknown;
  /** Sent with the token of the seeded user of this role. */
  auth?: Role;
  /** Completes the case from the seeded data before anything is sent (e.g. ids in the path or body). */
  prepare?: (ctx: BenchContext) => Promise<Partial<Pick<BenchCase, "path" | "body">>>;
  /** Concurrent connections (default 10); 1 measures one request at a time. */
  connections?: number;
  /** Runs before the measurement; the function it returns runs after it (e.g. stops background load). */
  setup?: (ctx: BenchContext) => Promise<void | (() => Promise<void>)>;
  /**
   * What each connection sends instead of the case's own headers and body (connection i
   * takes entry i modulo the length), e.g. sign-ins of several people from several
   * addresses. Headers are added to the case's; a body replaces it.
   */
  perConnection?: (connections: number) => { headers?: Record<string, string>; body?: unknown }[];
  /** A page of a list: its PGlite/PostgreSQL ratio must stay ≤ 2 (default: the path has _start or _end). */
  paged?: boolean;
  /** Sent as a browser would ask: compressed answers (default true). */
  acceptCompressed?: boolean;
  /** A mix: each connection asks these paths in turn (`path` is only the probe). */
  paths?: string[];
  /**
   * Serves the case from elsewhere (other processes, a proxy) instead of the bench's own
   * app: the base URL to load and how to stop it; null when the case does not apply to this
   * database (shown as "no disponible").
   */
  serve?: (ctx: BenchContext) => Promise<{ url: string; stop(): Promise<void> } | null>;
  /** Limits in ms; the table marks each figure OK or SOBRE EL LÍMITE. */
  target: { median?: number; p99?: number };
}
