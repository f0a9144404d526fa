// SVG icons (24×24, stroke follows currentColor), drawn from one sprite file (icons.svg, a hashed asset
// the browser caches): each icon in the page is an <svg> with a <use> of its symbol, not its own
// paths, so a page with seventy icons carries their drawings once (ADR 0054). Decorative: the control
// around an icon carries the accessible name, so every icon is aria-hidden.
import type { SVGProps } from "react";
import spriteUrl from "./icons.svg?url&no-inline";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & { className?: string };

/** Stroke, fill and line style are set here and inherited by the symbol's shapes. */
function Icon({ name, className = "size-5", ...rest }: IconProps & { name: string }) {
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
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}

export const SearchIcon = (props: IconProps) => <Icon name="search" {...props} />;

export const MenuIcon = (props: IconProps) => <Icon name="menu" {...props} />;

export const CloseIcon = (props: IconProps) => <Icon name="close" {...props} />;

export const ChevronDownIcon = (props: IconProps) => <Icon name="chevron-down" {...props} />;

export const ArrowRightIcon = (props: IconProps) => <Icon name="arrow-right" {...props} />;

export const CartIcon = (props: IconProps) => <Icon name="cart" {...props} />;

export const GlobeIcon = (props: IconProps) => <Icon name="globe" {...props} />;

export const PhoneIcon = (props: IconProps) => <Icon name="phone" {...props} />;

export const ClockIcon = (props: IconProps) => <Icon name="clock" {...props} />;

export const ChatIcon = (props: IconProps) => <Icon name="chat" {...props} />;

export const WhatsAppIcon = (props: IconProps) => <Icon name="whats-app" {...props} />;

export const MessengerIcon = (props: IconProps) => <Icon name="messenger" {...props} />;

export const QrCodeIcon = (props: IconProps) => <Icon name="qr-code" {...props} />;

export const TicketIcon = (props: IconProps) => <Icon name="ticket" {...props} />;

export const WeatherIcon = (props: IconProps) => <Icon name="weather" {...props} />;

export const IdCardIcon = (props: IconProps) => <Icon name="id-card" {...props} />;

export const ShipIcon = (props: IconProps) => <Icon name="ship" {...props} />;

export const MapPinIcon = (props: IconProps) => <Icon name="map-pin" {...props} />;

export const InfoIcon = (props: IconProps) => <Icon name="info" {...props} />;

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
