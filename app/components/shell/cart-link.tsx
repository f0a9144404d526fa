// The header's cart link with the number of items; the badge appears only when the cart has some.
import { Link } from "react-router";
import { CartIcon } from "../ui/icons.tsx";
import { FOCUS_RING } from "../ui/styles.ts";

export interface CartLinkProps {
  href: string;
  count: number;
  /** "Cart" */
  label: string;
  /** "{count} items in your cart", already filled in. */
  countLabel: string;
}

/** Badges show "9+" beyond nine so the icon keeps its size. */
export function badgeText(count: number): string {
  return count > 9 ? "9+" : String(count);
}

export function CartLink({ href, count, label, countLabel }: CartLinkProps) {
  const hasItems = count > 0;
  return (
    <Link
      to={href}
      aria-label={hasItems ? `${label}: ${countLabel}` : label}
      className={`relative inline-flex size-11 items-center justify-center rounded-full text-sea-950 hover:bg-sea-50 ${FOCUS_RING}`}
      data-testid="cart-link"
    >
      <CartIcon className="size-6" />
      {hasItems ? (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-coral-600 px-1 text-xs font-bold leading-5 text-white ring-2 ring-white"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </Link>
  );
}
