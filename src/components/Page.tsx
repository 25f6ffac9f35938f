// The frame of a custom screen: title, optional subtitle and actions, the banner
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
      <div className="vt-page__header">
        <div>
          <h1 className="vt-page__title">{title}</h1>
          {subtitle && <p className="vt-page__subtitle">{subtitle}</p>}
        </div>
        {extra}
      </div>
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
