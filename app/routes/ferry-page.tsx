// The ferry page: its editorial text from content/ with the ferry booking widget as the article's
// lead. The widget is a GET form to this same page, so a search answers here, with or without
// JavaScript, and a refused search answers its 4xx with the reason in the visitor's language.
import { data } from "react-router";
import { loadBoatTrips, loadFerryWidget } from "../booking/booking-view.server.ts";
import { policyViewOf } from "../checkout/cancellation-policy.server.ts";
import { CancellationPolicyNote } from "../components/booking/cancellation-policy.tsx";
import { FerryBookingWidget } from "../components/booking/ferry-booking-widget.tsx";
import { ContentArticle } from "../components/content/content-article.tsx";
import { loadContentView } from "../content/content-view.server.ts";
import { contentMeta } from "../content/meta.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import type { Route } from "./+types/ferry-page";
import { loadSlot, noStoreWithSlot } from "../personalization/slot.server.ts";
import { SlotBanner } from "../components/personalization/slot-banner.tsx";

// The loader's Cache-Control (and Vary) reach the response: server/app.ts shares only what the route left open.
export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const view = await loadContentView(request, context, "ferry");
  const [widget, trips, slot] = await Promise.all([
    loadFerryWidget(request, context, view.language, pathOf("ferry", view.language)),
    loadBoatTrips(request, context, view.language),
    loadSlot(request, context, "ferry-page", view.language),
  ]);
  // Seats left and prices in the visitor's currency change by the minute and by cookie.
  // The ferry's cancellation policy, read before buying as every product's is (non-refundable, date-changeable).
  return data(
    {
      view: { ...view, jsonLd: [...view.jsonLd, ...trips] },
      widget: widget.view,
      policy: policyViewOf("ferry"),
      banner: slot.banner,
    },
    { status: widget.status, headers: noStoreWithSlot(slot) },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => contentMeta(loaderData?.view);

export default function FerryPage({ loaderData }: Route.ComponentProps) {
  return (
    <ContentArticle
      view={loaderData.view}
      lead={
        <>
          <FerryBookingWidget view={loaderData.widget} />
          {loaderData.banner ? (
            <div className="mt-6 max-w-3xl">
              <SlotBanner banner={loaderData.banner} />
            </div>
          ) : null}
          <section className="mt-6 max-w-3xl rounded-xl border border-slate-200 bg-slate-50 p-4">
            <CancellationPolicyNote policy={loaderData.policy} headingLevel={2} />
          </section>
        </>
      }
    />
  );
}
