// Shared Tailwind class lists, so buttons and focus rings look the same everywhere.

/** Visible keyboard focus on light backgrounds. */
export const FOCUS_RING = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700";

/** Visible keyboard focus on dark (sea-900 and darker) backgrounds. */
export const FOCUS_RING_ON_DARK = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

const BUTTON_BASE =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors motion-reduce:transition-none disabled:opacity-60";

export type ButtonVariant = "primary" | "secondary" | "onDark" | "ghost";
export type ButtonSize = "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  // coral-600 on white text is 4.7:1 (AA for normal text).
  primary: `bg-coral-600 text-white shadow-sm hover:bg-coral-700 ${FOCUS_RING}`,
  secondary: `border border-sea-900/15 bg-white text-sea-900 hover:border-sea-900/30 hover:bg-sea-50 ${FOCUS_RING}`,
  onDark: `border border-white/40 bg-white/10 text-white backdrop-blur-sm hover:bg-white/20 ${FOCUS_RING_ON_DARK}`,
  ghost: `text-sea-900 hover:bg-sea-50 ${FOCUS_RING}`,
};

const SIZES: Record<ButtonSize, string> = {
  md: "min-h-11 px-5 text-sm",
  lg: "min-h-12 px-6 text-base",
};

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md"): string {
  return `${BUTTON_BASE} ${VARIANTS[variant]} ${SIZES[size]}`;
}

/** Page-width wrapper with the site's side gutters. */
export const CONTAINER = "mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8";
