// The real server as a child process (`tsx server/main.ts`) on a temporary DATA_DIR:
// the web app with history fallback, data across restarts, the first administrator,
// one process per data directory, and a graceful SIGTERM.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openMigratedTestDatabase } from "../helpers";
import { CHILD_PROCESS_TIMEOUT_MS } from "../timeouts";
import { linkTo } from "../../src/custom-pages/screens";

const ROOT = path.resolve(import.meta.dirname, "../..");
const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), "ventanal-plataforma-"));
const webDir = path.join(tmpRoot, "web");
fs.mkdirSync(path.join(webDir, "assets"), { recursive: true });
fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><html><body><div id=root>Ventanal de prueba</div></body></html>");
fs.writeFileSync(path.join(webDir, "assets", "app-123.js"), "console.log('hola');");

const running = new Set<ChildProcess>();
afterAll(() => {
  for (const p of running) p.kill("SIGKILL");
  fs.rmSync(tmpRoot, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Server {
  proc: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

function launch(dataDir: string, env: Record<string, string | undefined>, port: number): Server {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, WEB_DIR: webDir, LOG_LEVEL: "info" };
  delete childEnv.DATABASE_URL;
  delete childEnv.ADMIN_EMAIL;
  delete childEnv.ADMIN_PASSWORD;
  Object.assign(childEnv, env);
  const proc = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { cwd: ROOT, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  running.add(proc);
  let out = "";
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) =>
    proc.on("exit", (code) => {
      running.delete(proc);
      resolve(code);
    }),
  );
  return { proc, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

async function startServer(dataDir: string, env: Record<string, string | undefined> = {}): Promise<Server> {
  const s = launch(dataDir, env, await freePort());
  let done = false;
  void s.exited.then(() => (done = true));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (done) throw new Error(`el servidor terminó al iniciar:\n${s.output()}`);
    try {
      const res = await fetch(`${s.url}/health`);
      if (res.ok) return s;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`el servidor no respondió:\n${s.output()}`);
}

/** Log lines reach the pipe a moment after the answer. */
async function waitForOutput(s: Server, text: string, ms = 5000): Promise<string> {
  const deadline = Date.now() + ms;
  while (!s.output().includes(text) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return s.output();
}

async function stop(s: Server): Promise<number | null> {
  s.proc.kill("SIGTERM");
  return s.exited;
}

async function api(s: Server, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${s.url}${url}`, {
    method,
    headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, text, json: json as Record<string, unknown> & { token?: string } };
}

const ADMIN_EMAIL = "jefe@ventanal.cl";
const ADMIN_PASSWORD = "clave-del-jefe";
const GENERATED = /Contraseña generada \(se muestra solo esta vez\): (\S+)/;

// One data directory walks through the whole life of an installation (each start of
// PGlite costs seconds, so the steps share it and run in order).
describe("the real server", { timeout: CHILD_PROCESS_TIMEOUT_MS }, () => {
  const dataDir = path.join(tmpRoot, "datos");
  const env = { ADMIN_EMAIL, ADMIN_PASSWORD };
  let s1: Server;

  it("first start: the web app with history fallback, JSON 404s under /api, the administrator from ADMIN_EMAIL/ADMIN_PASSWORD", async () => {
    s1 = await startServer(dataDir, env);
    for (const page of ["/", linkTo("stock-actual"), "/ordenes-compra/editar/5?x=1"]) {
      const res = await fetch(`${s1.url}${page}`);
      expect(res.status, page).toBe(200);
      expect(res.headers.get("content-type"), page).toMatch(/text\/html/);
      expect(await res.text(), page).toContain("Ventanal de prueba");
      expect(res.headers.get("content-security-policy"), page).toContain("script-src 'self'");
    }
    const asset = await fetch(`${s1.url}/assets/app-123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toMatch(/immutable/);
    expect((await fetch(`${s1.url}/assets/no-existe.js`)).status).toBe(404);
    const nope = await api(s1, "GET", "/api/nope");
    expect(nope.status).toBe(404);
    expect(nope.headers.get("content-type")).toMatch(/application\/json/);
    expect(nope.json).toEqual({ message: "Recurso no encontrado.", errors: {} });

    expect(s1.output()).not.toMatch(GENERATED);
    const login = await api(s1, "POST", "/api/login", { correo: ADMIN_EMAIL, contrasena: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const created = await api(s1, "POST", "/api/usuarios", { nombre: "Bodeguero", correo: "bodega@ventanal.cl", rol: "Bodega", contrasena: "bodega-1" }, login.json.token);
    expect(created.status).toBe(201);
    // logged: a failed login and a 403, never a password
    await api(s1, "POST", "/api/login", { correo: "bodega@ventanal.cl", contrasena: "equivocada" });
    const bodega = await api(s1, "POST", "/api/login", { correo: "bodega@ventanal.cl", contrasena: "bodega-1" });
    expect((await api(s1, "GET", "/api/usuarios", undefined, bodega.json.token)).status).toBe(403);
    expect(await waitForOutput(s1, "inicio de sesión fallido")).toContain("inicio de sesión fallido");
    const log = await waitForOutput(s1, "acceso denegado (403)");
    expect(log).toContain("acceso denegado (403)");
    expect(log).not.toContain("equivocada");
    expect(log).not.toContain(ADMIN_PASSWORD);
  });

  it("a second server on the same DATA_DIR refuses to start, clearly, with a non-zero exit", async () => {
    const s2 = launch(dataDir, env, await freePort());
    const code = await s2.exited;
    expect(code).not.toBe(0);
    expect(s2.output()).toContain("ya está en uso por otro proceso de Ventanal");
    expect(s2.output()).toContain(`pid ${s1.proc.pid}`);
    expect((await api(s1, "GET", "/health")).status).toBe(200); // the first one is unharmed
  });

  it("SIGTERM lets a request in flight finish, then exits 0 and releases the data directory", async () => {
    const body = JSON.stringify({ correo: ADMIN_EMAIL, contrasena: ADMIN_PASSWORD });
    const half = Math.floor(body.length / 2);
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${s1.url}/api/login`, { method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (r) => {
        let text = "";
        r.on("data", (d) => (text += d));
        r.on("end", () => resolve({ status: r.statusCode!, body: text }));
      });
      req.on("error", reject);
      req.write(body.slice(0, half));
      setTimeout(() => {
        s1.proc.kill("SIGTERM"); // while the request is still arriving
        setTimeout(() => req.end(body.slice(half)), 500);
      }, 200);
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).usuario.correo).toBe(ADMIN_EMAIL);
    expect(await s1.exited).toBe(0);
    expect(s1.output()).toContain("SIGTERM: cerrando");
    expect(fs.existsSync(path.join(dataDir, "ventanal.lock"))).toBe(false);
  });

  it("data survive a restart; the administrator is not created again (other ADMIN_* are ignored)", async () => {
    const s2 = await startServer(dataDir, { ADMIN_EMAIL: "otro@ventanal.cl", ADMIN_PASSWORD: "otra-clave" });
    try {
      expect((await api(s2, "POST", "/api/login", { correo: "bodega@ventanal.cl", contrasena: "bodega-1" })).status).toBe(200);
      const admin = await api(s2, "POST", "/api/login", { correo: ADMIN_EMAIL, contrasena: ADMIN_PASSWORD });
      expect(admin.status).toBe(200);
      expect((await api(s2, "POST", "/api/login", { correo: "otro@ventanal.cl", contrasena: "otra-clave" })).status).toBe(401);
      const users = await api(s2, "GET", "/api/usuarios", undefined, admin.json.token);
      expect((users.json as unknown as { correo: string }[]).map((u) => u.correo).sort()).toEqual(["bodega@ventanal.cl", ADMIN_EMAIL]);
      expect(s2.output()).not.toMatch(GENERATED);
      expect(s2.output()).not.toContain("Usuario administrador creado");
      // a hard kill right after a write
      const created = await api(s2, "POST", "/api/usuarios", { nombre: "Antes del corte", correo: "corte@ventanal.cl", rol: "Ventas", contrasena: "corte-1" }, admin.json.token);
      expect(created.status).toBe(201);
    } finally {
      s2.proc.kill("SIGKILL");
      await s2.exited;
    }
  });

  it("after a killed process the stale lock is taken over and the data written before it are there", async () => {
    expect(fs.existsSync(path.join(dataDir, "ventanal.lock"))).toBe(true);
    const s3 = await startServer(dataDir, env);
    try {
      expect((await api(s3, "POST", "/api/login", { correo: "corte@ventanal.cl", contrasena: "corte-1" })).status).toBe(200);
    } finally {
      expect(await stop(s3)).toBe(0);
    }
  });
});

describe("the first administrator without ADMIN_PASSWORD", { timeout: CHILD_PROCESS_TIMEOUT_MS }, () => {
  it("gets a generated password printed once, and it works", async () => {
    // A data directory with no user yet: migrated (a copy of the run's template; the
    // first start on a new one, initdb and migrations, is the first test's).
    const dataDir = path.join(tmpRoot, "datos-generada");
    await (await openMigratedTestDatabase({ dataDir })).close();
    const s1 = await startServer(dataDir);
    let password: string;
    try {
      const match = GENERATED.exec(s1.output());
      expect(match, s1.output()).not.toBeNull();
      password = match![1];
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(s1.output()).toContain("Usuario administrador creado: admin@ventanal.cl");
      const login = await api(s1, "POST", "/api/login", { correo: "admin@ventanal.cl", contrasena: password });
      expect(login.status).toBe(200);
      expect((login.json.usuario as { rol: string }).rol).toBe("Informático");
    } finally {
      expect(await stop(s1)).toBe(0);
    }
    const s2 = await startServer(dataDir);
    try {
      expect(s2.output()).not.toMatch(GENERATED);
      expect((await api(s2, "POST", "/api/login", { correo: "admin@ventanal.cl", contrasena: password })).status).toBe(200);
    } finally {
      expect(await stop(s2)).toBe(0);
    }
  });
});
