import { describe, expect, it } from "vitest";
import { asksForUsdAmounts } from "./cart-session.tsx";

describe("the pages whose cart call asks for USD amounts", () => {
  it("are payment details, coupon payment and thank-you, in every language", () => {
    const paths = [
      "/es/carrito/detalles-pago/",
      "/en/carrito/payment-details/",
      "/pt/carrito/detalhes-do-pagamento/",
      "/es/carrito/detalles-pago-cupon/",
      "/en/carrito/payment-details-coupon/",
      "/pt/carrito/cupom-do-detalhes-do-pagamento/",
      "/es/carrito/gracias/",
      "/en/carrito/thank-you/",
      "/pt/carrito/obrigada/",
    ];
    expect(paths.filter(asksForUsdAmounts)).toEqual(paths);
  });

  it("leave out the cart, the booking pages and a slug that only begins like one of them", () => {
    for (const path of [
      "/es/carrito/",
      "/en/carrito/my-booking/",
      "/es/",
      "/en/carrito/payment-details-x/",
      "/en/payment-details/",
    ]) {
      expect(asksForUsdAmounts(path)).toBe(false);
    }
  });
});
