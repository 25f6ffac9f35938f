// The table rule, checked by itself (issue 20): every menu screen of every role, with the
// demo data set, at 1280 × 800 and 390 × 844. A screen fails when
//   - an element sits beyond the right edge of the box that clips it and that box has no
//     sideways scrollbar (text cut with an ellipsis is allowed: it shows whole on hover),
//     or the page itself scrolls sideways;
//   - a date or amount cell (class vt-nowrap, set by src/components/columns, or a vt-num
//     figure) wraps;
//   - a button of a table row is out of view until the table is scrolled sideways.
// Screens are deduplicated by path among roles that see the same screen (same section
// rights); every role's menu is covered.
// Every declared list (issue 32) is opened again with realistic long values (names of 60
// characters, observations of 200) at 1280 and 390 px: besides the rules above, every column
// it declares as needed is in view (not under the fixed actions column) and no header is
// narrower than ~3 characters; «Columnas» keeps a person's choice for that list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { loginAs, screenshot, startEnv, trackErrors, visible, type E2EEnv } from "./support";
import { ROLES, SECTIONS, canAccess, visibleSections, type Role } from "../../src/domain/roles/roles";
import type { AnyResource, FieldDecl } from "../../src/domain/resources/define-resource";
import { exampleBody } from "../../src/domain/resources/examples";
import { DECLARED_RESOURCES } from "../../src/domain/resources/registry";
import { buildMenu, type MenuEntry } from "../../src/providers/resources";
import { linkTo } from "../../src/custom-pages/screens";

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** Screens behind a menu screen that carry tables of their own (a record's page, a chosen quote). */
const EXTRA_PATHS: Record<string, string[]> = {
  "/presupuestos": ["/presupuestos/show/1"],
  "/clientes": ["/clientes/show/1"],
  [linkTo("editar-presupuestos")]: [`${linkTo("editar-presupuestos")}?presupuesto=1`],
};

function links(entries: MenuEntry[]): string[] {
  return entries.flatMap((e) => (e.kind === "link" ? [e.path] : links(e.children)));
}

/**
 * What a role can do decides what a screen shows; roles with the same rights see the same
 * screen. Administración's screens are seen only by the roles that write it, so its right
 * does not tell the other screens apart.
 */
function rights(role: Role): string {
  return SECTIONS.filter((s) => s !== "administracion")
    .map((s) => (canAccess(role, s, "write") ? "w" : canAccess(role, s, "read") ? "r" : "-"))
    .join("");
}

/** LAYOUT_PATHS=/StockActual,/clientes checks only those screens (while fixing them). */
const ONLY = process.env.LAYOUT_PATHS?.split(",");

/** Each role's screens, a path visited once per set of rights. */
function plan(): { role: Role; paths: string[] }[] {
  const seen = new Set<string>();
  return ROLES.map((role) => {
    const paths: string[] = [];
    for (const path of links(buildMenu(visibleSections(role)))) {
      for (const p of [path, ...(EXTRA_PATHS[path] ?? [])]) {
        const key = `${rights(role)} ${p}`;
        if (seen.has(key) || (ONLY && !ONLY.includes(p))) continue;
        seen.add(key);
        paths.push(p);
      }
    }
    return { role, paths };
  });
}

/** Runs in the page: every breach of the table rule on screen. */
function findProblems(): string[] {
  const problems: string[] = [];
  const name = (el: Element) => {
    const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    const cls = typeof el.className === "string" ? el.className.split(" ").filter(Boolean).slice(0, 2).join(".") : "";
    return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ""}>${text ? ` "${text}"` : ""}`;
  };
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) problems.push(`la página se desplaza de lado (${doc.scrollWidth} > ${doc.clientWidth} px)`);

  const main = document.querySelector("main") ?? document.body;
  const clipOf = (el: Element): Element | null => {
    for (let p = el.parentElement; p && p !== main.parentElement; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== "visible") return p;
    }
    return null;
  };
  const scrolls = (box: Element) => {
    const s = getComputedStyle(box).overflowX;
    return (s === "auto" || s === "scroll") && box.scrollWidth > box.clientWidth + 1;
  };
  const shown = (el: Element, r: DOMRect) => r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  // antd's own parts that hide a piece on purpose: a switch's other label, a number box's
  // arrows, the table's hidden measuring row.
  const INTERNAL = ".ant-switch, .ant-input-number-handler-wrap, .ant-table-measure-row";

  // 1. Beyond the right edge of a box without a sideways scrollbar.
  const reported = new Set<Element>();
  for (const el of main.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (!shown(el, r) || el.closest(INTERNAL)) continue;
    const box = clipOf(el);
    const right = box ? box.getBoundingClientRect().right : doc.clientWidth;
    if (r.right <= right + 1) continue;
    if (box && (scrolls(box) || getComputedStyle(box).textOverflow === "ellipsis")) continue;
    if (getComputedStyle(el).textOverflow === "ellipsis") continue;
    // Report the outermost element only.
    if ([...reported].some((p) => p.contains(el))) continue;
    reported.add(el);
    problems.push(`${name(el)} sobresale ${Math.round(r.right - right)} px a la derecha de ${box ? name(box) : "la ventana"} sin barra de desplazamiento`);
  }

  // 2. Dates and amounts on one line: no text node inside a vt-nowrap spans two lines.
  for (const cell of main.querySelectorAll(".vt-nowrap:not(th), .vt-num:not(th)")) {
    if (!shown(cell, cell.getBoundingClientRect())) continue;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top / 4)));
      if (tops.size > 1) {
        problems.push(`${name(cell)} ocupa ${tops.size} líneas`);
        break;
      }
    }
  }

  // 3. A row's buttons in view without scrolling the table sideways: every one on a wide
  //    screen; on a phone, where a table may scroll, its actions column (fixed right).
  const wide = doc.clientWidth >= 1000;
  const buttons = wide ? "td button, td a.ant-btn" : ":is(td.vt-actions-cell, td.ant-table-cell-fix-right) :is(button, a.ant-btn)";
  for (const button of main.querySelectorAll(buttons)) {
    const r = button.getBoundingClientRect();
    if (!shown(button, r)) continue;
    const box = clipOf(button);
    const edge = box ? box.getBoundingClientRect() : new DOMRect(0, 0, doc.clientWidth, doc.clientHeight);
    if (r.right > edge.right + 1 || r.left < edge.left - 1) problems.push(`el botón ${name(button)} queda fuera de la vista`);
  }
  return [...new Set(problems)];
}

/** The screen has loaded: its title is there and no table or list is loading. */
async function settle(page: Page): Promise<void> {
  await page.locator("main h1, main h3, main h4").first().waitFor({ timeout: 10_000 });
  await page.waitForLoadState("networkidle");
  await page.locator("main .ant-spin-spinning, main .ant-skeleton-active").first().waitFor({ state: "detached", timeout: 3_000 }).catch(() => {});
}

describe("layout: every menu screen fits at 1280 and 390 px", () => {
  let env: E2EEnv;
  beforeAll(async () => {
    env = await startEnv({ demo: true });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it("covers every role's menu", () => {
    const planned = plan();
    for (const role of ROLES) {
      const menu = links(buildMenu(visibleSections(role)));
      const covered = planned.filter((p) => rights(p.role) === rights(role)).flatMap((p) => p.paths);
      expect(menu.filter((path) => !covered.includes(path) && (!ONLY || ONLY.includes(path))), role).toEqual([]);
    }
  });

  // One page per role and group of screens (a role that sees every screen would need more
  // than the test's time on a loaded machine): each screen is loaded at 1280 px, checked,
  // narrowed to 390 px (the phone layout takes over) and checked again.
  const GROUP = 8;
  for (const { role, paths: all } of plan()) {
    const groups = Math.ceil(all.length / GROUP);
    for (let g = 0; g < groups; g++) {
      const paths = all.slice(g * GROUP, (g + 1) * GROUP);
      const part = groups > 1 ? ` (${g + 1}/${groups})` : "";
      it(`${role}${part}: no table is cut, no date or amount wraps and row buttons are in view`, { timeout: 120_000 }, async () => {
        const failures: string[] = [];
        const page = await env.newPage(WIDTHS[0]);
        const errors = trackErrors(page);
        await loginAs(page, env, role);
        for (const path of paths) {
          const t0 = Date.now();
          await page.setViewportSize(WIDTHS[0]);
          await page.goto(path);
          await settle(page);
          for (const viewport of WIDTHS) {
            if (viewport !== WIDTHS[0]) {
              await page.setViewportSize(viewport);
              await page.waitForTimeout(200);
              await settle(page);
            }
            for (const p of await page.evaluate(findProblems)) failures.push(`${viewport.width} px ${path}: ${p}`);
          }
          if (process.env.LAYOUT_TIMES) console.log(`${role} ${path} ${Date.now() - t0} ms`);
        }
        for (const e of errors) failures.push(e);
        await page.context().close();
        expect(failures).toEqual([]);
      });
    }
  }
});

/** A text of `length` characters, numbered (unique), like a real long name or observation. */
function longText(label: string, n: number, length: number): string {
  const words = `${label} ${n} Ventanas de aluminio termopanel con instalación en obra, edificio Mirador del Valle, torre B, departamentos del piso 12 al 18, con retiro de marcos antiguos y sellado perimetral `;
  return words.repeat(Math.ceil(length / words.length)).slice(0, length).trimEnd().padEnd(length, "x");
}

const LONG = 60;
const LONGER = 200;
const isObservation = (name: string) => /observ|direcci|comentario/.test(name);

/** The n-th body of `r` with every free text as long as a real one (its declared maximum at most). */
function longBody(r: AnyResource, n: number, refs: Record<string, number>): Record<string, unknown> {
  const body = exampleBody(r, n, refs);
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.input.kind !== "text" || f.readOnly || f.example) continue;
    const length = Math.min(isObservation(name) ? LONGER : LONG, f.maxLength ?? Infinity);
    body[name] = longText(f.label, n, length);
  }
  return body;
}

/** The columns a declared list must keep in view: its title and those declared needed (their header titles). */
function neededHeaders(r: AnyResource): string[] {
  const all: [string, Pick<FieldDecl, "label" | "list" | "priority"> & { column?: string }][] = [...Object.entries(r.fields), ...Object.entries(r.computed ?? {})];
  return all.filter(([name, f]) => f.list && (name === r.title ? (f.priority ?? "needed") : f.priority) === "needed").map(([, f]) => f.column ?? f.label);
}

/** Runs in the page: the needed headers out of view or under the actions column, and headers narrower than ~3 characters. */
function findHeaderProblems(needed: string[]): string[] {
  const problems: string[] = [];
  const table = document.querySelector("main .ant-table");
  if (!table) return ["no hay tabla"];
  const box = (table.querySelector(".ant-table-content, .ant-table-body") ?? table).getBoundingClientRect();
  const heads = [...table.querySelectorAll("thead th")].filter((th) => !th.classList.contains("ant-table-selection-column"));
  const text = (th: Element) => (th.textContent ?? "").trim();
  const actions = heads.find((th) => text(th) === "Acciones")?.getBoundingClientRect();
  for (const title of needed) {
    const th = heads.find((h) => text(h) === title);
    if (!th) {
      problems.push(`falta la columna «${title}»`);
      continue;
    }
    const r = th.getBoundingClientRect();
    if (r.left < box.left - 1 || r.right > box.right + 1) problems.push(`la columna «${title}» queda fuera de la vista`);
    else if (actions && r.right > actions.left + 1) problems.push(`la columna «${title}» queda bajo «Acciones»`);
  }
  for (const th of heads) {
    const title = text(th);
    if (!title) continue;
    const label = th.querySelector(".ant-table-column-title") ?? th;
    const style = getComputedStyle(label);
    const size = parseFloat(style.fontSize) || 14;
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    // The text's visible width against its whole width: a declared list shows every header
    // whole (src/components/columns headerWidth); below ~3 characters is never acceptable.
    const shown = label.clientWidth - padding;
    const whole = label.scrollWidth - padding;
    if (shown < Math.min(whole, 3 * 0.6 * size)) problems.push(`el encabezado «${title}» se ve en ${Math.round(shown)} px`);
    else if (whole > shown + 1) problems.push(`el encabezado «${title}» se corta (${Math.round(shown)} de ${Math.round(whole)} px)`);
  }
  return problems;
}

describe("layout: every declared list fits with long values at 1280 and 390 px", () => {
  let env: E2EEnv;
  const READER: Role = "Gerencia";
  beforeAll(async () => {
    env = await startEnv();
    // A client and a quote with long names for the references, then three records of every declared list.
    const admin = env.adminToken;
    const cliente = await env.api<{ id: number }>("POST", "/api/clientes", { token: admin, body: { nombre: longText("Cliente", 1, LONG), direccion: longText("Dirección", 1, LONGER) } });
    expect(cliente.status, JSON.stringify(cliente.body)).toBe(201);
    const presupuesto = await env.api<{ id: number }>("POST", "/api/presupuestos", { token: admin, body: { numero: "LARGO-1", cliente_id: cliente.body.id, nombre_obra: longText("Obra", 1, LONG) } });
    expect(presupuesto.status, JSON.stringify(presupuesto.body)).toBe(201);
    for (const r of DECLARED_RESOURCES) {
      const writer = env.users[r.writers[0]];
      const token = await env.tokenFor(writer.correo, writer.contrasena);
      const refs: Record<string, number> = {};
      for (const [name, f] of Object.entries(r.fields)) {
        if (f.input.kind !== "reference") continue;
        refs[name] = f.input.resource === "usuarios" ? writer.id : f.input.resource === "clientes" ? cliente.body.id : presupuesto.body.id;
      }
      for (let n = 900; n < 903; n++) {
        // A field whose rule allows less than the long text (a document number: 50) takes its example.
        const body = longBody(r, n, refs);
        let res = await env.api<{ errors?: Record<string, unknown> }>("POST", `/api/${r.name}`, { token, body });
        if (res.status === 400 && res.body.errors) {
          const example = exampleBody(r, n, refs);
          for (const name of Object.keys(res.body.errors)) body[name] = example[name];
          res = await env.api("POST", `/api/${r.name}`, { token, body });
        }
        expect(res.status, `${r.name}: ${JSON.stringify(res.body)}`).toBe(201);
      }
    }
  });
  afterAll(async () => {
    await env?.stop();
  });

  describe("needed columns in view, headers whole, nothing cut at 1280 and 390 px", () => {
    let page: Page;
    let errors: string[];
    beforeAll(async () => {
      page = await env.newPage(WIDTHS[0]);
      errors = trackErrors(page);
      await loginAs(page, env, READER);
    });
    afterAll(async () => {
      await page?.context().close();
    });

    for (const r of DECLARED_RESOURCES)
      it(r.name, { timeout: 120_000 }, async () => {
        const failures: string[] = [];
        const path = `/${r.name}`;
        await page.setViewportSize(WIDTHS[0]);
        await page.goto(path);
        await settle(page);
        await visible(page.locator("main .ant-table-row").first());
        for (const p of await page.evaluate(findProblems)) failures.push(`1280 px ${path}: ${p}`);
        for (const p of await page.evaluate(findHeaderProblems, neededHeaders(r))) failures.push(`1280 px ${path}: ${p}`);
        if (r.name === "facturas_guias" || r.name === "pagos_clientes") await screenshot(page, `layout-largo-${r.name}-1280`);
        await page.setViewportSize(WIDTHS[1]);
        await page.waitForTimeout(200);
        await settle(page);
        for (const p of await page.evaluate(findProblems)) failures.push(`390 px ${path}: ${p}`);
        if (r.name === "facturas_guias" || r.name === "pagos_clientes") await screenshot(page, `layout-largo-${r.name}-390`);
        failures.push(...errors.splice(0));
        expect(failures).toEqual([]);
      });
  });

  it("«Columnas» brings back a column that stepped back, for this person and list, and remembers it", async () => {
    const page = await env.newPage(WIDTHS[0]);
    const errors = trackErrors(page);
    await loginAs(page, env, READER);
    const header = (p: Page, title: string) => p.locator("main .ant-table-thead th").filter({ hasText: new RegExp(`^${title}$`) });
    await page.goto("/facturas_guias");
    await settle(page);
    // At 1280 px the invoices' emission date (useful) steps back for the needed columns.
    await visible(header(page, "Vencimiento"));
    expect(await header(page, "Fecha").count()).toBe(0);
    await page.getByRole("button", { name: "Columnas" }).click();
    const chooser = page.getByRole("group", { name: "Columnas de la lista" });
    // A needed column cannot be hidden.
    expect(await chooser.getByRole("checkbox", { name: "Proveedor" }).isDisabled()).toBe(true);
    await chooser.getByRole("checkbox", { name: "Fecha", exact: true }).check();
    await visible(header(page, "Fecha"));
    await page.reload();
    await settle(page);
    await visible(header(page, "Fecha"));
    // Another list keeps its own columns, another person his own.
    await page.goto("/pagos_clientes");
    await settle(page);
    await visible(header(page, "Obra"));
    expect(await header(page, "Presupuesto").count()).toBe(0);
    const other = await env.newPage(WIDTHS[0]);
    await loginAs(other, env, "Informático");
    await other.goto("/facturas_guias");
    await settle(other);
    await visible(header(other, "Vencimiento"));
    expect(await header(other, "Fecha").count()).toBe(0);
    await other.context().close();
    // «Restablecer» undoes the choice.
    await page.goto("/facturas_guias");
    await settle(page);
    await page.getByRole("button", { name: "Columnas" }).click();
    await page.getByRole("button", { name: "Restablecer" }).click();
    await expect.poll(() => header(page, "Fecha").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
