// Shared support for the browser tests: the REAL server as a child process on a
// fresh data directory (PGlite), one user per role created through the API as the
// administrator, and the system Chromium driven by playwright-core.
//
//   const env = await startEnv();            // beforeAll
//   const page = await env.newPage();        // 1280×800 by default
//   await loginAs(page, env, "Ventas");
//   await screenshot(page, "home-1280");     // screenshots/home-1280.png (gitignored)
//   await env.stop();                        // afterAll
//   const demo = await startEnv({ demo: true }); // the demo data set (scripts/demo.ts): its users, password ventanal123
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { access, appendFile, cp, mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { ROLES, type Role } from "../../src/domain/roles/roles";
import { NAME_KEY, TOKEN_KEY, USER_KEY, parseSessionUser } from "../../src/providers/session";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../../scripts/seed/users";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's template data directories (tests/e2e/global-setup.ts). */
    e2eTemplateDir: string;
  }
}

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const SCREENSHOT_DIR = path.join(ROOT, "screenshots");
export const ADMIN = { correo: "admin@ventanal.cl", contrasena: "Admin-e2e-2025" };
export const PASSWORD = "Clave-e2e-123";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Credentials {
  id: number;
  nombre: string;
  correo: string;
  contrasena: string;
  rol: Role;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface E2EEnv {
  baseUrl: string;
  /** The built web app this server serves (a private copy of dist/). */
  webDir: string;
  browser: Browser;
  /** One user per role, created at start. */
  users: Record<Role, Credentials>;
  adminToken: string;
  /** A new isolated browser context + page (no stored session). */
  newPage(viewport?: { width: number; height: number }, options?: { reducedMotion?: "reduce" | "no-preference" }): Promise<Page>;
  /** Calls the API directly (outside the browser), as `token` or anonymously. */
  api<T = unknown>(method: string, url: string, opts?: { token?: string | null; body?: unknown }): Promise<ApiResponse<T>>;
  /** Logs in through the API and returns the token. */
  tokenFor(correo: string, contrasena: string): Promise<string>;
  /** Creates a fresh user through the API as the administrator. */
  createUser(rol: Role, prefix?: string): Promise<Credentials>;
  /** Server output so far (printed when a start fails). */
  serverLog(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function slug(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

let userCounter = 0;

export interface EnvOptions {
  /**
   * Start `npm run demo`'s server (scripts/demo.ts) instead: a fresh database seeded with
   * the demo data set, whose users (one per role) are `users`; the Informático is the admin.
   */
  demo?: boolean;
}

/** A server child process on `dataDir` (tsx `script`), up when /health answers. */
interface Spawned {
  baseUrl: string;
  api: E2EEnv["api"];
  log(): string;
  /** SIGTERM, then SIGKILL after 10 s; resolves with the exit code (null when killed). */
  stop(): Promise<number | null>;
}

async function spawnServer(script: string, dataDir: string, webDir: string, extraEnv: Record<string, string> = {}): Promise<Spawned> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = "";
  const child: ChildProcess = spawn(path.join(ROOT, "node_modules/.bin/tsx"), [script], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // The server's backups stay in its own folder (removed with it), never in the repository.
      BACKUP_DIR: path.join(path.dirname(dataDir), "respaldos"),
      ADMIN_EMAIL: ADMIN.correo,
      ADMIN_PASSWORD: ADMIN.contrasena,
      WEB_DIR: webDir,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  let exited = false;
  let exitCode: number | null = null;
  const exitPromise = new Promise<void>((resolve) =>
    child.once("exit", (code) => {
      exited = true;
      exitCode = code;
      resolve();
    }),
  );
  const stop = async () => {
    if (!exited) {
      child.kill("SIGTERM");
      await Promise.race([exitPromise, sleep(10_000)]);
      if (!exited) {
        child.kill("SIGKILL");
        await exitPromise;
      }
    }
    return exitCode;
  };

  const api: E2EEnv["api"] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers["Content-Type"] = "application/json";
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, body: body as never, headers: res.headers };
  };

  try {
    // Wait for GET /health.
    const deadline = Date.now() + 180_000; // a loaded machine (two files and the templates start at once)
    for (;;) {
      if (exited) throw new Error(`El servidor terminó al iniciar:\n${log}`);
      try {
        const res = await fetch(`${baseUrl}/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`El servidor no respondió /health a tiempo:\n${log}`);
      await sleep(100);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, api, log: () => log, stop };
}

async function tokenWith(api: E2EEnv["api"], correo: string, contrasena: string): Promise<string> {
  const res = await api<{ token: string }>("POST", "/api/login", { body: { correo, contrasena } });
  if (res.status !== 200) throw new Error(`Login de ${correo} falló: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

async function createUserWith(api: E2EEnv["api"], adminToken: string, rol: Role, prefix: string): Promise<Credentials> {
  userCounter += 1;
  const tag = `${slug(prefix)}-${slug(rol)}-${process.pid}-${userCounter}`;
  const nombre = `${prefix.charAt(0).toUpperCase()}${prefix.slice(1)} ${rol} ${userCounter}`;
  const correo = `${tag}@ventanal.cl`;
  const res = await api<{ id: number }>("POST", "/api/usuarios", {
    token: adminToken,
    body: { nombre, correo, rol, contrasena: PASSWORD },
  });
  if (res.status !== 201 && res.status !== 200) {
    throw new Error(`No se pudo crear el usuario ${correo}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { id: res.body.id, nombre, correo, contrasena: PASSWORD, rol };
}

/** dist/, the web app built by `vite build` (npm run test:e2e builds it first). */
async function builtWebApp(): Promise<string> {
  const dist = path.join(ROOT, "dist");
  try {
    await access(path.join(dist, "index.html"));
  } catch {
    throw new Error("Falta dist/: ejecute `npx vite build` (npm run test:e2e lo hace).");
  }
  return dist;
}

/** The state a fresh environment starts in: a new database with one user per role, or the demo. */
type TemplateKind = "plain" | "demo";
const TEMPLATE_KINDS: readonly TemplateKind[] = ["plain", "demo"];

/** `E2E_TIMES=<file>`: appends "label ms" lines (server start, login…) to measure the suite. */
async function timing(label: string, since: number): Promise<void> {
  const file = process.env.E2E_TIMES;
  if (file) await appendFile(file, `${label} ${Date.now() - since}\n`);
}

/**
 * Builds the run's template data directories (tests/e2e/global-setup.ts), both at once:
 * "plain" is a fresh database (migrated, with the first admin) plus one user per role
 * (`users.json`), "demo" is `npm run demo`'s seeded database. Each is built the ordinary way
 * and its server stopped cleanly; every test file then starts its server on a COPY.
 */
export async function buildTemplates(dir: string): Promise<void> {
  const dist = await builtWebApp();
  await Promise.all(
    TEMPLATE_KINDS.map(async (kind) => {
      const t0 = Date.now();
      const dataDir = path.join(dir, kind, "data");
      const server = await spawnServer(kind === "demo" ? "scripts/demo.ts" : "server/main.ts", dataDir, dist);
      if (kind === "plain") {
        try {
          const adminToken = await tokenWith(server.api, ADMIN.correo, ADMIN.contrasena);
          const users = {} as Record<Role, Credentials>;
          for (const rol of ROLES) users[rol] = await createUserWith(server.api, adminToken, rol, "usuario");
          await writeFile(path.join(dir, kind, "users.json"), JSON.stringify(users));
        } catch (err) {
          await server.stop();
          throw err;
        }
      }
      // A copy is only as good as a clean shutdown (SIGTERM closes the database; exit code 0).
      const code = await server.stop();
      if (code !== 0) throw new Error(`El servidor de la plantilla ${kind} no se detuvo limpiamente (${code}):\n${server.log()}`);
      await writeFile(path.join(dir, kind, "ready"), "");
      await timing(`template ${kind}`, t0);
    }),
  );
}

function templateDir(kind: TemplateKind): string | undefined {
  let dir: string | undefined;
  try {
    dir = inject("e2eTemplateDir");
  } catch {
    return undefined; // not inside a vitest worker
  }
  return dir && existsSync(path.join(dir, kind, "ready")) ? path.join(dir, kind) : undefined;
}

export async function startEnv(opts: EnvOptions = {}): Promise<E2EEnv> {
  const t0 = Date.now();
  const dist = await builtWebApp();
  const kind: TemplateKind = opts.demo ? "demo" : "plain";
  const template = templateDir(kind);
  const workDir = await mkdtemp(path.join(tmpdir(), "ventanal-e2e-"));
  const dataDir = path.join(workDir, "data");
  // A private copy of the web app: a concurrent `vite build` cannot pull files away mid-test.
  const webDir = path.join(workDir, "web");
  await cp(dist, webDir, { recursive: true });
  let server: Spawned | undefined;
  try {
    if (template) {
      // A copy of the run's template (see buildTemplates): the same database, already migrated (and seeded).
      await cp(path.join(template, "data"), dataDir, { recursive: true });
      server = await spawnServer("server/main.ts", dataDir, webDir, opts.demo ? { ALLOW_DEMO_DATA: "1" } : {});
    } else {
      server = await spawnServer(opts.demo ? "scripts/demo.ts" : "server/main.ts", dataDir, webDir);
    }
  } catch (err) {
    await rm(workDir, { recursive: true, force: true });
    throw err;
  }
  const { baseUrl, api } = server;
  const running = server;
  const stopServer = async () => {
    await running.stop();
    await rm(workDir, { recursive: true, force: true });
  };

  try {
    const tokenFor = (correo: string, contrasena: string) => tokenWith(api, correo, contrasena);
    const demoAdmin = DEMO_LOGINS.find((u) => u.rol === "Informático")!;
    const adminToken = opts.demo ? await tokenFor(demoAdmin.correo, DEMO_PASSWORD) : await tokenFor(ADMIN.correo, ADMIN.contrasena);
    const createUser = (rol: Role, prefix = "usuario") => createUserWith(api, adminToken, rol, prefix);

    let users = {} as Record<Role, Credentials>;
    if (opts.demo) {
      const list = await api<{ id: number; correo: string }[]>("GET", "/api/usuarios", { token: adminToken });
      for (const u of DEMO_LOGINS) {
        const id = list.body.find((x) => x.correo === u.correo)?.id ?? 0;
        users[u.rol] = { id, nombre: u.nombre, correo: u.correo, contrasena: DEMO_PASSWORD, rol: u.rol };
      }
    } else if (template) {
      users = JSON.parse(await readFile(path.join(template, "users.json"), "utf8")) as Record<Role, Credentials>;
      // Users this process creates later are numbered after the template's (their names stay unique).
      userCounter = Math.max(userCounter, ROLES.length);
    } else {
      for (const rol of ROLES) users[rol] = await createUser(rol, "usuario");
    }

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    });
    const contexts: BrowserContext[] = [];
    await timing(`start ${kind}${template ? " (plantilla)" : ""}`, t0);

    return {
      baseUrl,
      webDir,
      browser,
      users,
      adminToken,
      api,
      tokenFor,
      createUser,
      serverLog: () => running.log(),
      async newPage(viewport = { width: 1280, height: 800 }, { reducedMotion = "reduce" }: { reducedMotion?: "reduce" | "no-preference" } = {}) {
        // reducedMotion: the app then turns antd's animations off (a user setting it honours), so a
        // click never lands on a modal or dropdown still zooming in or out on a loaded machine.
        // ("no-preference": the default theme, whose styles come from antd's static stylesheet.)
        const context = await browser.newContext({ baseURL: baseUrl, viewport, locale: "es-CL", timezoneId: "America/Santiago", reducedMotion });
        contexts.push(context);
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        return page;
      },
      async stop() {
        await Promise.allSettled(contexts.map((c) => c.close()));
        await browser.close().catch(() => {});
        await stopServer();
      },
    };
  } catch (err) {
    await stopServer();
    throw err;
  }
}

/** Signs in through the login screen and waits for the home page. */
export async function loginWith(page: Page, correo: string, contrasena: string): Promise<void> {
  const t0 = Date.now();
  await page.goto("/login");
  await page.getByLabel("Correo").fill(correo);
  await page.getByLabel("Contraseña").fill(contrasena);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await visible(page.getByRole("heading", { name: "Bienvenido a Ventanal" }));
  await timing("loginWith", t0);
}

let loginGeneration = 0;

/**
 * Signs in as the test user of `role` (created by startEnv) WITHOUT the login screen: the
 * token comes from POST /api/login and is stored the way the login screen stores it
 * (src/providers/session.ts), then the home page opens. The login screen itself is tested
 * through `loginWith` (shell.e2e.ts, usuarios.e2e.ts).
 */
export async function loginAs(page: Page, env: E2EEnv, role: Role): Promise<Credentials> {
  const t0 = Date.now();
  const user = env.users[role];
  const res = await env.api<{ token: string; usuario: unknown }>("POST", "/api/login", { body: { correo: user.correo, contrasena: user.contrasena } });
  if (res.status !== 200) throw new Error(`Login de ${user.correo} falló: ${res.status} ${JSON.stringify(res.body)}`);
  const usuario = parseSessionUser(res.body.usuario);
  if (!usuario) throw new Error(`Login de ${user.correo}: respuesta sin usuario: ${JSON.stringify(res.body)}`);
  const keys = { token: TOKEN_KEY, usuario: USER_KEY, nombre: NAME_KEY };
  // Stored once per tab (the sign-in's number in sessionStorage): a later logout and reload
  // stay logged out, and a later loginAs on the same page wins over an earlier one.
  const generation = ++loginGeneration;
  await page.addInitScript(
    ({ origin, keys, token, usuario, generation }) => {
      if (location.origin !== origin || Number(sessionStorage.getItem("e2e-session") ?? 0) >= generation) return;
      sessionStorage.setItem("e2e-session", String(generation));
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.usuario, JSON.stringify(usuario));
      localStorage.setItem(keys.nombre, usuario.nombre);
    },
    { origin: env.baseUrl, keys, token: res.body.token, usuario, generation },
  );
  await page.goto("/");
  await atPath(page, "/");
  await visible(page.getByRole("heading", { name: "Bienvenido a Ventanal" }));
  await timing("loginAs", t0);
  return user;
}

/** The main navigation (sidebar menu). */
export function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Menú principal" });
}

/** Opens a menu entry: unfolds its section (and submenu) if needed, then clicks the link. */
export async function openMenu(page: Page, section: string, label: string, submenu?: string): Promise<void> {
  const nav = mainNav(page);
  const sectionButton = nav.getByRole("button", { name: section, exact: true });
  if ((await sectionButton.getAttribute("aria-expanded")) !== "true") await sectionButton.click();
  if (submenu) {
    const sub = nav.getByRole("button", { name: submenu, exact: true });
    if ((await sub.getAttribute("aria-expanded")) !== "true") await sub.click();
  }
  await nav.getByRole("link", { name: label, exact: true }).first().click();
}

/** Full-page screenshot in screenshots/<name>.png (the folder is gitignored). */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  return file;
}

/** True when the page can scroll horizontally (content wider than the viewport). */
export async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/** Waits until the locator is visible (fails after the page's default timeout). */
export async function visible(locator: Locator, timeout?: number): Promise<Locator> {
  await locator.waitFor({ state: "visible", timeout });
  return locator;
}

/** Waits until the locator is hidden or gone. */
export async function hidden(locator: Locator, timeout?: number): Promise<void> {
  await locator.waitFor({ state: "hidden", timeout });
}

/** Waits until the page's path is `pathname`. */
export async function atPath(page: Page, pathname: string, timeout?: number): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

/**
 * Collects the page's script errors and console errors (CSP violations, React errors).
 * Failed HTTP answers the test provokes on purpose (401, 403, 409…) are left out.
 */
export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    const text = msg.text();
    if (/Failed to load resource: the server responded with a status of (4\d\d)/.test(text)) return;
    errors.push(`console: ${text}`);
  });
  return errors;
}

/**
 * Types a date into one of the app's date pickers (src/components/DateField) as a person
 * would, DD-MM-AAAA, and confirms it with Enter. `iso` is "YYYY-MM-DD".
 */
export async function typeDate(input: Locator, iso: string): Promise<void> {
  const [y, m, d] = iso.split("-");
  await input.click();
  await input.press("ControlOrMeta+a");
  await input.pressSequentially(`${d}-${m}-${y}`);
  await input.press("Enter");
}

/** Types a month ("YYYY-MM") into a month picker as MM-AAAA and confirms it. */
export async function typeMonth(input: Locator, month: string): Promise<void> {
  const [y, m] = month.split("-");
  await input.click();
  await input.press("ControlOrMeta+a");
  await input.pressSequentially(`${m}-${y}`);
  await input.press("Enter");
}

/** "2026-11-25" → "25-11-2026", as the date pickers show it. */
export const shownDate = (iso: string) => iso.split("-").reverse().join("-");

/** Picks the option showing `text` of the antd Select labelled `label`; a searchable one is typed `typed` first (the client box asks the server). */
export async function chooseOption(page: Page, label: string, text: string, typed = text): Promise<void> {
  const box = page.getByLabel(label, { exact: true });
  await page.locator(".ant-select").filter({ has: box }).click();
  if (await box.isEditable()) await box.fill(typed);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: text }).first().click();
}

/** The same inside `scope` (a row, a card), without typing: where several Selects share a label. */
export async function chooseOptionIn(page: Page, scope: Locator, label: string, text: string): Promise<void> {
  // `has` is relative to each .ant-select: an unscoped label locator.
  await scope.locator(".ant-select").filter({ has: page.getByLabel(label, { exact: true }) }).first().click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: text }).first().click();
}

/** The screen's banner (an error is an alert, a success a status) showing `text`. */
export function bannerWith(page: Page, text: string): Locator {
  return page.getByRole("alert").filter({ hasText: text }).or(page.getByRole("status").filter({ hasText: text }));
}
