// Inline SVG icons (24×24, stroke follows currentColor). Decorative: the control around an icon
// carries the accessible name, so every icon is aria-hidden.
import type { ReactNode, SVGProps } from "react";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & { className?: string };

function Icon({ children, className = "size-5", ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...rest}
    >
      {children}
    </svg>
  );
}

export const SearchIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </Icon>
);

export const MenuIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);

export const CloseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);

export const ArrowRightIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);

export const CartIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 4h2l2.4 10.2a1.5 1.5 0 0 0 1.5 1.1h8.3a1.5 1.5 0 0 0 1.4-1.1L20.5 8H6.2" />
    <circle cx="9.5" cy="19.5" r="1.3" />
    <circle cx="17" cy="19.5" r="1.3" />
  </Icon>
);

export const GlobeIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9s1.3-6.4 3.8-9z" />
  </Icon>
);

export const PhoneIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 4h3.5l1.7 4.3-2.2 1.4a11 11 0 0 0 6.3 6.3l1.4-2.2L20 15.5V19a1.8 1.8 0 0 1-1.9 1.8A16 16 0 0 1 3.2 5.9 1.8 1.8 0 0 1 5 4z" />
  </Icon>
);

export const ClockIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);

export const ChatIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 19.5l1.3-3.8A8 8 0 1 1 8.4 19z" />
    <path d="M9 10.5h6M9 13.5h4" />
  </Icon>
);

export const WhatsAppIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 20l1.2-4.2A8.3 8.3 0 1 1 8.4 19z" />
    <path d="M9.2 8.6c.3-.6.8-.6 1-.2l.7 1.6c.1.3 0 .6-.3.9l-.4.4c.5 1.1 1.4 2 2.5 2.5l.4-.4c.3-.3.6-.4.9-.3l1.6.7c.4.2.4.7-.2 1-1.9 1-5.7-1.6-6.2-4.6-.1-.6 0-1.1 0-1.6z" />
  </Icon>
);

export const MessengerIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3.5c-4.9 0-8.5 3.4-8.5 7.9 0 2.4 1 4.5 2.8 5.9v3.2l3-1.7c.9.3 1.8.4 2.7.4 4.9 0 8.5-3.4 8.5-7.8S16.9 3.5 12 3.5z" />
    <path d="M7.5 13.5l3-3.2 2.2 2 3.8-2.8-3 3.2-2.2-2z" />
  </Icon>
);

export const QrCodeIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="4" y="4" width="6" height="6" rx="1" />
    <rect x="14" y="4" width="6" height="6" rx="1" />
    <rect x="4" y="14" width="6" height="6" rx="1" />
    <path d="M14 14h2v2h-2zM18 14h2M14 18h2M18 18h2v2M18 16v2M16 16h2" />
  </Icon>
);

export const TicketIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3.5 8.5V6.5A1.5 1.5 0 0 1 5 5h14a1.5 1.5 0 0 1 1.5 1.5v2a2.5 2.5 0 0 0 0 5v2A1.5 1.5 0 0 1 19 17H5a1.5 1.5 0 0 1-1.5-1.5v-2a2.5 2.5 0 0 0 0-5z" />
    <path d="M14.5 5.5v1.5M14.5 10.3v1.4M14.5 15v1.5" />
  </Icon>
);

export const WeatherIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M8 3.5v1.2M3.5 8H4.7M4.8 4.8l.9.9M11.3 4.8l-.8.8" />
    <path d="M5.6 10.6a3.5 3.5 0 0 1 5.9-3.3" />
    <path d="M7.5 19.5h9.8a3.7 3.7 0 0 0 .4-7.4 5 5 0 0 0-9.6 1.2 3.1 3.1 0 0 0-.6 6.2z" />
  </Icon>
);

export const IdCardIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="11" r="2" />
    <path d="M5.8 16c.5-1.5 1.7-2.3 3.2-2.3s2.7.8 3.2 2.3M14.5 10h4M14.5 13h3" />
  </Icon>
);

export const ShipIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 17.5c1.4 1 2.8 1 4.2 0 1.4 1 2.8 1 4.2 0 1.4 1 2.8 1 4.2 0 1.4 1 2.8 1 4.2 0" />
    <path d="M4.5 14.5L3.5 11h17l-2 3.5" />
    <path d="M6.5 11V7.5h9l2 3.5M9 7.5V5h4v2.5" />
  </Icon>
);

export const MapPinIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
    <circle cx="12" cy="10" r="2.3" />
  </Icon>
);

export const InfoIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </Icon>
);

/** A generic fruit silhouette for the App Store badge (no third-party artwork is shipped). */
export const AppleIcon = ({ className = "size-5", ...rest }: IconProps) => (
  <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" className={className} {...rest}>
    <path d="M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.2-2.8.8-3.5.8-.7 0-1.8-.8-3-.8-1.6 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2-1.1 2.8-2.3.9-1.3 1.2-2.5 1.3-2.6-.1 0-2.5-.9-2.5-3.7zM14.2 5.8c.6-.8 1.1-1.9 1-3-.9 0-2.1.6-2.8 1.4-.6.7-1.1 1.8-1 2.9 1.1.1 2.1-.5 2.8-1.3z" />
  </svg>
);

/** A four-colour play triangle for the Google Play badge. */
export const PlayIcon = ({ className = "size-5", ...rest }: IconProps) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className} {...rest}>
    <path d="M4.2 2.6l10.3 9.4L4.2 21.4c-.3-.2-.5-.6-.5-1.1V3.7c0-.5.2-.9.5-1.1z" fill="#34d399" />
    <path d="M14.5 12l3-2.8 3.5 2c.9.5.9 1.2 0 1.7l-3.5 2z" fill="#fbbf24" />
    <path d="M4.2 2.6c.3-.2.8-.2 1.3.1l12 6.5-3 2.8z" fill="#38bdf8" />
    <path d="M4.2 21.4l10.3-9.4 3 2.8-12 6.5c-.5.3-1 .3-1.3.1z" fill="#f87171" />
  </svg>
);
