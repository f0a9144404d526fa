// The currency form for browsers without JavaScript (POST /{lang}/currency/): sets both currency
// cookies for 604800 s (spec §4, §9) and sends the visitor back to the page they were on, a path on
// this site only. With JavaScript the switcher calls PUT /api/currency instead. An unknown currency is
// refused with UNKNOWN_CURRENCY and sets nothing.
import { redirect } from "react-router";
import { currencyCookies } from "../../lib/cookies.ts";
import { AppError, errorBody } from "../../lib/errors.ts";
import { languageOfPath } from "../../lib/language.ts";
import { isCurrencyCode } from "../../lib/money.ts";
import { findCurrencyByCode } from "../../modules/currency/index.ts";
import { CURRENCY_FORM_FIELD, safeReturnPath } from "../components/currency/currency-options.ts";
import { requestContext, servicesContext } from "../context.ts";
import { pathOf } from "../routing/localized-paths.ts";
import type { Route } from "./+types/currency-choice";

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = context.get(servicesContext);
  const language = languageOfPath(new URL(request.url).pathname);
  const form = await request.formData().catch(() => null);
  const code = form?.get(CURRENCY_FORM_FIELD.currency);
  const currency = typeof code === "string" && isCurrencyCode(code) ? await findCurrencyByCode(db, code, language) : null;
  if (!currency) {
    const error = new AppError("UNKNOWN_CURRENCY", { issues: [{ path: `body.${CURRENCY_FORM_FIELD.currency}`, code: "unknown_currency" }] });
    return Response.json(errorBody(error, context.get(requestContext).requestId), {
      status: error.status,
      headers: { "Cache-Control": "no-store" },
    });
  }
  const back = safeReturnPath(form?.get(CURRENCY_FORM_FIELD.returnTo), pathOf("home", language));
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of currencyCookies(currency.iso_code, currency.id, config.NODE_ENV === "production")) headers.append("Set-Cookie", cookie);
  // 303: the browser follows with a GET, so reloading the page it lands on does not post again.
  return redirect(back, { status: 303, headers });
}

/** Nothing to show at this address: a visitor who opens it goes to the home page of its language. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(pathOf("home", languageOfPath(new URL(request.url).pathname)));
}
