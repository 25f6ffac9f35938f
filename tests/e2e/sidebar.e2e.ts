// The sidebar below 992 px (spec 2.2): hidden behind "Abrir menú", overlay with a
// backdrop, closes on backdrop click, Escape, route change and widening; page
// scrolling is locked while it is open.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { atPath, hasHorizontalOverflow, hidden, loginAs, mainNav, screenshot, startEnv, visible, type E2EEnv } from "./support";
import { linkTo } from "../../src/custom-pages/screens";

let env: E2EEnv;

beforeAll(async () => {
  env = await startEnv();
});

afterAll(async () => {
  await env?.stop();
});

const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);
/** Waits until the page can scroll again. */
const scrollUnlocked = (page: Page) => page.waitForFunction(() => getComputedStyle(document.body).overflow !== "hidden");

describe("sidebar at 390 px", () => {
  it("opens as an overlay and closes on backdrop, Escape, route change and widening", async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    await loginAs(page, env, "Ventas");
    const nav = mainNav(page);
    const menuButton = page.getByRole("button", { name: "Abrir menú" });
    const backdrop = page.getByTestId("sidebar-backdrop");

    // Closed: the menu is hidden, the page scrolls.
    await visible(menuButton);
    expect(await nav.isVisible()).toBe(false);
    await scrollUnlocked(page);
    expect(await hasHorizontalOverflow(page)).toBe(false);

    // Open → backdrop click closes.
    await menuButton.click();
    await visible(nav);
    await visible(backdrop);
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    expect(await bodyOverflow(page)).toBe("hidden");
    await screenshot(page, "sidebar-open-390");
    await backdrop.click({ position: { x: 370, y: 400 } });
    await hidden(nav);
    await hidden(backdrop);
    await scrollUnlocked(page);

    // Open → Escape closes and gives the focus back to the menu button.
    await menuButton.click();
    await visible(nav);
    await page.keyboard.press("Escape");
    await hidden(nav);
    await scrollUnlocked(page);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Abrir menú");

    // Open → the close button closes.
    await menuButton.click();
    await page.getByRole("button", { name: "Cerrar menú" }).click();
    await hidden(nav);

    // Open → following a link (route change) closes.
    await menuButton.click();
    await nav.getByRole("button", { name: "Bodega", exact: true }).click();
    await nav.getByRole("link", { name: "Stock Actual", exact: true }).click();
    await atPath(page, linkTo("stock-actual"));
    await visible(page.getByRole("heading", { name: "Stock Actual", exact: true }));
    await hidden(nav);
    await scrollUnlocked(page);

    // Open → widening to 992 px closes the overlay; the sidebar becomes the fixed column.
    await menuButton.click();
    await visible(backdrop);
    await page.setViewportSize({ width: 992, height: 800 });
    await hidden(backdrop);
    await visible(nav);
    await hidden(menuButton);
    await scrollUnlocked(page);

    // Back to narrow: it stays closed until asked.
    await page.setViewportSize({ width: 390, height: 844 });
    await visible(menuButton);
    await hidden(nav); // after the slide-out transition
    expect(await page.getByTestId("sidebar-backdrop").count()).toBe(0);
  });

  it("shows Login and Registrar links to logged-out visitors on a phone", async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    await page.goto("/register");
    await visible(page.getByRole("heading", { name: "Formulario de Registro" }));
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await visible(page.getByRole("link", { name: "Login" }));
    await page.getByRole("link", { name: "Login" }).click();
    await atPath(page, "/login");
    await visible(page.getByRole("heading", { name: "Iniciar Sesión" }));
    expect(await page.getByTestId("sidebar-backdrop").count()).toBe(0);
    await screenshot(page, "register-nav-390");
  });
});
