// Frame of a sales screen: title, optional subtitle and actions, and the banner.
import type { ReactNode } from "react";
import { Alert } from "antd";
import type { Banner } from "./useBanner";
import "./sales.css";

interface Props {
  title: string;
  subtitle?: ReactNode;
  extra?: ReactNode;
  narrow?: boolean;
  banner?: Banner | null;
  onCloseBanner?: () => void;
  children: ReactNode;
}

export function SalesPage({ title, subtitle, extra, narrow, banner, onCloseBanner, children }: Props) {
  return (
    <div className={`vt-sales${narrow ? " vt-sales--narrow" : ""}`}>
      <div className="vt-sales__header">
        <div>
          <h1 className="vt-sales__title">{title}</h1>
          {subtitle && <p className="vt-sales__subtitle">{subtitle}</p>}
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
