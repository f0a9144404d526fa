// Icons of the currency switcher (24×24, stroke follows currentColor). Decorative: the control around
// an icon carries the accessible name.
import type { SVGProps } from "react";

type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & { className?: string };

function svgProps({ className = "size-5", ...rest }: IconProps) {
  return {
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 1.8,
    strokeLinecap: "round" as const,
    strokeLinejoin: "round" as const,
    "aria-hidden": true,
    focusable: "false" as const,
    className,
    ...rest,
  };
}

export const BanknoteIcon = (props: IconProps) => (
  <svg {...svgProps(props)}>
    <rect x="2.5" y="6" width="19" height="12" rx="2" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M6 9.5v5M18 9.5v5" />
  </svg>
);

export const CheckIcon = (props: IconProps) => (
  <svg {...svgProps(props)}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </svg>
);

export const SearchIcon = (props: IconProps) => (
  <svg {...svgProps(props)}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" />
  </svg>
);

export const ClearIcon = (props: IconProps) => (
  <svg {...svgProps(props)}>
    <path d="M7 7l10 10M17 7 7 17" />
  </svg>
);

/** A turning ring for work in progress; still when the visitor prefers reduced motion. */
export const SpinnerIcon = ({ className = "size-4", ...rest }: IconProps) => (
  <svg {...svgProps({ className: `${className} animate-spin motion-reduce:animate-none`, ...rest })}>
    <path d="M12 3a9 9 0 1 0 9 9" />
  </svg>
);
