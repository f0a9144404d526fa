// One page per tour and park product: what it is, hours, ages and fares, the snorkel deposit where it
// applies, the admission-versus-tour complement, and the day widget. The URL says which product: a fixed
// page's (lib/routing/product-pages.ts), or the code in the path of any other product on sale (ADR 0076);
// catalogue HTML arrives sanitized from the catalog module.
import { data, Link, redirect } from "react-router";
import { isAppError } from "../../lib/errors.ts";
import { pagesOnSale } from "../content/pages-on-sale.server.ts";
import { servicesContext } from "../../server/edge/index.ts";
import { languageOfPath, type Language } from "../../lib/language.ts";
import { loadProductPage } from "../booking/booking-view.server.ts";
import { policyViewOf } from "../checkout/cancellation-policy.server.ts";
import { CancellationPolicyNote } from "../components/booking/cancellation-policy.tsx";
import { ActivityBookingWidget } from "../components/booking/activity-booking-widget.tsx";
import { formatWeekdays } from "../components/booking/format.ts";
import { ProductLinks } from "../components/booking/product-links.tsx";
import { Breadcrumbs } from "../components/content/breadcrumbs.tsx";
import { CONTAINER, FOCUS_RING } from "../components/ui/styles.ts";
import { createTranslate } from "../i18n/translate.ts";
import { useRootData, useTranslate } from "../i18n/use-translate.ts";
import { productEventOf } from "../personalization/page-events.ts";
import { useTrackView } from "../personalization/tracker-provider.tsx";
import { isPageLive, matchPage, pathOf, type PageMatch } from "../../lib/routing/localized-paths.ts";
import { PRODUCT_PAGES, PRODUCT_PAGE_IDS, isProductPageId, productPageOf } from "../../lib/routing/product-pages.ts";
import type { Route } from "./+types/product-page";
import { JsonLdScript } from "../components/content/json-ld.tsx";
import type { OgImageHandle } from "../content/og-images.ts";
import { loadSlot, noStoreWithSlot } from "../personalization/slot.server.ts";
import { SlotBanner } from "../components/personalization/slot-banner.tsx";
import { productSlotPosition } from "../../lib/routing/content-slots.ts";

// The loader's Cache-Control (and Vary) reach the response: server/app.ts shares only what the route left open.
export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

/**
 * The code of the product a page shows. A product with a fixed page has one address: its code under the
 * path by code moves there for good (301), so links and crawlers settle on the fixed page.
 */
function productCodeOf(match: PageMatch | null, search: string): string {
  if (match && isProductPageId(match.pageId)) return PRODUCT_PAGES[match.pageId].code;
  if (match?.pageId !== "productByCode" || !match.code) throw data(null, { status: 404 });
  const fixed = productPageOf(match.code);
  if (fixed && isPageLive(fixed)) throw redirect(`${pathOf(fixed, match.language)}${search}`, 301);
  return match.code;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const match = matchPage(url.pathname);
  const code = productCodeOf(match, url.search);
  if (!match) throw data(null, { status: 404 });
  const language = languageOfPath(url.pathname);
  const page = await loadProductPage(
    request,
    context,
    language,
    code,
    pathOf(match.pageId, language, match.code),
  ).catch((error: unknown) => {
    // A retired product (or one not in this database) is not found, like any address the site does not have.
    if (isAppError(error) && error.code === "UNKNOWN_PRODUCT") throw data(null, { status: 404 });
    throw error;
  });
  // The ferry is sold on its own page, with its crossings and timetable.
  if (page.view.product.kind === "ferry") throw redirect(`${pathOf("ferry", language)}${url.search}`, 301);
  const pageId = match.pageId;
  // A fixed product page has a named position of its own; a page by code has none.
  const [onSale, slot] = await Promise.all([
    pagesOnSale(context.get(servicesContext).db),
    isProductPageId(pageId) ? loadSlot(request, context, productSlotPosition(pageId), language) : null,
  ]);
  // The other product pages it links to: a retired product's page is not found, so it is not offered.
  const others = PRODUCT_PAGE_IDS.filter((other) => other !== pageId && onSale(other));
  return data(
    {
      pageId,
      codeInPath: match.code ?? null,
      others,
      ...page.view,
      policy: policyViewOf(page.view.product.kind),
      banner: slot?.banner ?? null,
    },
    { status: page.status, headers: slot ? noStoreWithSlot(slot) : { "Cache-Control": "no-store" } },
  );
}

