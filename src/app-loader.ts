// The signed-in application's code (App.tsx), loaded once: main.tsx renders it, /login starts it
// while a person types. It resolves once antd's static stylesheet is applied too
// (src/antd-stylesheet.ts), so the app's first render finds every style there.
import { antdStylesheetReady, prefetchAntdStylesheet } from "./antd-stylesheet";
import { loadModule } from "./custom-pages/page-module";

export const loadApp = () => Promise.all([import("./App"), antdStylesheetReady()]).then(([app]) => app);

/** On /login: fetch the application and its stylesheet before the credentials are sent. */
export function prefetchApp(): void {
  prefetchAntdStylesheet();
  void import("./App").catch(() => undefined);
}

/** On sign-in: the application, its stylesheet applied. */
export function startApp(): void {
  loadModule(loadApp).catch(() => undefined);
}
