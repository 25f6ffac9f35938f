// A browser context signed in as a demo user (the bench's tools): the session the app keeps
// in localStorage, set before the first document, at 1280×900 in Chile's locale and time.
import type { Browser, BrowserContext } from "playwright-core";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../scripts/seed/users";
import { NAME_KEY, TOKEN_KEY, USER_KEY } from "../src/providers/session";
import type { Role } from "../src/domain/roles/roles";

export async function signedInContext(browser: Browser, baseUrl: string, role: Role = "Gerencia"): Promise<BrowserContext> {
  const user = DEMO_LOGINS.find((u) => u.rol === role);
  if (!user) throw new Error(`Rol desconocido: ${role}`);
  const res = await fetch(`${baseUrl}/api/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ correo: user.correo, contrasena: DEMO_PASSWORD }) });
  if (!res.ok) throw new Error(`Login de ${user.correo} falló: ${res.status}`);
  const body = (await res.json()) as { token: string; usuario: { nombre: string } };
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 }, locale: "es-CL", timezoneId: "America/Santiago" });
  await context.addInitScript(
    ({ keys, token, usuario }) => {
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.usuario, JSON.stringify(usuario));
      localStorage.setItem(keys.nombre, usuario.nombre);
    },
    { keys: { token: TOKEN_KEY, usuario: USER_KEY, nombre: NAME_KEY }, token: body.token, usuario: body.usuario },
  );
  // tsx (esbuild, keepNames) wraps named functions in __name(): give the page one.
  await context.addInitScript({ content: "globalThis.__name = (f) => f;" });
  return context;
}
