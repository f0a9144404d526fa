// The operator console's frame (ADR 0036): its own page frame (no public header or footer), who is
// signed in, the sections their role opens, and the console's own strings for the pages inside. Never cached, never indexed. A page inside that
// refuses (403) is shown here, in the console's words: after a refused action, with the words the
// refusal brings (staff-page.server.ts), since this layout's loader does not run then.
import { data, isRouteErrorResponse, NavLink, Outlet, useLocation, useRouteError } from "react-router";
import { LANGUAGES, languageOfPath } from "../../lib/language.ts";
import { canStaff } from "../../modules/identity/index.ts";
import { toSignIn } from "../account/account.server.ts";
import { CONTAINER, FOCUS_RING, FOCUS_RING_ON_DARK } from "../components/ui/styles.ts";
import { servicesContext, resolveCaller } from "../../server/edge/index.ts";
import { loaderCacheHeaders } from "../routing/cache-headers.ts";
import { CONSOLE_PAGES, type ConsolePage } from "./console-pages.ts";
import {
  createConsoleTranslate,
  useConsoleLayoutData,
  useConsoleT,
  useOptionalConsoleLayoutData,
  type ConsoleLayoutData,
} from "./console-i18n.ts";
import { CONSOLE_CATALOGUES } from "../../lib/i18n/console/catalogues.server.ts";
import { PRIVATE_NO_STORE, type ConsoleRefusal } from "./staff-page.server.ts";
import type { Route } from "./+types/console-layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const language = languageOfPath(url.pathname);
  const caller = await resolveCaller(services, { cookie: request.headers.get("Cookie") });
  if (caller.kind === "anonymous") throw toSignIn(context, language, `${url.pathname}${url.search}`, []);
  const role = caller.kind === "staff" ? caller.actor.role : null;
  const pages = Object.entries(CONSOLE_PAGES) as [string, ConsolePage][];
  const shown: ConsoleLayoutData = {
    messages: CONSOLE_CATALOGUES[language],
    language,
    staff: caller.kind === "staff" ? { email: caller.actor.label, role: caller.actor.role } : null,
    nav: pages
      .filter(([, page]) => role !== null && (page.permission === null || canStaff(role, page.permission)))
      .map(([pageId, page]) => ({ pageId, path: page.paths[language], title: page.title, summary: page.summary })),
  };
  return data(shown, { headers: PRIVATE_NO_STORE });
}

export const headers = loaderCacheHeaders;

export const meta: Route.MetaFunction = ({ data: layout }) => {
  const name = layout
    ? createConsoleTranslate(
        (layout as ConsoleLayoutData).messages,
        (layout as ConsoleLayoutData).language,
      )("console.name")
    : "Console";
  return [{ title: `${name} · Travesía` }, { name: "robots", content: "noindex" }];
};

/** The console's own frame: a bar with who is signed in and the way back to the site, the sections, the page. */
function ConsoleFrame({ children }: { children: React.ReactNode }) {
  const t = useConsoleT();
  const { staff, nav } = useConsoleLayoutData();
  const { pathname } = useLocation();
  const language = languageOfPath(pathname);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50" data-testid="console">
      <a
        href="#console-main"
        className={`sr-only z-50 rounded-full bg-sea-900 px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4`}
      >
        {t("console.skip")}
      </a>
      <header className="bg-sea-950 text-white" data-testid="console-bar">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 sm:px-6">
          <p className="text-base font-bold tracking-wide">
            Travesía <span className="font-normal text-sea-100">· {t("console.name")}</span>
          </p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            {staff ? (
              <span className="text-sea-100" data-testid="console-who">
                {t("console.signedInAs", { email: staff.email, role: t(`console.role.${staff.role}`) })}
              </span>
            ) : null}
            <ConsoleLanguages pathname={pathname} />
            <a href={`/${language}/`} className={`underline ${FOCUS_RING_ON_DARK}`}>
              {t("console.toSite")}
            </a>
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col lg:flex-row">
        {nav.length > 0 ? (
          <nav
            aria-label={t("console.nav")}
            className="border-b border-slate-200 bg-white lg:w-60 lg:shrink-0 lg:border-b-0 lg:border-r"
          >
            <ul className="flex gap-2 overflow-x-auto whitespace-nowrap px-4 py-3 lg:flex-col lg:gap-1 lg:px-3 lg:py-4">
              {nav.map((entry) => (
                <li key={entry.pageId}>
                  <NavLink
                    to={entry.path}
                    end
                    prefetch="intent"
                    className={({ isActive }) =>
                      `flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ${FOCUS_RING} ${isActive ? "bg-sea-900 text-white" : "text-sea-900 hover:bg-sea-50"}`
                    }
                  >
                    {t(entry.title)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <main id="console-main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}

/** The same console page in the other languages (the console's table knows every page's paths). */
function ConsoleLanguages({ pathname }: { pathname: string }) {
  const page = Object.values(CONSOLE_PAGES).find((candidate) =>
    Object.values(candidate.paths).includes(pathname as never),
  );
  if (!page) return null;
  const current = languageOfPath(pathname);
  return (
    <span className="flex gap-2" data-testid="console-languages">
      {LANGUAGES.filter((language) => language !== current).map((language) => (
        <a
          key={language}
          href={page.paths[language]}
          hrefLang={language}
          lang={language}
          className={`uppercase underline ${FOCUS_RING_ON_DARK}`}
        >
          {language}
        </a>
      ))}
    </span>
  );
}

export default function ConsoleLayout() {
  const { staff } = useConsoleLayoutData();
  return <ConsoleFrame>{staff ? <Outlet /> : <NotStaff />}</ConsoleFrame>;
}

function NotStaff() {
  const t = useConsoleT();
  return (
    <section className="max-w-2xl space-y-2" data-testid="console-not-staff">
      <h1 className="text-2xl font-bold text-sea-950">{t("console.notStaff.title")}</h1>
      <p className="text-slate-700">{t("console.notStaff.body")}</p>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useOptionalConsoleLayoutData();
  if (!(isRouteErrorResponse(error) && error.status === 403)) throw error;
  // A refused action: this boundary renders without the layout's data, so the refusal brings its words.
  if (!layout) return <RefusedAction refusal={error.data as ConsoleRefusal} />;
  return <ConsoleFrame>{layout.staff ? <Forbidden /> : <NotStaff />}</ConsoleFrame>;
}

function RefusedAction({ refusal }: { refusal: ConsoleRefusal }) {
  return (
    <div className={`${CONTAINER} py-6 sm:py-10`} data-testid="console">
      <p className="border-b border-slate-200 pb-4 text-sm font-semibold uppercase tracking-wide text-sea-800">
        {refusal.words.console}
      </p>
      <section
        className="max-w-2xl space-y-2 pt-4"
        data-testid={refusal.staff ? "console-forbidden" : "console-not-staff"}
      >
        <h1 className="text-2xl font-bold text-sea-950">{refusal.words.title}</h1>
        <p className="text-slate-700">{refusal.words.body}</p>
      </section>
    </div>
  );
}

function Forbidden() {
  const t = useConsoleT();
  return (
    <section className="max-w-2xl space-y-2" data-testid="console-forbidden">
      <h1 className="text-2xl font-bold text-sea-950">{t("console.forbidden.title")}</h1>
      <p className="text-slate-700">{t("console.forbidden.body")}</p>
    </section>
  );
}
