// Changing the currency with JavaScript: PUT /api/currency sets both cookies (spec §4), then every
// loader on the page runs again, so each price is converted and written anew by the server while the
// page stays where it is (no document load).
import { useCallback, useRef, useState } from "react";
import { useRevalidator } from "react-router";
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
  const [pendingCode, setPendingCode] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const busy = useRef(false);

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
    [language, revalidator],
  );

  const clearFailure = useCallback(() => setFailed(false), []);
  return { change, pendingCode, failed, clearFailure };
}
