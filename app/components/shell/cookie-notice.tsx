// The cookie notice: a card at the bottom (not a modal) shown until dismissed. The server leaves it out
// once the cookie is set, so a returning visitor never sees it flash.
import { Link } from "react-router";
import { COOKIE } from "../../../lib/cookies.ts";
import { useRootData, useTranslate } from "../../i18n/use-translate.ts";
import { isPageLive, pathOf } from "../../../lib/routing/localized-paths.ts";
import { InfoIcon } from "../ui/icons.tsx";
import { buttonClass, FOCUS_RING } from "../ui/styles.ts";

/** A year: the notice is an acknowledgement, not a 7-day preference. */
export const COOKIE_NOTICE_MAX_AGE_SECONDS = 31_536_000;

export function cookieNoticeCookie(secure: boolean): string {
  return `${COOKIE.cookieNotice}=1; Max-Age=${COOKIE_NOTICE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Rendered only while the notice is not dismissed (the shell keeps that state, seeded by the server). */
export function CookieNotice({ onDismiss }: { onDismiss: () => void }) {
  const t = useTranslate();
  const language = useRootData()?.language ?? "en";

  function dismiss() {
    document.cookie = cookieNoticeCookie(window.location.protocol === "https:");
    onDismiss();
  }

  return (
    <section
      aria-label={t("cookies.title")}
      data-testid="cookie-notice"
      className="pointer-events-auto w-full max-w-3xl rounded-2xl bg-white p-4 shadow-[0_12px_40px_rgba(7,50,74,0.25)] ring-1 ring-sea-950/10 sm:flex sm:items-center sm:gap-5 sm:p-5"
    >
      <p className="flex items-start gap-3 text-sm text-slate-700">
        <InfoIcon className="mt-0.5 size-5 shrink-0 text-sea-700" />
        <span>
          {t("cookies.message")}{" "}
          {isPageLive("privacyNotice") ? (
            <Link
              to={pathOf("privacyNotice", language)}
              className={`rounded font-semibold text-sea-800 underline underline-offset-2 ${FOCUS_RING}`}
            >
              {t("cookies.privacyLink")}
            </Link>
          ) : null}
        </span>
      </p>
      <button
        type="button"
        onClick={dismiss}
        className={`${buttonClass("primary")} mt-3 w-full shrink-0 sm:mt-0 sm:w-auto`}
      >
        {t("cookies.accept")}
      </button>
    </section>
  );
}
