// Written with createElement so it runs in the unit tier (*.test.ts).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { expect, test } from "vitest";
import { badgeText, CartLink } from "./cart-link.tsx";

function render(count: number) {
  return renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(CartLink, {
        href: "/en/carrito/",
        count,
        label: "Cart",
        countLabel: `${count} items in your cart`,
      }),
    ),
  );
}

test("an empty cart shows the icon only, named 'Cart'", () => {
  const html = render(0);
  expect(html).toContain('href="/en/carrito/"');
  expect(html).toContain('aria-label="Cart"');
  expect(html).not.toContain("cart-count");
});

test("a cart with items shows the count as a badge and in the link's name", () => {
  const html = render(3);
  expect(html).toContain('aria-label="Cart: 3 items in your cart"');
  expect(html).toMatch(/data-testid="cart-count"[^>]*>3<\/span>/);
});

test("the badge caps at 9+", () => {
  expect(badgeText(1)).toBe("1");
  expect(badgeText(9)).toBe("9");
  expect(badgeText(10)).toBe("9+");
  expect(render(12)).toMatch(/>9\+<\/span>/);
});
