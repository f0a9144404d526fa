// The currency form for browsers without JavaScript (POST /{lang}/currency/): sets both currency
// cookies for 604800 s and sends the visitor back to the page they were on, a path on
// this site only. With JavaScript the switcher calls PUT /api/currency instead. An unknown currency is
// refused with UNKNOWN_CURRENCY and sets nothing.
import { redirect } from "react-router";
import { currencyCookies } from "../../lib/cookies.ts";
import { AppError, isAppError } from "../../lib/errors.ts";
import { changeCartCurrency } from "../../flows/cart.ts";
import { readCartSession } from "../cart/cart-session.server.ts";
import { languageOfPath } from "../../lib/language.ts";
import { isCurrencyCode } from "../../lib/money.ts";
import { findCurrencyByCode } from "../../modules/currency/index.ts";
import { CURRENCY_FORM_FIELD, safeReturnPath } from "../components/currency/currency-options.ts";
import { apiRefusal, cartContextOf, requestContext, servicesContext } from "../../server/edge/index.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import type { Route } from "./+types/currency-choice";

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { db, config } = services;
  const language = languageOfPath(new URL(request.url).pathname);
  const form = await request.formData().catch(() => null);
  const code = form?.get(CURRENCY_FORM_FIELD.currency);
  const currency =
    typeof code === "string" && isCurrencyCode(code) ? await findCurrencyByCode(db, code, language) : null;
  if (!currency) {
    const error = new AppError("UNKNOWN_CURRENCY", {
      issues: [{ path: `body.${CURRENCY_FORM_FIELD.currency}`, code: "unknown_currency" }],
    });
    return apiRefusal(error, context.get(requestContext).requestId, { "Cache-Control": "no-store" });
  }
  const back = safeReturnPath(form?.get(CURRENCY_FORM_FIELD.returnTo), pathOf("home", language));
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of currencyCookies(currency.isoCode, currency.id, config.NODE_ENV === "production"))
    headers.append("Set-Cookie", cookie);
  // The cart follows the visitor's currency, as PUT /xapi/shopping-cart/currency does for the switcher with JavaScript.
  const sessionId = readCartSession(request);
  if (sessionId !== null) {
    await changeCartCurrency(
      db,
      { sessionId, currency: currency.isoCode },
      cartContextOf(services, { siteCode: config.SITE_CODE, language }),
    ).catch((error: unknown) => {
      // A cart that no longer exists is the cart page's to clear; the currency choice still stands.
      if (!isAppError(error)) throw error;
    });
  }
  // 303: the browser follows with a GET, so reloading the page it lands on does not post again.
  return redirect(back, { status: 303, headers });
}

/** Nothing to show at this address: a visitor who opens it goes to the home page of its language. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(pathOf("home", languageOfPath(new URL(request.url).pathname)));
}
