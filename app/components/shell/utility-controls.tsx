// The utility bar's controls on wide screens: currency, language and the account. Their code loads on
// demand (ui/hydrate-on-demand.tsx); until then the server's HTML works without it (the currency form
// in a <details>, the sign-in link).
import { useCallback, useState } from "react";
import { CurrencySwitcher } from "../currency/currency-switcher.tsx";
import { AccountBarItem, useLoginState } from "./account-menu.tsx";
import { LanguageMenu } from "./language-switcher.tsx";

export function UtilityControls() {
  const loginState = useLoginState();
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const setGroupOpen = useCallback(
    (id: string) => (open: boolean) => setOpenMenu((current) => (open ? id : current === id ? null : current)),
    [],
  );
  return (
    <div className="flex items-center gap-1">
      <CurrencySwitcher placement="header" />
      <LanguageMenu open={openMenu === "language"} onOpenChange={setGroupOpen("language")} />
      <AccountBarItem state={loginState} open={openMenu === "account"} onOpenChange={setGroupOpen("account")} />
    </div>
  );
}
