// The client's cart: on each page load with a cart session
// cookie, GET /xapi/shopping-cart. A 200 without CartError stores the cart, refreshes the cookie and
// sets the currency from it; a CartError, a failed fetch or another status clears it to null and
// empties the cookie, silently. The header's badge reads the stored cart, or the server's count before.
import { createContext, useContext, useEffect } from "react";
import { createValueStore, useOwnStore, useStoreValue, type ValueStore } from "../ui/value-store.ts";
import { useLocation } from "react-router";
import { cartSessionCookie, isSessionId } from "../../../lib/cart-session.ts";
import { COOKIE, currencyCookies, parseCookieHeader } from "../../../lib/cookies.ts";
import { useRootData } from "../../i18n/use-translate.ts";
import { PAGES, type PageId } from "../../../lib/routing/pages.ts";

export interface Shopping {
  sessionId: string;
  cartId: string;
  currency: string;
  count: number;
}

interface CartSession {
  /** Null: no cart, or it could not be fetched. */
  shopping: Shopping | null;
  /** True until the first fetch after the page load has answered (loading defaults to true). */
  loading: boolean;
}

const CartSessionContext = createContext<ValueStore<CartSession>>(
  createValueStore<CartSession>({ shopping: null, loading: true }),
);

/** Pages whose cart call asks for USD amounts too: payment details, coupon payment, thank-you. */
const USD_PAGE_IDS: readonly PageId[] = ["paymentDetails", "paymentDetailsCoupon", "cartThankYou"];

/** Each language's path of those pages without its language ("carrito/gracias" of /es/carrito/gracias/). */
const USD_SLUGS = USD_PAGE_IDS.flatMap((pageId) => Object.values(PAGES[pageId].paths)).map((path) =>
  path.split("/").filter(Boolean).slice(1).join("/"),
);
const USD_PAGES = new RegExp(`/(${USD_SLUGS.join("|")})/`);

/** Whether the page at `pathname` shows the cart's amounts in USD as well. */
export function asksForUsdAmounts(pathname: string): boolean {
  return USD_PAGES.test(pathname);
}

interface Answer {
  SessionId?: string | null;
  Currency?: string | null;
  IdCart?: string | null;
  CartError?: unknown;
  Cart?: { count: number };
}

export function CartSessionProvider({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { pathname } = useLocation();
  const store = useOwnStore<CartSession>({ shopping: null, loading: true });
  const setState = store.set;
  const serverCount = root?.cartCount ?? 0;
  const language = root?.language ?? "en";
  const cartApi = root?.cartApi;
  const currencies = root?.currencies;

  useEffect(() => {
    const secure = window.location.protocol === "https:";
    const sessionId = parseCookieHeader(document.cookie)[COOKIE.cartSession];
    const clear = () => {
      if (sessionId !== undefined && sessionId !== "") document.cookie = cartSessionCookie(null, secure);
      setState({ shopping: null, loading: false });
    };
    if (!isSessionId(sessionId) || !cartApi) {
      clear();
      return;
    }
    const controller = new AbortController();
    let leaving = false;
    const leave = () => {
      leaving = true;
    };
    window.addEventListener("beforeunload", leave);
    window.addEventListener("pagehide", leave);
    const query = new URLSearchParams({
      Language: language.toUpperCase(),
      SessionId: sessionId,
      Mobile: String(window.matchMedia("(max-width: 767px)").matches),
      IncludeAmountsUSD: String(asksForUsdAmounts(pathname)),
    });
    fetch(`/xapi/shopping-cart?${query.toString()}`, {
      headers: { ...cartApi, Accept: "application/json" },
      signal: controller.signal,
    })
      .then(async (response) => (response.status === 200 ? ((await response.json()) as Answer) : null))
      .then((answer) => {
        if (
          !answer ||
          answer.CartError !== undefined ||
          !answer.Cart ||
          !isSessionId(answer.SessionId) ||
          !answer.IdCart ||
          !answer.Currency
        )
          return clear();
        document.cookie = cartSessionCookie(answer.SessionId, secure);
        const currency = currencies?.find((option) => option.code === answer.Currency);
        const cookies = parseCookieHeader(document.cookie);
        if (currency && cookies[COOKIE.currency] !== currency.code) {
          for (const cookie of currencyCookies(currency.code, currency.id, secure)) document.cookie = cookie;
        }
        setState({
          shopping: {
            sessionId: answer.SessionId,
            cartId: answer.IdCart,
            currency: answer.Currency,
            count: answer.Cart.count,
          },
          loading: false,
        });
      })
      .catch((error: unknown) => {
        // A fetch cut short because the visitor is leaving the page is not a failed fetch: clearing then
        // would empty the cookie just before the next page asks for the cart. A page that is going
        // away never runs the timer, and one that stays clears a moment later.
        setTimeout(() => {
          if (!controller.signal.aborted && !leaving) clear();
        }, 250);
        return error;
      });
    return () => {
      controller.abort();
      window.removeEventListener("beforeunload", leave);
      window.removeEventListener("pagehide", leave);
    };
    // A page load, and every time the server's count changes (a cart form was sent): fetch again.
  }, [serverCount, language, cartApi, currencies, pathname, setState]);

  return <CartSessionContext.Provider value={store}>{children}</CartSessionContext.Provider>;
}

export function useCartSession(): CartSession {
  return useStoreValue(useContext(CartSessionContext));
}

/** The header's badge: the stored cart's count once fetched, the server's until then. */
export function useCartCount(): number {
  const root = useRootData();
  const { shopping, loading } = useCartSession();
  return loading ? (root?.cartCount ?? 0) : (shopping?.count ?? 0);
}
