// Administración → Usuarios through the browser: list with search and paging,
// create, duplicate e-mail refused on the field, change role, deactivate.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  ADMIN,
  atPath,
  hasHorizontalOverflow,
  hidden,
  loginWith,
  openMenu,
  PASSWORD,
  screenshot,
  startEnv,
  trackErrors,
  visible,
  type E2EEnv,
} from "./support";

let env: E2EEnv;

beforeAll(async () => {
  env = await startEnv();
});

afterAll(async () => {
  await env?.stop();
});

async function chooseRole(page: Page, rol: string): Promise<void> {
  const select = page.getByLabel("Rol", { exact: true });
  await select.fill(rol); // typing opens the (searchable) list
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: rol }).first().click();
}

function row(page: Page, text: string) {
  return page.getByRole("row").filter({ hasText: text });
}

describe("Usuarios", () => {
  it("lists with server paging and search, creates, changes role and deactivates", async () => {
    // Enough users for a second page (20 per page).
    for (let i = 0; i < 12; i++) await env.createUser("Fábrica", "relleno");

    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginWith(page, ADMIN.correo, ADMIN.contrasena);
    await openMenu(page, "Administración", "Usuarios");
    await atPath(page, "/usuarios");
    await visible(page.getByRole("heading", { name: "Usuarios" }));
    expect(await page.title()).toBe("Usuarios | Ventanal");

    // Server paging: 23 users (admin + 10 roles + 12) → "23 usuarios", page 2 exists.
    const listRequest = page.waitForRequest((r) => r.url().includes("/api/usuarios?"));
    await page.reload();
    const url = new URL((await listRequest).url());
    expect(url.searchParams.get("_start")).toBe("0");
    expect(url.searchParams.get("_end")).toBe("20");
    await visible(page.getByText("23 usuarios"));
    await page.locator(".ant-pagination").getByTitle("2", { exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("currentPage") === "2");
    await page.waitForFunction(() => document.querySelectorAll(".ant-table-tbody tr.ant-table-row").length === 3);

    // Search (q) on the server.
    await page.getByLabel("Buscar").fill("Usuario Bodega");
    const searchRequest = page.waitForRequest((r) => r.url().includes("/api/usuarios?") && r.url().includes("q="));
    await page.getByRole("button", { name: "Buscar" }).click();
    expect(new URL((await searchRequest).url()).searchParams.get("q")).toBe("Usuario Bodega");
    await visible(row(page, env.users.Bodega.correo));
    await page.waitForFunction(() => document.querySelectorAll(".ant-table-tbody tr.ant-table-row").length === 1);
    await screenshot(page, "usuarios-1280");
    expect(await hasHorizontalOverflow(page)).toBe(false);

    // Create.
    await page.getByRole("button", { name: "Nuevo usuario" }).click();
    await atPath(page, "/usuarios/create");
    const correo = "nueva.persona@ventanal.cl";
    await page.getByRole("button", { name: "Guardar" }).click();
    await visible(page.getByText("El nombre es obligatorio"));
    await page.getByRole("textbox", { name: "Nombre" }).fill("Nueva Persona");
    await page.getByLabel("Correo").fill(correo);
    await chooseRole(page, "Ventas");
    await page.getByLabel("Contraseña").fill(PASSWORD);
    // Teléfono is optional, but a number that is not Chilean is refused on the field.
    await page.getByLabel("Teléfono").fill("12345");
    await page.getByRole("button", { name: "Guardar" }).click();
    await visible(page.getByText("Teléfono inválido: use un número chileno de 9 dígitos, p. ej. +56 9 1234 5678"));
    await page.getByLabel("Teléfono").fill("+56 9 8765 4321");
    await screenshot(page, "usuarios-create-1280");
    const post = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/usuarios"));
    await page.getByRole("button", { name: "Guardar" }).click();
    const request = await post;
    expect(request.headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.postDataJSON()).toEqual({ nombre: "Nueva Persona", correo, rol: "Ventas", contrasena: PASSWORD, telefono: "+56 9 8765 4321" });
    await atPath(page, "/usuarios");
    // Refine's own texts are Spanish; success messages close after 3 s.
    const created = page.getByText("Usuario creado correctamente");
    await visible(created);
    await hidden(created, 5_000);
    await page.getByLabel("Buscar").fill("Nueva Persona");
    await page.getByRole("button", { name: "Buscar" }).click();
    await visible(row(page, correo).filter({ hasText: "Ventas" }));
    expect((await env.api("POST", "/api/login", { body: { correo, contrasena: PASSWORD } })).status).toBe(200);

    // A duplicate e-mail is refused by the server and shown on the Correo field.
    await page.getByRole("button", { name: "Nuevo usuario" }).click();
    await atPath(page, "/usuarios/create"); // the list's "Nombre" column header would match too
    await page.getByRole("textbox", { name: "Nombre" }).fill("Otra Persona");
    await page.getByLabel("Correo").fill(correo);
    await chooseRole(page, "Bodega");
    await page.getByLabel("Contraseña").fill(PASSWORD);
    await page.getByRole("button", { name: "Guardar" }).click();
    const correoItem = page.locator(".ant-form-item").filter({ has: page.getByLabel("Correo") });
    await visible(correoItem.locator(".ant-form-item-explain-error"));
    await atPath(page, "/usuarios/create");

    // Change role.
    await page.goto("/usuarios");
    await page.getByLabel("Buscar").fill("Nueva Persona");
    await page.getByRole("button", { name: "Buscar" }).click();
    await row(page, correo).getByRole("button", { name: /Editar/ }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/usuarios/edit/"));
    await visible(page.getByRole("heading", { name: "Editar usuario: Nueva Persona" }));
    await chooseRole(page, "Bodega");
    await expect.poll(() => page.getByLabel("Teléfono").inputValue()).toBe("+56 9 8765 4321");
    await page.getByLabel("Teléfono").fill("22 948 3100");
    await screenshot(page, "usuarios-edit-1280");
    const put = page.waitForRequest((r) => r.method() === "PUT" && /\/api\/usuarios\/\d+$/.test(r.url()));
    await page.getByRole("button", { name: "Guardar" }).click();
    expect((await put).postDataJSON()).toMatchObject({ rol: "Bodega", telefono: "22 948 3100" });
    await atPath(page, "/usuarios");
    await page.getByLabel("Buscar").fill("Nueva Persona");
    await page.getByRole("button", { name: "Buscar" }).click();
    await visible(row(page, correo).filter({ hasText: "Bodega" }));

    // Deactivate: the user can no longer sign in.
    await row(page, correo).getByRole("button", { name: /Editar/ }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/usuarios/edit/"));
    const activo = page.getByRole("switch", { name: "Activo" });
    await visible(activo);
    expect(await activo.getAttribute("aria-checked")).toBe("true");
    await activo.click();
    await page.getByRole("button", { name: "Guardar" }).click();
    await atPath(page, "/usuarios");
    await page.getByLabel("Buscar").fill("Nueva Persona");
    await page.getByRole("button", { name: "Buscar" }).click();
    await visible(row(page, correo).filter({ hasText: "Inactivo" }));
    expect((await env.api("POST", "/api/login", { body: { correo, contrasena: PASSWORD } })).status).toBe(401);
    expect(errors).toEqual([]);

    // Phone layout of the list.
    const phone = await env.newPage({ width: 390, height: 844 });
    await loginWith(phone, ADMIN.correo, ADMIN.contrasena);
    await phone.goto("/usuarios");
    await visible(phone.getByRole("heading", { name: "Usuarios" }));
    await visible(phone.getByRole("listitem").nth(1));
    await screenshot(phone, "usuarios-390");
    expect(await hasHorizontalOverflow(phone)).toBe(false);
  });
});
