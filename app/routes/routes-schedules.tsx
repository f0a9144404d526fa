// Routes and schedules: the ferry booking widget and the live timetable of a chosen date. Every step
// works as a plain GET form; a refused search answers its 4xx with the reason in the visitor's language.
import { data } from "react-router";
import { languageOfPath } from "../../lib/language.ts";
import { loadFerryWidget, loadTimetable } from "../booking/booking-view.server.ts";
import { policyViewOf } from "../checkout/cancellation-policy.server.ts";
import { CancellationPolicyNote } from "../components/booking/cancellation-policy.tsx";
import { FerryBookingWidget } from "../components/booking/ferry-booking-widget.tsx";
import { Timetable } from "../components/booking/timetable.tsx";
import { ProductLinks } from "../components/booking/product-links.tsx";
import { Breadcrumbs } from "../components/content/breadcrumbs.tsx";
import { CONTAINER } from "../components/ui/styles.ts";
import { createTranslate } from "../i18n/translate.ts";
import { useRootData, useTranslate } from "../i18n/use-translate.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { PRODUCT_PAGE_IDS } from "../../lib/routing/product-pages.ts";
import { isPageLive } from "../../lib/routing/localized-paths.ts";
import type { Route } from "./+types/routes-schedules";
import { isLiveSearch, withoutBrowserOnlyParameters } from "../../lib/routing/live-query.ts";
import { withoutLiveData } from "../booking/live-sailings.ts";
import { useLiveSailings } from "../components/booking/use-live-sailings.ts";

// The loader's Cache-Control (and Vary) reach the response: server/app.ts shares only what the route left open.
export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const language = languageOfPath(url.pathname);
  const action = pathOf("routesSchedules", language);
  // A search's seats and its price for the passengers asked for come to the browser as live data
  // (app/booking/live-sailings.ts): the page itself reads neither, so every count is the same page.
  const live = isLiveSearch(url.searchParams);
  const read = live ? new Request(withoutBrowserOnlyParameters(url), { headers: request.headers }) : request;
  const [widget, timetable] = await Promise.all([
    loadFerryWidget(read, context, language, action),
    loadTimetable(read, context, language, action),
  ]);
  // No Cache-Control of its own: an anonymous visitor's page is shared for one second, the bound of a
  // page with live seats (lib/routing/page-cache-policies.ts); anyone else's is private.
  const views = live ? withoutLiveData(widget.view, timetable) : { widget: widget.view, timetable };
  // The ferry's cancellation policy, read before buying as every product's is (non-refundable, date-changeable).
  return data({ ...views, live, policy: policyViewOf("ferry") }, { status: widget.status });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  if (!root) return [];
  const t = createTranslate(root.messages, root.language);
  return [
    { title: t("schedules.meta.title") },
    { name: "description", content: t("schedules.meta.description") },
    { property: "og:title", content: t("schedules.meta.title") },
    { property: "og:description", content: t("schedules.meta.description") },
  ];
};

export default function RoutesSchedules({ loaderData }: Route.ComponentProps) {
  const t = useTranslate();
  const root = useRootData();
  const language = root?.language ?? "en";
  const { widget, timetable } = useLiveSailings(loaderData, root?.currency.isoCode ?? "MXN");
  const tours = PRODUCT_PAGE_IDS.filter((pageId) => isPageLive(pageId)).slice(0, 2);
  return (
    <div className={`${CONTAINER} pt-6 pb-16 lg:pt-8`}>
      <Breadcrumbs
        crumbs={[{ label: t("nav.home"), href: pathOf("home", language) }, { label: t("page.routesSchedules") }]}
      />
      <header className="mt-6 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-sea-950 sm:text-4xl">
          {t("schedules.title")}
        </h1>
        {loaderData.timetable.crossings[0] ? (
          <p className="mt-4 text-lg leading-8 text-slate-700">
            {t("schedules.intro", { count: loaderData.timetable.crossings[0].durationMinutes })}
          </p>
        ) : null}
      </header>
      <div className="mt-8 max-w-4xl">
        <FerryBookingWidget view={widget} />
        <section className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4">
          <CancellationPolicyNote policy={loaderData.policy} headingLevel={2} />
        </section>
      </div>
      <div className="mt-12">
        <Timetable view={timetable} />
      </div>
      <ProductLinks headingId="schedules-tours" pageIds={tours} />
    </div>
  );
}
