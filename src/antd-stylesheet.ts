// antd's static stylesheet (scripts/build/antd-static-css.ts) applied before the app's code
// renders: antd reads the stylesheet's index once, on its first style, and generates at run
// time whatever it did not find then. Signed-in addresses have it linked in the HTML; the
// public pages only name it (a meta tag), and /login fetches it while a person types and
// applies it on sign-in, first in <head>, so the app's own styles still come after it.
// Without it (npm run dev) antd generates every style.

/** How long the app waits for the stylesheet before rendering anyway (antd then generates its styles). */
const WAIT_MS = 5_000;

function loaded(link: HTMLLinkElement): Promise<void> {
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    link.addEventListener("load", done, { once: true });
    link.addEventListener("error", done, { once: true });
    setTimeout(done, WAIT_MS);
  });
}

const applied = () => document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][data-antd-css]');
const named = () => document.querySelector<HTMLMetaElement>('meta[name="ventanal-antd-css"]')?.content;

/** Fetches the stylesheet into the cache without applying it (the public pages). */
export function prefetchAntdStylesheet(): void {
  const href = named();
  if (!href || applied() || document.querySelector('link[rel="prefetch"][data-antd-css]')) return;
  const link = document.createElement("link");
  link.rel = "prefetch";
  link.as = "style";
  link.href = href;
  link.dataset.antdCss = "";
  document.head.append(link);
}

/** Resolves once antd's stylesheet is applied (or cannot be). */
export function antdStylesheetReady(): Promise<void> {
  const existing = applied();
  if (existing) return loaded(existing);
  const href = named();
  if (!href) return Promise.resolve();
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.antdCss = "";
  document.head.prepend(link);
  return loaded(link);
}