/** Link previews show the product's own illustration (root.tsx renders it as PNG). */
export const handle: OgImageHandle = {
  ogImage: (data) => (data as { product?: { image?: string } } | undefined)?.product?.image,
};

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const root = matches[0]?.loaderData;
  if (!root || !loaderData) return [];
  const t = createTranslate(root.messages, root.language);
  const title = t("product.meta.title", { name: loaderData.product.name });
  const description = t("product.meta.description", { summary: loaderData.product.summary });
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
  ];
};

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const t = useTranslate();
  const language = useRootData()?.language ?? "en";
  const { product, upgrade } = loaderData;
  // One view per product page: the widget's searches reload this page without being new views.
  const path = pathOf(loaderData.pageId, language, loaderData.codeInPath ?? undefined);
  useTrackView(
    productEventOf(product, loaderData.fromAmount, path),
    `product:${loaderData.codeInPath ?? loaderData.pageId}`,
  );
  const openDays = new Set(loaderData.hours.flatMap((hours) => hours.weekdays));
  const closedDays = ALL_DAYS.filter((day) => !openDays.has(day));
  const others = loaderData.others;
  return (
    <div className={`${CONTAINER} pt-6 pb-16 lg:pt-8`}>
      {loaderData.jsonLd.map((data, index) => (
        <JsonLdScript key={index} data={data} />
      ))}
      <Breadcrumbs crumbs={[{ label: t("nav.home"), href: pathOf("home", language) }, { label: product.name }]} />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-balance text-sea-950 sm:text-4xl">{product.name}</h1>
          <p className="mt-4 text-lg leading-8 text-slate-700">{product.summary}</p>
          {loaderData.fromPrice ? (
            <p className="mt-3 text-base font-semibold text-sea-900" data-testid="product-from">
              {t("product.from", { price: loaderData.fromPrice })}
            </p>
          ) : null}
        </header>
        <img
          src={product.image}
          alt={product.imageAlt}
          width={640}
          height={400}
          className="w-full rounded-2xl bg-sea-50 shadow-sm"
        />
      </div>

      {loaderData.banner ? (
        <div className="mt-8">
          <SlotBanner banner={loaderData.banner} />
        </div>
      ) : null}
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-10">
          {product.description ? (
            <div
              className="space-y-3 text-base leading-7 text-slate-800 [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-sea-950"
              // Sanitized by the catalog module (sanitize-html allowlist) before it left the server.
              dangerouslySetInnerHTML={{ __html: product.description }}
            />
          ) : null}
          {loaderData.deposit ? (
            <p
              className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm font-medium text-amber-950"
              data-testid="product-deposit"
            >
              {t("product.deposit", { amount: loaderData.deposit })}
            </p>
          ) : null}

          <section className="rounded-xl border border-slate-200 bg-slate-50 p-4">
            <CancellationPolicyNote policy={loaderData.policy} headingLevel={2} />
          </section>

          <section aria-labelledby="product-hours">
            <h2 id="product-hours" className="text-xl font-bold text-sea-950">
              {t("product.hours")}
            </h2>
            <ul className="mt-3 space-y-1 text-slate-800">
              {loaderData.hours.map((hours) => (
                <li key={`${hours.weekdays.join()}-${hours.opens}`}>
                  {t("product.hoursLine", {
                    days:
                      hours.weekdays.length === 7 ? t("product.everyDay") : formatWeekdays(hours.weekdays, language),
                    opens: hours.opens,
                    closes: hours.closes,
                  })}
                </li>
              ))}
              {closedDays.length > 0 ? (
                <li>{t("product.closedOn", { days: formatWeekdays(closedDays, language) })}</li>
              ) : null}
            </ul>
            {loaderData.dailyCapacity ? (
              <p className="mt-2 text-sm text-slate-700">
                {t("product.capacity", { count: loaderData.dailyCapacity })}
              </p>
            ) : null}
            <p className="mt-1 text-sm text-slate-700">{t("product.timeNote")}</p>
          </section>

          <section aria-labelledby="product-ages">
            <h2 id="product-ages" className="text-xl font-bold text-sea-950">
              {t("product.ages")}
            </h2>
            <table className="mt-3 w-full max-w-md text-left text-sm">
              <tbody>
                {loaderData.fareBands.map((band) => (
                  <tr key={band.type} className="border-b border-slate-200">
                    <th scope="row" className="py-2 pr-4 font-semibold text-sea-950">
                      {t(`booking.passenger.${band.type}`)}
                    </th>
                    <td className="py-2 pr-4 text-slate-700">{t("booking.ageRange", { range: band.range })}</td>
                    <td className="py-2 text-right font-semibold tabular-nums text-slate-900">
                      {band.price ?? t("booking.infantFreeEntry")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {product.minRecommendedAge ? (
              <p className="mt-2 text-sm text-slate-700">{t("product.minAge", { count: product.minRecommendedAge })}</p>
            ) : null}
            <p className="mt-1 text-xs text-slate-600">{t("product.pricesNote")}</p>
          </section>

          <ProductComplements product={product} loaderData={loaderData} language={language} upgrade={upgrade} />
        </div>
        <div className="order-first lg:sticky lg:top-24 lg:order-none lg:self-start">
          <ActivityBookingWidget view={loaderData.widget} />
        </div>
      </div>

      <ProductLinks headingId="product-others" pageIds={others} />
    </div>
  );
}

type ProductData = Route.ComponentProps["loaderData"];

/** The admissions and tours this product can be combined with. */
function ProductComplements({
  product,
  loaderData,
  language,
  upgrade,
}: {
  product: ProductData["product"];
  loaderData: ProductData;
  language: Language;
  upgrade: ProductData["upgrade"];
}) {
  const t = useTranslate();
  return (
    <>
      {product.complements.length > 0 ? (
        <section aria-labelledby="product-complements">
          <h2 id="product-complements" className="text-xl font-bold text-sea-950">
            {t("product.complements")}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {product.complements.map((complement) => {
              const code = loaderData.complementCodes[complement.id];
              const pageId = code ? productPageOf(code) : null;
              return (
                <li
                  key={complement.id}
                  className="rounded-2xl border border-slate-200 bg-white p-4"
                  data-complement-code={complement.code}
                >
                  <img
                    src={complement.img.src}
                    alt=""
                    width={320}
                    height={200}
                    className="h-28 w-full rounded-xl bg-sea-50 object-cover"
                  />
                  <h3 className="mt-3 text-base font-bold text-sea-950">{complement.infoDetails.titleDescription}</h3>
                  <p className="text-sm font-medium text-slate-700">{complement.infoDetails.subtitleDescription}</p>
                  <div
                    className="mt-2 space-y-2 text-sm leading-6 text-slate-800 [&_li]:ml-4 [&_li]:list-disc"
                    // Sanitized by the catalog module before it left the server.
                    dangerouslySetInnerHTML={{ __html: complement.infoDetails.textDescription }}
                  />
                  <p className="mt-2 text-sm text-slate-800">
                    <strong>{t("product.admission")}</strong>: {complement.name} · <strong>{t("product.tour")}</strong>:{" "}
                    {complement.nameUpgrade}
                  </p>
                  {pageId && pageId !== loaderData.pageId && isPageLive(pageId) ? (
                    <Link
                      to={pathOf(pageId, language)}
                      className={`mt-2 inline-block text-sm font-semibold text-sea-800 underline underline-offset-2 hover:text-sea-950 ${FOCUS_RING}`}
                    >
                      {t("product.seePage", { name: complement.businessUnit })}
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {upgrade && loaderData.upgradeFromPrice ? (
            <p className="mt-3 text-sm text-slate-700">
              {upgrade.name}: {t("product.from", { price: loaderData.upgradeFromPrice })}
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
