// The generic browser test of the declared resources (src/domain/resources/registry.ts):
// for every one, through its visible Spanish labels, a writer opens it from the menu,
// creates a record, finds it with «Buscar», edits it and deletes it; a reader that may not
// write sees no «Nuevo» button; the list fits a 390 px phone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { keyOf, menuLabel, newLabel, type AnyResource } from "../../src/domain/resources/define-resource";
import { exampleBody, exampleValue } from "../../src/domain/resources/examples";
import { DECLARED_RESOURCES } from "../../src/domain/resources/registry";
import { ROLES, SECTION_LABELS } from "../../src/domain/roles/roles";
import { formHook } from "../../src/resources/declared/form-hooks";
import { linkTo, type ScreenId } from "../../src/custom-pages/screens";
import { atPath, hasHorizontalOverflow, hidden, loginAs, openMenu, startEnv, trackErrors, typeDate, visible, type E2EEnv } from "./support";

let env: E2EEnv;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(async () => {
  await env?.stop();
});

/** Fills the create form's inputs with `body`, each by its label (a flag keeps its default). */
async function fill(page: Page, r: AnyResource, body: Record<string, unknown>, labels: Record<string, string>): Promise<void> {
  for (const [name, f] of Object.entries(r.fields)) {
    const value = body[name];
    if (value === null || value === undefined || formHook(r.name, name, "create")?.shown === false || f.input.kind === "boolean") continue;
    const input = page.getByLabel(f.label, { exact: true });
    switch (f.input.kind) {
      case "date":
        await typeDate(input, String(value));
        break;
      case "select":
        await input.click();
        await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: String(value) }).first().click();
        break;
      case "reference": {
        const label = labels[name];
        await input.click();
        await input.fill(label);
        await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: label }).first().click();
        break;
      }
      default:
        await input.fill(String(value));
    }
  }
}

/** The resource's generic list: from the menu, or by its address when the menu opens its specification screen (tested by that screen's own e2e) or has no entry for the writer (the catalogue, edited from the specification's screens). */
async function openList(page: Page, r: AnyResource): Promise<void> {
  if (r.screen || !(r.menuRoles ?? r.readers).includes(r.writers[0])) await page.goto(`/${r.name}`);
  else await openMenu(page, SECTION_LABELS[r.section], menuLabel(r));
  await atPath(page, `/${r.name}`);
}

/** A body for a referenced resource that is not declared (the scoped reference's `within` value is added). */
const SEEDS: Record<string, Record<string, unknown>> = {
  clientes: { nombre: "Cliente del recurso declarado" },
  presupuestos: { numero: "RD-77", nombre_obra: "Obra del recurso declarado" },
};

