// The app's antd theme, one place: App.tsx's ConfigProvider and the build's static antd
// stylesheet (scripts/build/antd-static-css.ts) must use the same tokens, or the stylesheet's styles
// no longer match the ones the page asks for (they are keyed by the tokens' hash).
import type { ThemeConfig } from "antd";

const BASE = {
  colorPrimary: "#1d5c8c",
  colorLink: "#1d5c8c",
  borderRadius: 6,
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
};

/** The theme; users who ask their system for less motion get no antd animations. */
export function themeFor(reducedMotion: boolean): ThemeConfig {
  return { token: { ...BASE, motion: !reducedMotion } };
}
