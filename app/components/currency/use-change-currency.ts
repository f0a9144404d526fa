// Changing the currency with JavaScript: PUT /api/currency sets both cookies, the cart (if
// any) is re-priced with PUT /xapi/shopping-cart/currency, then every
// loader on the page runs again, so each price is converted and written anew by the server while the
// page stays where it is (no document load).
import { useCallback, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { isSessionId } from "../../../lib/cart-session.ts";
import { COOKIE, parseCookieHeader } from "../../../lib/cookies.ts";
import { useRootData } from "../../i18n/use-translate.ts";
import { profileEventOf } from "../../personalization/page-events.ts";
import { useTrack } from "../../personalization/tracker-provider.tsx";
import type { CurrencyOption } from "./currency-options.ts";

export interface CurrencyChange {
  /** Changes the currency; resolves true once the page shows the new one, false when it could not. */
  change: (option: CurrencyOption) => Promise<boolean>;
  /** The code being changed to, while the request and the reload of the page data run. */
  pendingCode: string | null;
  failed: boolean;
  clearFailure: () => void;
}

export function useChangeCurrency(language: string): CurrencyChange {
  const revalidator = useRevalidator();
  const cartApi = useRootData()?.cartApi;
  const [pendingCode, setPendingCode] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const busy = useRef(false);
  const track = useTrack();

  const change = useCallback(
    async (option: CurrencyOption) => {
      // One change at a time: a second choice while the first is on its way would race its cookies.
      if (busy.current) return false;
      busy.current = true;
      setPendingCode(option.code);
      setFailed(false);
      try {
        const response = await fetch(`/api/currency?language=${encodeURIComponent(language)}`, {
          method: "PUT",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ currency: option.code, currency_id: option.id }),
        });
        if (!response.ok) {
          setFailed(true);
          return false;
        }
        // The cart follows the visitor's currency: a new quote re-prices every line.
        const sessionId = parseCookieHeader(document.cookie)[COOKIE.cartSession];
        if (isSessionId(sessionId) && cartApi) {
          const query = new URLSearchParams({
            Currency: option.code,
            SessionId: sessionId,
            Language: language.toUpperCase(),
          });
          await fetch(`/xapi/shopping-cart/currency?${query.toString()}`, {
            method: "PUT",
            headers: { ...cartApi, Accept: "application/json" },
          });
        }
        // The visitor's chosen currency is a profile preference (user profile).
        track(profileEventOf({ currency: option.code }));
        await revalidator.revalidate();
        return true;
      } catch {
        setFailed(true);
        return false;
      } finally {
        busy.current = false;
        setPendingCode(null);
      }
    },
    [language, revalidator, cartApi, track],
  );

  const clearFailure = useCallback(() => setFailed(false), []);
  return { change, pendingCode, failed, clearFailure };
}
