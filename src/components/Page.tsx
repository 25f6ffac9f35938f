// The frame of a custom screen and of every list: the title left and its primary action
// (`extra`) right on the same line, an optional subtitle, the banner
// (useBanner) and the shared layout classes of page.css (vt-grid, vt-actions…).
import type { ReactNode } from "react";
import { Alert } from "antd";
import type { Banner } from "./useBanner";
import "./page.css";

interface Props {
  title: string;
  subtitle?: ReactNode;
  extra?: ReactNode;
  narrow?: boolean;
  banner?: Banner | null;
  onCloseBanner?: () => void;
  children: ReactNode;
}

export function Page({ title, subtitle, extra, narrow, banner, onCloseBanner, children }: Props) {
  return (
    <div className={`vt-page${narrow ? " vt-page--narrow" : ""}`}>
      <header>
        <div className="vt-page__header">
          <h1 className="vt-page__title">{title}</h1>
          {extra && <div className="vt-page__extra">{extra}</div>}
        </div>
        {subtitle && <p className="vt-page__subtitle">{subtitle}</p>}
      </header>
      <BannerAlert banner={banner ?? null} onClose={onCloseBanner} />
      {children}
    </div>
  );
}

export function BannerAlert({ banner, onClose }: { banner: Banner | null; onClose?: () => void }) {
  if (!banner) return null;
  return (
    <Alert
      type={banner.type}
      showIcon
      message={banner.message}
      description={banner.description}
      closable={Boolean(onClose)}
      onClose={onClose}
      role={banner.type === "error" || banner.type === "warning" ? "alert" : "status"}
    />
  );
}
