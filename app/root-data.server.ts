// What every page needs, computed once per request by the root loader.
import { data } from "react-router";
import { siteOriginOf } from "../lib/config.ts";
import { COOKIE, parseCookieHeader } from "../lib/cookies.ts";
import { languageOfPath, type Language } from "../lib/language.ts";
import { findCurrencies } from "../modules/currency/index.ts";
import { requestContext, servicesContext, findRequestCurrency } from "../server/edge/index.ts";
import type { CurrencyOption } from "./components/currency/currency-options.ts";
import { CATALOGUES } from "../lib/i18n/catalogues.server.ts";
import { pickPageMessages } from "./i18n/page-messages.ts";
import { matchPage } from "../lib/routing/localized-paths.ts";
import { cartApiHeaders, countVisitorCart } from "./cart/cart-session.server.ts";
import type { RouterContextProvider } from "react-router";

type Context = Readonly<RouterContextProvider>;

export async function loadRootData(request: Request, context: Readonly<RouterContextProvider>) {
  const { config } = context.get(servicesContext);
  const { nonce, requestId, site } = context.get(requestContext);
  const url = new URL(request.url);
  const language = languageOfPath(url.pathname);
  const page = matchPage(url.pathname);
  const cookies = parseCookieHeader(request.headers.get("Cookie"));
  const [currency, currencies, cartCount] = await Promise.all([
    findRequestCurrency(request, context, language),
    findCurrencyOptions(context, language),
    countVisitorCart(request, context),
  ]);
  return data({
    language,
    /** The page's share of the catalogue; routes outside the slug table (console, sign-in step, 404) get it all. */
    messages: page ? pickPageMessages(CATALOGUES[language], page.pageId) : CATALOGUES[language],
    site: { code: site.code, languages: site.languages, flags: site.flags },
    origin: siteOriginOf(config, request.url),
    cookieNoticeDismissed: cookies[COOKIE.cookieNotice] === "1",
    /** The visitor's currency: its entity fields write every amount (lib/money formatMoney). */
    currency,
    /** The 17 currencies for the switcher (id, code, symbol, name): about 1 kB, and the no-JS form needs them. */
    currencies,
    /** Items in the visitor's cart for the header badge, as the server saw it (the client refreshes it). */
    cartCount,
    /** What the browser's cart calls carry: the public site key, the project prefix and the site code. */
    cartApi: cartApiHeaders(config, site.code),
    nonce,
    requestId,
  });
}

/** The 17 currencies as the switcher lists them, named in `language`, USD (id 1) first. */
async function findCurrencyOptions(context: Context, language: Language): Promise<CurrencyOption[]> {
  const { db } = context.get(servicesContext);
  const currencies = await findCurrencies(db, language);
  return currencies.map((currency) => ({
    id: currency.id,
    code: currency.isoCode,
    symbol: currency.symbol,
    name: currency.name,
  }));
}
