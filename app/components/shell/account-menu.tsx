// The header's login state: "Hola, {firstName}" with the account's links once the server
// confirms who is signed in, else "Sign in". Pages stay cacheable and anonymous visitors cost nothing:
// the server renders the sign-in link, and only a browser whose readable userInfo cookie says
// login:true asks GET /user-info/ after hydration (ADR 0032).
import { useEffect, useState, type MouseEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import {
  cookieSaysSignedIn,
  fetchSignedInUser,
  rememberReturnPath,
  signOut,
  type SignedInUser,
} from "../../account/session-client.ts";
import { useLanguage, useTranslate } from "../../i18n/use-translate.ts";
import { isPageLive, matchPage, pathOf } from "../../../lib/routing/localized-paths.ts";
import type { PageId } from "../../../lib/routing/pages.ts";
import { Disclosure } from "../ui/disclosure.tsx";
import { ChevronDownIcon } from "../ui/icons.tsx";
import { FOCUS_RING, FOCUS_RING_ON_DARK } from "../ui/styles.ts";

export type LoginState = { kind: "anonymous" } | { kind: "checking" } | { kind: "signed-in"; user: SignedInUser };

/** The login state of this browser: anonymous as rendered, then what the cookie and the server say. */
export function useLoginState(): LoginState {
  const [state, setState] = useState<LoginState>({ kind: "anonymous" });
  useEffect(() => {
    if (!cookieSaysSignedIn(document.cookie)) return;
    const controller = new AbortController();
    setState({ kind: "checking" });
    void fetchSignedInUser(controller.signal).then((user) => {
      if (!controller.signal.aborted) setState(user ? { kind: "signed-in", user } : { kind: "anonymous" });
    });
    return () => controller.abort();
  }, []);
  return state;
}

/** Pages of the sign-in flow itself: coming back to them after signing in would make no sense. */
const NOT_A_RETURN_PAGE: readonly PageId[] = ["auth", "register", "forgot", "confirmEmail"];

/** Follows the sign-in link after keeping the current page as where to come back (POST /redirect/). */
function useSignInClick(href: string) {
  const location = useLocation();
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const page = matchPage(location.pathname);
    if (page && NOT_A_RETURN_PAGE.includes(page.pageId)) return;
    event.preventDefault();
    void rememberReturnPath(`${location.pathname}${location.search}`).then(() => navigate(href));
  };
}

function greetingName(user: SignedInUser): string {
  return user.firstName || user.userName;
}

/** The desktop utility bar's item (white on the dark bar). */
export function AccountBarItem({
  state,
  open,
  onOpenChange,
}: {
  state: LoginState;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const signInHref = pathOf("auth", language);
  const onSignIn = useSignInClick(signInHref);
  if (state.kind === "checking") return <span className="inline-block w-24" aria-hidden="true" />;
  if (state.kind === "anonymous") {
    if (!isPageLive("auth")) return null;
    return (
      <Link
        to={signInHref}
        onClick={onSignIn}
        className={`rounded-full px-3 py-1.5 text-sm font-semibold text-white hover:bg-white/10 ${FOCUS_RING_ON_DARK}`}
        data-testid="header-sign-in"
      >
        {t("account.signIn")}
      </Link>
    );
  }
  return (
    <Disclosure
      open={open}
      onOpenChange={onOpenChange}
      buttonClassName={`inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-white hover:bg-white/10 ${FOCUS_RING_ON_DARK}`}
      panelClassName="absolute right-0 top-full z-50 mt-2 w-52 origin-top-right animate-menu-in rounded-2xl bg-white p-2 text-slate-800 shadow-xl ring-1 ring-sea-950/10"
      button={
        <>
          <span data-testid="header-greeting">{t("account.greeting", { name: greetingName(state.user) })}</span>
          <ChevronDownIcon
            className={`size-4 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
          />
        </>
      }
    >
      <AccountLinks
        place="header"
        itemClass={`flex w-full items-center rounded-xl px-3 py-2 text-left text-sm hover:bg-sea-50 ${FOCUS_RING}`}
      />
    </Disclosure>
  );
}

function AccountLinks({ itemClass, place }: { itemClass: string; place: "header" | "menu" }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <ul>
      {isPageLive("account") ? (
        <li>
          <Link to={pathOf("account", language)} className={itemClass} data-testid={`${place}-account`}>
            {t("page.account")}
          </Link>
        </li>
      ) : null}
      <li>
        <button
          type="button"
          onClick={() => void signOut(pathOf("home", language))}
          className={itemClass}
          data-testid={`${place}-sign-out`}
        >
          {t("account.signOut")}
        </button>
      </li>
    </ul>
  );
}

/** The mobile menu's section: the greeting and the account's links, or the sign-in link. */
export function AccountMenuSection({ state, onNavigate }: { state: LoginState; onNavigate: () => void }) {
  const t = useTranslate();
  const language = useLanguage();
  const signInHref = pathOf("auth", language);
  const onSignIn = useSignInClick(signInHref);
  if (state.kind === "checking") return null;
  const itemClass = `flex min-h-11 w-full items-center rounded-xl px-3 py-2 text-left text-base text-slate-800 hover:bg-sea-50 ${FOCUS_RING}`;
  if (state.kind === "anonymous") {
    if (!isPageLive("auth")) return null;
    return (
      <Link
        to={signInHref}
        onClick={(event) => {
          onSignIn(event);
          onNavigate();
        }}
        className={`${itemClass} font-semibold text-sea-900`}
        data-testid="menu-sign-in"
      >
        {t("account.signIn")}
      </Link>
    );
  }
  return (
    <div className="rounded-2xl bg-sea-50 p-3">
      <p className="px-3 pb-1 font-bold text-sea-950" data-testid="menu-greeting">
        {t("account.greeting", { name: greetingName(state.user) })}
      </p>
      <AccountLinks place="menu" itemClass={itemClass} />
    </div>
  );
}
