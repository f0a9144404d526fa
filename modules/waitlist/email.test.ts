// The waiting-list offer mail agrees with its number of seats by each language's CLDR plural rule, in
// every sentence that refers to them: "Te guardamos 1 lugar: con un clic queda…", never "1 lugares".
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../lib/language.ts";
import { renderOfferEmail, type OfferEmailFacts } from "./email.ts";

const facts = (seats: number): OfferEmailFacts => ({
  from: "Cancún",
  to: "Isla Mujeres",
  date: "vie 18 dic",
  time: "10:00",
  seats,
  expiresAt: "10:35",
  offerUrl: "https://www.travesia.test/es/waitlist/?token=abc",
});

describe("the waiting-list offer mail", () => {
  it.each(LANGUAGES)("%s: reads right at 0, 1, 2 and 5 seats", (language) => {
    const singular = new Intl.PluralRules({ es: "es-MX", en: "en-US", pt: "pt-BR" }[language]);
    for (const seats of [0, 1, 2, 5]) {
      const { text, html } = renderOfferEmail(language, facts(seats));
      const one = singular.select(seats) === "one";
      const noun = { es: one ? "lugar" : "lugares", en: one ? "seat" : "seats", pt: one ? "lugar" : "lugares" }[
        language
      ];
      expect(text, `${language} ${seats}`).toMatch(new RegExp(`\\b${seats} ${noun}\\b`));
      // No sentence of a singular offer speaks of several seats, and no plural one of a single seat.
      if (one) expect(text, `${language} ${seats}`).not.toMatch(/\b(lugares|seats|them|los|eles)\b/);
      else expect(text, `${language} ${seats}`).not.toMatch(/\b(seat|it|lo|ele)\b/);
      expect(html).toContain(`${seats} ${noun}`);
    }
  });

  it("mends the sentence visitors saw", () => {
    expect(renderOfferEmail("es", facts(1)).text).toContain("Te guardamos 1 lugar: con un clic queda en tu carrito");
    expect(renderOfferEmail("pt", facts(1)).text).toContain(
      "Guardamos 1 lugar para você: com um clique ele vai para o seu carrinho",
    );
    expect(renderOfferEmail("en", facts(3)).text).toContain(
      "We are keeping 3 seats for you: one click puts them in your cart",
    );
  });
});
