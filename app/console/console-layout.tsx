// The operator console's frame (issue 11, ADR 0036): who is signed in, the sections their role opens,
// and the console's own strings for the pages inside. Never cached, never indexed. A page inside that
// refuses (403) is shown here, in the console's words: after a refused action, with the words the
// refusal brings (staff-page.server.ts), since this layout's loader does not run then.
import { data, isRouteErrorResponse, NavLink, Outlet, useRouteError } from "react-router";
import { languageOfPath } from "../../lib/language.ts";
import { canStaff } from "../../modules/identity/index.ts";
import { toSignIn } from "../account/account.server.ts";
import { CONTAINER, FOCUS_RING } from "../components/ui/styles.ts";
import { servicesContext } from "../context.ts";
import { loaderCacheHeaders } from "../routing/cache-headers.ts";
import { CONSOLE_PAGES, type ConsolePage } from "./console-pages.ts";
import { createConsoleTranslate, useConsoleLayoutData, useConsoleT, useOptionalConsoleLayoutData, type ConsoleLayoutData } from "./console-i18n.ts";
import { CONSOLE_CATALOGUES } from "./messages/catalogues.server.ts";
import { PRIVATE_NO_STORE, type ConsoleRefusal } from "./staff-page.server.ts";
import { resolveCaller } from "./staff-access.server.ts";
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
    staff: caller.kind === "staff" ? { email: caller.actor.label, role: caller.actor.role } : null,
    nav: pages
      .filter(([, page]) => role !== null && (page.permission === null || canStaff(role, page.permission)))
      .map(([pageId, page]) => ({ pageId, path: page.paths[language], title: page.title, summary: page.summary })),
  };
  return data(shown, { headers: PRIVATE_NO_STORE });
}

export const headers = loaderCacheHeaders;

export const meta: Route.MetaFunction = ({ data: layout }) => {
  const name = layout ? createConsoleTranslate((layout as ConsoleLayoutData).messages)("console.name") : "Console";
  return [{ title: `${name} · Travesía` }, { name: "robots", content: "noindex" }];
};

function ConsoleFrame({ children }: { children: React.ReactNode }) {
  const t = useConsoleT();
  const { staff, nav } = useConsoleLayoutData();
  return (
    <div className={`${CONTAINER} py-6 sm:py-10`} data-testid="console">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 pb-4">
        <p className="text-sm font-semibold uppercase tracking-wide text-sea-800">{t("console.name")}</p>
        {staff ? (
          <p className="text-sm text-slate-700" data-testid="console-who">
            {t("console.signedInAs", { email: staff.email, role: t(`console.role.${staff.role}`) })}
          </p>
        ) : null}
      </div>
      {nav.length > 0 ? (
        <nav aria-label={t("console.nav")} className="-mx-4 overflow-x-auto px-4 py-3">
          <ul className="flex gap-2 whitespace-nowrap">
            {nav.map((entry) => (
              <li key={entry.pageId}>
                <NavLink
                  to={entry.path}
                  end
                  prefetch="intent"
                  className={({ isActive }) =>
                    `inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ${FOCUS_RING} ${
                      isActive ? "bg-sea-900 text-white" : "bg-sea-50 text-sea-900 hover:bg-sea-100"
                    }`
                  }
                >
                  {t(entry.title)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="pt-4">{children}</div>
    </div>
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
      <p className="border-b border-slate-200 pb-4 text-sm font-semibold uppercase tracking-wide text-sea-800">{refusal.words.console}</p>
      <section className="max-w-2xl space-y-2 pt-4" data-testid={refusal.staff ? "console-forbidden" : "console-not-staff"}>
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
