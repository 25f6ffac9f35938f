// Issue 32 §1: Enter in a date field confirms the date and nothing else. In EVERY form with
// a date (the specification's screens, the declared resources' create and edit forms and
// their list filters, the history's range), a person types 14-05-2026 and presses Enter, as
// people do to confirm it: no write is sent (POST, PUT, PATCH or DELETE, watched on the
// network), no form is submitted (no field's "obligatorio" shows), the picker closes and
// the typed date stays, also after leaving the field. The cases are checked against the
// source: a file that renders a date field (src/components/DateField) and is not named by
// a case fails the test, so a new form with a date is covered when it is written.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page, Request } from "playwright-core";
import { keyOf, type AnyResource, type FieldDecl } from "../../src/domain/resources/define-resource";
import { DECLARED_RESOURCES } from "../../src/domain/resources/registry";
import { formHook } from "../../src/resources/declared/form-hooks";
import { loginAs, ROOT, startEnv, trackErrors, visible, type E2EEnv } from "./support";

const TYPED = "14-05-2026";
const TYPED_MONTH = "05-2026";
/** How the month picker shows 05-2026 (MonthField: "mayo 2026"). */
const SHOWN_MONTH = "mayo 2026";

interface Case {
  name: string;
  /** The source file whose date field this is (checked against the source). */
  source: string;
  path: () => string;
  field: (page: Page) => Locator;
  /** What to do on the page before typing (open «Más filtros»). */
  before?: (page: Page) => Promise<void>;
  month?: boolean;
  /** A range's «Desde»: Enter takes it and goes on to «Hasta», whose calendar opens. */
  range?: boolean;
}

const byLabel = (label: string) => (page: Page) => page.locator("main").getByLabel(label, { exact: true });

/** The first record's key of each declared resource with a date (read before the cases run). */
const firstKey: Record<string, string> = {};

const dateFields = (r: AnyResource, mode: "create" | "edit"): [string, FieldDecl][] =>
  Object.entries(r.fields).filter(
    ([name, f]) =>
      f.input.kind === "date" &&
      !f.readOnly &&
      formHook(r.name, name, mode)?.shown !== false &&
      (mode === "create" ? f.only !== "update" : f.edit !== false && f.edit !== "readOnly"),
  );

/** A field's label on a form: its declaration's, unless the resource's form hook says otherwise. */
const formLabel = (r: AnyResource, name: string, f: FieldDecl, mode: "create" | "edit") => formHook(r.name, name, mode)?.label ?? f.label;

function declaredCases(): Case[] {
  const out: Case[] = [];
  for (const r of DECLARED_RESOURCES) {
    if (!r.createScreen)
      for (const [name, f] of dateFields(r, "create"))
        out.push({ name: `${r.name}: crear, ${formLabel(r, name, f, "create")}`, source: "src/resources/declared/fields.tsx", path: () => `/${r.name}/create`, field: byLabel(formLabel(r, name, f, "create")) });
    for (const [name, f] of dateFields(r, "edit"))
      out.push({ name: `${r.name}: editar, ${formLabel(r, name, f, "edit")}`, source: "src/resources/declared/fields.tsx", path: () => `/${r.name}/edit/${encodeURIComponent(firstKey[r.name])}`, field: byLabel(formLabel(r, name, f, "edit")) });
    const filtered = Object.values(r.fields).filter((f) => f.filter && f.input.kind === "date");
    for (const f of filtered)
      out.push({
        name: `${r.name}: filtro ${f.label} desde`,
        source: "src/resources/declared/list.tsx",
        path: () => `/${r.name}`,
        before: async (page) => {
          await page.getByRole("button", { name: "Más filtros" }).click();
        },
        field: byLabel(`${f.label} desde`),
      });
  }
  return out;
}

