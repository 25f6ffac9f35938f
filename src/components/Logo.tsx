// The Ventanal mark: an aluminium window frame with four glass panes.
// Inline SVG: no extra request and nothing for the CSP to block. Each instance has
// its own gradient id: Chrome does not paint a gradient defined in a hidden SVG.
import { useId } from "react";

interface LogoProps {
  size?: number;
  title?: string;
  className?: string;
}

export function Logo({ size = 36, title, className }: LogoProps) {
  const glass = `vt-logo-glass-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 48 48"
      role={title ? "img" : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      <defs>
        <linearGradient id={glass} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#9fd4f5" />
          <stop offset="1" stopColor="#3f8fc9" />
        </linearGradient>
      </defs>
      <rect x="3" y="3" width="42" height="42" rx="6" fill="#e8eef3" />
      <rect x="8" y="8" width="14.5" height="14.5" rx="1.5" fill={`url(#${glass})`} />
      <rect x="25.5" y="8" width="14.5" height="14.5" rx="1.5" fill={`url(#${glass})`} />
      <rect x="8" y="25.5" width="14.5" height="14.5" rx="1.5" fill={`url(#${glass})`} />
      <rect x="25.5" y="25.5" width="14.5" height="14.5" rx="1.5" fill={`url(#${glass})`} />
      <path d="M11 19 L19 11 M28.5 19 L36.5 11" stroke="#ffffff" strokeOpacity="0.7" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export default Logo;
