// The app-store banner for phones. Whether it was dismissed lives in localStorage, which the server
// cannot read, so it appears only after hydration — as a fixed bar, it never shifts the page.
import { useEffect, useState } from "react";
import { useTranslate } from "../../i18n/use-translate.ts";
import { LogoMark } from "./logo.tsx";
import { AppleIcon, CloseIcon, PlayIcon } from "../ui/icons.tsx";
import { FOCUS_RING_ON_DARK } from "../ui/styles.ts";
import { APP_BANNER_STORAGE_KEY } from "./app-banner-storage.ts";

/** Store pages of the operator's app. DEMO: placeholder ids until the operator publishes the app. */
export const APP_STORE_URL = "https://apps.apple.com/app/id0000000000";
export const GOOGLE_PLAY_URL = "https://play.google.com/store/apps/details?id=com.travesia.demo";

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(APP_BANNER_STORAGE_KEY) === "1";
  } catch {
    // Storage can be blocked (private modes, policies): then the banner shows and closes per page.
    return false;
  }
}

function rememberDismissed(): void {
  try {
    window.localStorage.setItem(APP_BANNER_STORAGE_KEY, "1");
  } catch {
    // Not remembered; the banner stays closed on this page.
  }
}

const BADGE = `inline-flex h-11 items-center gap-2 rounded-lg bg-slate-950 px-3 text-white ring-1 ring-white/20 hover:bg-slate-800 ${FOCUS_RING_ON_DARK}`;

export function AppBanner() {
  const t = useTranslate();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    setVisible(!readDismissed());
  }, []);

  if (!visible) return null;

  return (
    <section
      aria-label={t("appBanner.title")}
      data-testid="app-banner"
      className="pointer-events-auto w-full max-w-3xl rounded-2xl bg-sea-900 p-4 text-white shadow-[0_12px_40px_rgba(7,50,74,0.35)] lg:hidden"
    >
      <div className="flex items-start gap-3">
        <LogoMark className="size-11 shrink-0 rounded-xl ring-1 ring-white/20" />
        <div className="min-w-0 flex-1">
          <p className="font-bold">{t("appBanner.title")}</p>
          <p className="text-sm text-sea-100">{t("appBanner.text")}</p>
        </div>
        <button
          type="button"
          onClick={() => {
            rememberDismissed();
            setVisible(false);
          }}
          className="-m-1.5 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-sea-100 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <CloseIcon className="size-5" />
          <span className="sr-only">{t("appBanner.dismiss")}</span>
        </button>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={APP_STORE_URL} rel="noopener noreferrer" className={BADGE} aria-label={t("appBanner.appStore")}>
          <AppleIcon className="size-6" />
          <span className="flex flex-col leading-none">
            <span className="text-[0.6rem] uppercase tracking-wide text-slate-300">{t("appBanner.appStoreTop")}</span>{" "}
            <span className="text-sm font-semibold">App Store</span>
          </span>
        </a>
        <a href={GOOGLE_PLAY_URL} rel="noopener noreferrer" className={BADGE} aria-label={t("appBanner.googlePlay")}>
          <PlayIcon className="size-6" />
          <span className="flex flex-col leading-none">
            <span className="text-[0.6rem] uppercase tracking-wide text-slate-300">{t("appBanner.googlePlayTop")}</span>{" "}
            <span className="text-sm font-semibold">Google Play</span>
          </span>
        </a>
      </div>
    </section>
  );
}
