import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../lib/language.ts";
import { HOSTED_PAGE_TEXT, renderCardPage, renderChallengePage, renderPayPalPage } from "./hosted-page.ts";

describe("the hosted card page", () => {
  it("has every text in es, en and pt, all different from English except brand-neutral words", () => {
    const keys = Object.keys(HOSTED_PAGE_TEXT.en);
    for (const language of LANGUAGES) {
      expect(Object.keys(HOSTED_PAGE_TEXT[language])).toEqual(keys);
      expect(Object.keys(HOSTED_PAGE_TEXT[language].errors)).toEqual(Object.keys(HOSTED_PAGE_TEXT.en.errors));
      expect(Object.keys(HOSTED_PAGE_TEXT[language].paypal)).toEqual(Object.keys(HOSTED_PAGE_TEXT.en.paypal));
    }
    expect(HOSTED_PAGE_TEXT.es.errors.expiry_past).not.toBe(HOSTED_PAGE_TEXT.en.errors.expiry_past);
    expect(HOSTED_PAGE_TEXT.pt.errors.expiry_past).not.toBe(HOSTED_PAGE_TEXT.es.errors.expiry_past);
  });

  it("is a plain form in the intent's language, with no script, escaping what the merchant sent", () => {
    const html = renderCardPage({
      language: "es",
      action: "/sandbox-psp/pay/pi_1",
      amount: "$1,250.00",
      merchantReference: '<script>alert("x")</script>',
    });
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<form method="post" action="/sandbox-psp/pay/pi_1"');
    expect(html).toContain("Número de tarjeta");
    expect(html).not.toContain("<script");
    expect(html).toContain("&#60;script&#62;");
  });

  it("shows each error beside its field and never echoes the number or CVV", () => {
    const html = renderCardPage({
      language: "pt",
      action: "/x",
      amount: "R$ 10,00",
      merchantReference: "TV-1",
      errors: { number: "number_invalid", expiry: "expiry_past" },
      values: { expiry: "01/20", name: "Ana" },
    });
    expect(html).toContain('aria-describedby="number-error"');
    expect(html).toContain(HOSTED_PAGE_TEXT.pt.errors.number_invalid);
    expect(html).toContain(HOSTED_PAGE_TEXT.pt.errors.expiry_past);
    expect(html).toContain('value="01/20"');
    expect(html).toMatch(/id="number" name="number" [^>]* value=""/);
  });

  it("offers approve and deny on the challenge page", () => {
    const html = renderChallengePage({ language: "en", action: "/c", amount: "$5.00", last4: "3184" });
    expect(html).toContain('value="approve"');
    expect(html).toContain('value="deny"');
    expect(html).toContain("3184");
  });

  it("shows the months without interest and each payment, and fills the plan into a refusal", () => {
    const offer = { months: 12, monthly: "$104.17" };
    const expected = {
      es: "12 meses sin intereses de $104.17",
      en: "12 interest-free monthly payments of $104.17",
      pt: "12 parcelas sem juros de $104.17",
    } as const;
    for (const language of LANGUAGES) {
      expect(
        renderCardPage({ language, action: "/x", amount: "$1,250.00", merchantReference: "TV-1", instalments: offer }),
      ).toContain(expected[language]);
    }
    const refused = renderCardPage({
      language: "es",
      action: "/x",
      amount: "$1",
      merchantReference: "TV-1",
      instalments: { months: 15, monthly: "$1" },
      errors: { number: "instalments_months_exceeded" },
    });
    expect(refused).toContain("no ofrece 15 meses sin intereses");
    expect(refused).not.toContain("{months}");
    expect(renderCardPage({ language: "en", action: "/x", amount: "$1", merchantReference: "TV-1" })).not.toContain(
      "interest-free",
    );
  });
});

describe("the PayPal sandbox page", () => {
  it("looks like PayPal's sandbox, prefills the buyer, offers pay and cancel, with no script", () => {
    const html = renderPayPalPage({
      language: "en",
      action: "/sandbox-psp/paypal/pi_1",
      amount: "MX$1,250.00",
      merchantReference: "TV-1",
      email: "buyer@sandbox.paypal.example",
    });
    expect(html).toContain("Log in with your PayPal sandbox account");
    expect(html).toContain('value="buyer@sandbox.paypal.example"');
    expect(html).toContain('value="approve"');
    expect(html).toContain("Pay now MX$1,250.00");
    expect(html).toContain('value="cancel"');
    expect(html).toContain("Cancel and return");
    expect(html).not.toContain("<script");
    const invalid = renderPayPalPage({
      language: "pt",
      action: "/x",
      amount: "1",
      merchantReference: "TV-1",
      email: "<nope>",
      emailInvalid: true,
    });
    expect(invalid).toContain('aria-describedby="email-error"');
    expect(invalid).toContain(HOSTED_PAGE_TEXT.pt.paypal.emailInvalid);
    expect(invalid).toContain("&#60;nope&#62;");
  });
});

describe("renderCardPage's way back to the merchant", () => {
  it("links to a single payment under a plan, to the shop otherwise, only when the merchant gave a URL", () => {
    const refused = renderCardPage({
      language: "es",
      action: "/x",
      amount: "$1",
      merchantReference: "TV-1",
      instalments: { months: 6, monthly: "$1" },
      errors: { number: "instalments_not_mexican" },
      cancelUrl: "https://shop.test/es/pago/?payment=single",
    });
    expect(refused).toContain(
      '<a href="https://shop.test/es/pago/?payment=single" data-testid="psp-back">Pagar en una sola exhibición</a>',
    );
    expect(
      renderCardPage({
        language: "pt",
        action: "/x",
        amount: "$1",
        merchantReference: "TV-1",
        cancelUrl: "https://shop.test/pt/",
      }),
    ).toContain(">Voltar à loja</a>");
    expect(
      renderCardPage({
        language: "en",
        action: "/x",
        amount: "$1",
        merchantReference: "TV-1",
        cancelUrl: "https://shop.test/<x>",
      }),
    ).not.toContain("<x>");
    expect(renderCardPage({ language: "en", action: "/x", amount: "$1", merchantReference: "TV-1" })).not.toContain(
      "psp-back",
    );
  });
});
