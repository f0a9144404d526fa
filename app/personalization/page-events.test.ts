import { describe, expect, it } from "vitest";
import { money } from "../../lib/money.ts";
import { TrackingEvent } from "../../lib/tracking-events.ts";
import { cartEventOf, majorUnits, orderEventOf, postEventOf, productEventOf, profileEventOf } from "./page-events.ts";

const ferry = {
  product: { code: "ferry-isla-mujeres", name: "Ferry Cancún – Isla Mujeres", kind: "ferry" },
  total: money(68_000, "MXN"),
};
const xcaret = { product: { code: "xcaret", name: "Xcaret", kind: "park_admission" }, total: money(259_900, "MXN") };

describe("majorUnits", () => {
  it.each([
    [money(12_345, "MXN"), 123.45],
    [money(12_345, "JPY"), 12_345],
    [money(0, "USD"), 0],
    [money(5, "CLP"), 5],
  ])("%j → %d", (amount, major) => {
    expect(majorUnits(amount)).toBe(major);
  });
});

describe("the page events", () => {
  it("describes a cart line by line, in the cart's currency, and passes the shared schema", () => {
    const event = cartEventOf("cartModified", { lines: [ferry, xcaret], total: money(327_900, "MXN") });
    expect(event).toEqual({
      type: "cartModified",
      cart: {
        currency: "MXN",
        total: 3279,
        items: [
          {
            index: 0,
            product: {
              productId: "ferry-isla-mujeres",
              name: "Ferry Cancún – Isla Mujeres",
              category: "ferry",
              displayPrice: 680,
            },
            quantity: 1,
            total: 680,
          },
          {
            index: 1,
            product: { productId: "xcaret", name: "Xcaret", category: "park_admission", displayPrice: 2599 },
            quantity: 1,
            total: 2599,
          },
        ],
      },
    });
    expect(TrackingEvent.safeParse(event).success).toBe(true);
  });

  it("reports an empty cart as a cart without items", () => {
    const event = cartEventOf("cartViewed", { lines: [], total: money(0, "USD") });
    expect(event).toEqual({ type: "cartViewed", cart: { currency: "USD", items: [], total: 0 } });
    expect(TrackingEvent.safeParse(event).success).toBe(true);
  });

  it("names an order by its booking reference, and reports no order without lines", () => {
    const event = orderEventOf({ reference: "TRV7K2M9Q", lines: [ferry], total: money(68_000, "MXN") });
    expect(event).toMatchObject({
      type: "orderPlaced",
      order: { orderId: "TRV7K2M9Q", currency: "MXN", total: 680, items: [{ index: 0, quantity: 1 }] },
    });
    expect(TrackingEvent.safeParse(event).success).toBe(true);
    expect(orderEventOf({ reference: "TRV7K2M9Q", lines: [], total: money(0, "MXN") })).toBeNull();
  });

  it("keeps long names within the schema's limits", () => {
    const long = {
      product: { code: "x".repeat(80), name: "N".repeat(300), kind: "park_tour" },
      total: money(100, "USD"),
    };
    const event = cartEventOf("cartViewed", {
      lines: Array.from({ length: 25 }, () => long),
      total: money(2500, "USD"),
    });
    expect(TrackingEvent.safeParse(event).success).toBe(true);
    expect(event.type === "cartViewed" ? event.cart.items : []).toHaveLength(20);
  });

  it("prices a product at its adult fare, or 0 when it shows none", () => {
    const product = { code: "xplor", name: "Xplor", kind: "park_admission" };
    expect(productEventOf(product, money(199_900, "MXN"), "/es/parques/xplor/")).toEqual({
      type: "productViewed",
      product: {
        productId: "xplor",
        name: "Xplor",
        category: "park_admission",
        displayPrice: 1999,
        url: "/es/parques/xplor/",
      },
    });
    const free = productEventOf(product, null, "/en/parks/xplor/");
    expect(free.type === "productViewed" ? free.product.displayPrice : -1).toBe(0);
    expect(TrackingEvent.safeParse(free).success).toBe(true);
  });

  it("names a post by its page id, and a profile change by the preference", () => {
    const post = postEventOf("faq", "Preguntas frecuentes", "/es/preguntas-frecuentes/");
    expect(post).toEqual({
      type: "postViewed",
      post: { postId: "faq", title: "Preguntas frecuentes", url: "/es/preguntas-frecuentes/" },
    });
    const profile = profileEventOf({ currency: "EUR", language: undefined });
    expect(profile).toEqual({ type: "userProfileChanged", patch: { custom: { currency: "EUR" } } });
    expect([post, profile].every((event) => TrackingEvent.safeParse(event).success)).toBe(true);
  });
});