describe.each(DECLARED_RESOURCES.map((r) => [r.name, r] as const))("recurso declarado %s en el navegador", (name, r) => {
  it("creates, finds, edits and deletes a record through its Spanish labels", async () => {
    const writer = env.users[r.writers[0]];
    const token = await env.tokenFor(writer.correo, writer.contrasena);
    const refs: Record<string, number> = {};
    const labels: Record<string, string> = {};
    const rows: Record<string, Record<string, unknown>> = {};
    for (const [f, d] of Object.entries(r.fields)) {
      if (d.input.kind !== "reference") continue;
      if (d.input.resource === "usuarios") {
        refs[f] = writer.id;
        labels[f] = writer.nombre;
        continue;
      }
      // A scoped reference's row is made under the row already chosen for its `within` field (the quote under the client).
      const scope = d.input.within ? { [d.input.within.field]: refs[d.input.within.field] } : {};
      const row = (await env.api<Record<string, unknown> & { id: number }>("POST", `/api/${d.input.resource}`, { token, body: { ...SEEDS[d.input.resource], ...scope } })).body;
      rows[f] = row;
      refs[f] = row.id;
      labels[f] = String(row[d.input.label]);
    }
    const body = exampleBody(r, 77, refs);
    const title = String(body[r.title]);

    const page = await env.newPage();
    const errors = trackErrors(page);
    await loginAs(page, env, r.writers[0]);
    await openList(page, r);
    await visible(page.getByRole("heading", { name: menuLabel(r) }));

    // Create: on the generic form, or (a resource created on a specification screen, tested by
    // that screen's own e2e) the «Nuevo» button opens that screen and the record comes by the API.
    await page.getByRole("button", { name: newLabel(r) }).click();
    if (r.createScreen) {
      await atPath(page, linkTo(r.createScreen as ScreenId));
      expect((await env.api("POST", `/api/${name}`, { token, body })).status).toBe(201);
    } else {
      await atPath(page, `/${name}/create`);
      await visible(page.getByRole("heading", { name: newLabel(r) }));
      await fill(page, r, body, labels);
      await page.getByRole("button", { name: "Guardar" }).click();
      const saved = (url: URL) => (r.redirect === "list" ? url.pathname === `/${name}` : url.pathname.startsWith(`/${name}/show/`));
      await page.waitForURL(saved);
    }
    const found = await env.api<Record<string, unknown>[]>("GET", `/api/${name}?q=${encodeURIComponent(title)}`, { token });
    expect(found.body).toHaveLength(1);
    const id = encodeURIComponent(String(found.body[0][keyOf(r)]));

    // Find it in the list with «Buscar».
    await openList(page, r);
    await page.getByLabel("Buscar", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await visible(page.getByRole("row").filter({ hasText: title }));

    // Edit: a text field other than the title, changed on the edit form, gets a new value.
    const [other] = Object.entries(r.fields).filter(([f, d]) => f !== r.title && d.input.kind === "text" && d.edit === undefined);
    if (other) {
      await page.getByRole("button", { name: `Editar ${title}` }).click();
      await atPath(page, `/${name}/edit/${id}`);
      await visible(page.getByRole("heading", { name: `Editar ${r.singular}: ${title}` }));
      const input = page.getByLabel(other[1].label, { exact: true });
      // What it stores now (a field only the edit form sets is still empty).
      const stored = (await env.api<Record<string, unknown>>("GET", `/api/${name}/${id}`, { token })).body[other[0]];
      await expect.poll(() => input.inputValue()).toBe(String(stored ?? ""));
      const changed = String(exampleValue(other[0], other[1], 78));
      await input.fill(changed);
      await page.getByRole("button", { name: "Guardar" }).click();
      await atPath(page, r.redirect === "list" ? `/${name}` : `/${name}/show/${id}`);
      await expect.poll(async () => (await env.api<Record<string, unknown>>("GET", `/api/${name}/${id}`, { token })).body[other[0]]).toBe(changed);
      await openList(page, r);
      await page.getByLabel("Buscar", { exact: true }).fill(title);
      await page.getByRole("button", { name: "Buscar", exact: true }).click();
    }

    // Delete, when the writer may delete this record (an invoice: only Control de pago's roles, never a paid or SII-imported one): else no button is offered.
    const stored = (await env.api<Record<string, unknown>>("GET", `/api/${name}/${id}`, { token })).body;
    if (!(r.deleters ?? r.writers).includes(r.writers[0]) || r.deleteRefusal?.(stored)) {
      await visible(page.getByRole("row").filter({ hasText: title }));
      expect(await page.getByRole("button", { name: `Eliminar ${title}` }).count()).toBe(0);
      expect(errors).toEqual([]);
      return;
    }
    await page.getByRole("button", { name: `Eliminar ${title}` }).click();
    await page.getByRole("button", { name: "Eliminar", exact: true }).click();
    await hidden(page.getByRole("row").filter({ hasText: title }));
    expect((await env.api("GET", `/api/${name}/${id}`, { token })).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it("shows no «Nuevo» to a reader that may not write, and fits a phone", async () => {
    const reader = ROLES.find((role) => r.readers.includes(role) && !r.writers.includes(role) && !(r.creators ?? r.writers).includes(role));
    if (!reader) return;
    const page = await env.newPage({ width: 390, height: 800 });
    await loginAs(page, env, reader);
    await page.goto(`/${name}`);
    await visible(page.getByRole("heading", { name: menuLabel(r) }));
    await visible(page.getByLabel("Buscar", { exact: true }));
    expect(await page.getByRole("button", { name: newLabel(r) }).count()).toBe(0);
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});