const CASES: Case[] = [
  { name: "Registro de Facturas/Guías", source: "src/custom-pages/operations/facturas-guias/index.tsx", path: () => "/FacturasGuiasPage", field: byLabel("Fecha") },
  {
    name: "Seguimiento UTV: UTV",
    source: "src/custom-pages/workshop/seguimiento-utv/UtvForm.tsx",
    path: () => "/SeguimientoUTVPage",
    before: (page) => page.getByRole("button", { name: "Registrar UTV" }).click(),
    field: (page) => page.locator("form#utv").getByLabel("Fecha", { exact: true }),
  },
  {
    name: "Seguimiento UTV: termopanel",
    source: "src/custom-pages/workshop/seguimiento-utv/TermopanelForm.tsx",
    path: () => "/SeguimientoUTVPage",
    before: (page) => page.getByRole("button", { name: "Registrar Termopanel" }).click(),
    field: (page) => page.locator("form#termopanel").getByLabel("Fecha", { exact: true }),
  },
  { name: "Pagos de Clientes", source: "src/custom-pages/operations/pagos-clientes/index.tsx", path: () => "/PagosClientesPage", field: byLabel("Fecha") },
  { name: "Editar presupuesto", source: "src/resources/presupuestos/edit.tsx", path: () => "/presupuestos/edit/1", field: byLabel("Fecha") },
  { name: "Crear Orden de Compra", source: "src/custom-pages/purchasing/crear-oc/index.tsx", path: () => "/CrearOCPage", field: byLabel("Fecha") },
  { name: "OC Pendientes: mes a exportar", source: "src/custom-pages/purchasing/oc-pendientes/OrdersList.tsx", path: () => "/OCPendientePage", field: byLabel("Mes a exportar"), month: true },
  { name: "Ingreso de Facturas/Guías: fecha de la factura de una OC", source: "src/custom-pages/purchasing/ordenes-compra/ReceiptCards.tsx", path: () => "/IngresosPage", field: (page) => page.locator("main").getByLabel(/^Fecha Factura OC /).first() },
  { name: "Historial de cambios: fechas desde", source: "src/custom-pages/platform/auditoria/list.tsx", path: () => "/auditoria", field: byLabel("Fechas"), range: true },
  ...declaredCases(),
];

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sourceFiles(full)));
    else if (/\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** Opens the case's form, types the date and Enter; what went wrong (empty: nothing). */
async function enterInDate(page: Page, c: Case, writes: string[], watch: (on: boolean) => void): Promise<string[]> {
  await page.goto(c.path());
  await page.locator("main h1, main h3, main h4").first().waitFor();
  await page.waitForLoadState("networkidle");
  await c.before?.(page);
  const input = await visible(c.field(page));
  writes.length = 0;
  watch(true);
  await input.click();
  await input.press("ControlOrMeta+a");
  await input.pressSequentially(c.month ? TYPED_MONTH : TYPED);
  await input.press("Enter");
  await page.waitForTimeout(600);
  await page.waitForLoadState("networkidle");
  watch(false);
  const expected = c.month ? SHOWN_MONTH : TYPED;
  const problems: string[] = [];
  if (writes.length) problems.push(`envió ${writes.join(", ")}`);
  const fieldErrors = await page.locator(".ant-form-item-explain-error").allInnerTexts();
  if (fieldErrors.length) problems.push(`validó el formulario: ${fieldErrors.join(" / ")}`);
  if ((await input.inputValue()) !== expected) problems.push(`la fecha quedó «${await input.inputValue()}»`);
  if (!c.range && (await page.locator(".ant-picker-dropdown:not(.ant-picker-dropdown-hidden)").first().isVisible())) problems.push("el calendario quedó abierto");
  // Leaving the field keeps the confirmed date (a text not taken would go back).
  await input.evaluate((el) => (el as HTMLInputElement).blur());
  await page.waitForTimeout(200);
  if ((await input.inputValue()) !== expected) problems.push(`al salir del campo la fecha quedó «${await input.inputValue()}»`);
  return problems;
}

describe("Enter en un campo de fecha confirma la fecha y no envía el formulario", () => {
  let env: E2EEnv;
  beforeAll(async () => {
    env = await startEnv({ demo: true });
    for (const r of DECLARED_RESOURCES) {
      if (dateFields(r, "edit").length === 0) continue;
      const rows = await env.api<Record<string, unknown>[]>("GET", `/api/${r.name}?_start=0&_end=1`, { token: env.adminToken });
      expect(rows.status, r.name).toBe(200);
      expect(rows.body.length, `${r.name}: el demo no tiene registros`).toBeGreaterThan(0);
      firstKey[r.name] = String(rows.body[0][keyOf(r)]);
    }
  });
  afterAll(async () => {
    await env?.stop();
  });

  it("every file that renders a date field has a case", async () => {
    const files = await sourceFiles(path.join(ROOT, "src"));
    const users: string[] = [];
    for (const file of files) {
      const text = await readFile(file, "utf8");
      const rel = path.relative(ROOT, file);
      if (rel === "src/components/DateField.tsx") continue;
      if (/<(DateField|MonthField|DateRangeField|DatePicker)\b|DatePicker\.RangePicker/.test(text)) users.push(rel);
    }
    const covered = new Set(CASES.map((c) => c.source));
    expect(users.filter((f) => !covered.has(f))).toEqual([]);
    // And no screen uses antd's DatePicker directly: every date goes through the shared field.
    const direct = [];
    for (const file of files) {
      const rel = path.relative(ROOT, file);
      if (rel !== "src/components/DateField.tsx" && /\bDatePicker\b/.test(await readFile(file, "utf8"))) direct.push(rel);
    }
    expect(direct).toEqual([]);
  });

  describe("in every form with a date, 14-05-2026 + Enter sends nothing and the date stays", () => {
    let page: Page;
    let errors: string[];
    const writes: string[] = [];
    let watching = false;
    beforeAll(async () => {
      page = await env.newPage();
      errors = trackErrors(page);
      await loginAs(page, env, "Gerencia");
      page.on("request", (req: Request) => {
        if (watching && ["POST", "PUT", "PATCH", "DELETE"].includes(req.method())) writes.push(`${req.method()} ${new URL(req.url()).pathname}`);
      });
    });
    afterAll(async () => {
      await page?.context().close();
    });

    for (const c of CASES)
      it(`${c.name}`, async () => {
        const problems = await enterInDate(page, c, writes, (on) => (watching = on));
        expect([...problems, ...errors.splice(0)]).toEqual([]);
      });
  });
});
