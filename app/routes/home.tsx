import { data, Link } from "react-router";
import { HOME_BANNER_SLOT } from "../../lib/routing/content-slots.ts";
import { loadSlot } from "../personalization/slot.server.ts";
import { SlotBanner } from "../components/personalization/slot-banner.tsx";
import { findFeaturedProducts, type ProductCard } from "../../modules/catalog/index.ts";
import {
  crossingFactsOf,
  findCrossings,
  findTimetableSailings,
  localDateOf,
  type CrossingFacts,
} from "../../modules/inventory/index.ts";
import { loadFerryWidget } from "../booking/booking-view.server.ts";
import { FerryBookingWidget } from "../components/booking/ferry-booking-widget.tsx";
import { languageOfPath, type Language } from "../../lib/language.ts";
import { requestContext, servicesContext, createPriceFormatter, findRequestCurrency } from "../../server/edge/index.ts";
import { siteOriginOf } from "../../lib/config.ts";
import { CATALOGUES } from "../../lib/i18n/catalogues.server.ts";
import { organization, webSite, type JsonLd } from "../content/structured-data.ts";
import { JsonLdScript } from "../components/content/json-ld.tsx";
import { createTranslate, type MessageKey, type Translate } from "../i18n/translate.ts";
import { useRootData, useTranslate } from "../i18n/use-translate.ts";
import { isPageLive, pathOf } from "../../lib/routing/localized-paths.ts";
import {
  ArrowRightIcon,
  ClockIcon,
  IdCardIcon,
  QrCodeIcon,
  ShipIcon,
  TicketIcon,
  WeatherIcon,
  type IconProps,
} from "../components/ui/icons.tsx";
import { buttonClass, CONTAINER, FOCUS_RING } from "../components/ui/styles.ts";
import type { Route } from "./+types/home";

/** A featured product as the page shows it: its "from" price already written in the visitor's currency. */
export type HomeProduct = Omit<ProductCard, "fromPrice"> & { fromPrice: string | null };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, clock, config } = context.get(servicesContext);
  const url = new URL(request.url);
  const language = languageOfPath(url.pathname);
  const jsonLd = homeJsonLd(siteOriginOf(config, request.url), language, context.get(requestContext).site.languages);
  // The home's widget searches on routes & schedules, where the results and the day's timetable are;
  // the home itself never shows results, so its own query string is not read.
  const blankSearch = new Request(new URL(url.pathname, url), { headers: request.headers });
  const today = localDateOf(clock.now());
  const [cards, currency, widget, slot, crossings, daySailings] = await Promise.all([
    findFeaturedProducts(db, language),
    findRequestCurrency(request, context, language),
    loadFerryWidget(blankSearch, context, language, pathOf("routesSchedules", language)),
    loadSlot(request, context, HOME_BANNER_SLOT, language),
    findCrossings(db, language),
    findTimetableSailings(db, today, today),
  ]);
  // What the copy says of the crossing (time, frequency, first and last sailing) is today's timetable's:
  // the first crossing in the operator's order, from Cancún.
  const crossing = crossings[0];
  const facts = crossing ? crossingFactsOf(crossing, daySailings) : null;
  // Prices are set in MXN; they are converted and written here, on the server, in the visitor's currency.
  const prices = await createPriceFormatter(context, currency, language);
  const products: HomeProduct[] = cards.map((card) => ({
    ...card,
    fromPrice: card.fromPrice ? prices.format(card.fromPrice) : null,
  }));
  return data(
    { products, priceCurrency: prices.code, widget: widget.view, banner: slot.banner, facts, jsonLd },
    { headers: slot.headers },
  );
}

/** The company and the site, for search engines: who sells, in which languages, and the site's search. */
function homeJsonLd(origin: string, language: Language, languages: readonly Language[]): JsonLd[] {
  const homeUrl = `${origin}${pathOf("home", language)}`;
  return [
    organization({ origin, homeUrl, description: CATALOGUES[language]["meta.home.description"], languages }),
    webSite({ origin, homeUrl, language, searchUrl: pathOf("search", language) }),
  ];
}

/** The banner decides how the page may be cached: `private, no-store` for a visitor's own, Vary for an anonymous one. */
export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

const OG_LOCALE: Record<Language, string> = { es: "es_MX", en: "en_US", pt: "pt_BR" };

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  if (!root) return [];
  const t = createTranslate(root.messages, root.language);
  const title = t("meta.home.title");
  const description = t("meta.home.description");
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: t("site.name") },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:locale", content: OG_LOCALE[root.language] },
    { property: "og:url", content: `${root.origin}${pathOf("home", root.language)}` },
  ];
};

const FEATURED_ID = "featured";

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useTranslate();
  const language = useRootData()?.language ?? "en";
  const { products, priceCurrency, widget, banner, facts, jsonLd } = loaderData;
  const ferryPrice = products.find((product) => product.kind === "ferry")?.fromPrice ?? null;
  const ferryHref = isPageLive("ferry") ? pathOf("ferry", language) : null;
  const schedulesHref = isPageLive("routesSchedules") ? pathOf("routesSchedules", language) : null;

  return (
    <>
      {jsonLd.map((item, index) => (
        <JsonLdScript key={index} data={item} />
      ))}
      <Hero t={t} ferryHref={ferryHref} ferryPrice={ferryPrice} facts={facts} />
      {/* flow-root keeps the card's negative margin inside this band: the card overlaps the hero's wave. */}
      <div className="flow-root bg-sand-50">
        <div className={`${CONTAINER} relative z-10 -mt-10 sm:-mt-14 lg:-mt-20`}>
          <div className="mx-auto max-w-5xl shadow-xl rounded-2xl">
            <FerryBookingWidget view={widget} />
          </div>
          {banner ? (
            <div className="mx-auto mt-10 max-w-5xl">
              <SlotBanner banner={banner} />
            </div>
          ) : null}
        </div>
      </div>
      <Featured t={t} products={products} priceCurrency={priceCurrency} />
      <Benefits t={t} />
      {facts ? <Crossing t={t} schedulesHref={schedulesHref} facts={facts} /> : null}
    </>
  );
}

/** How often boats leave today: "every 60 minutes", "every 30–60 minutes", or daily when the day has one sailing or none. */
function frequencyText(t: Translate, facts: CrossingFacts | null): string {
  const interval = facts?.intervalMinutes;
  if (!interval) return t("home.crossing.frequencyDaily");
  if (interval.shortest === interval.longest) return t("home.crossing.frequencyValue", { count: interval.shortest });
  return t("home.crossing.frequencyRange", { shortest: interval.shortest, longest: interval.longest });
}

function Hero({
  t,
  ferryHref,
  ferryPrice,
  facts,
}: {
  t: Translate;
  ferryHref: string | null;
  ferryPrice: string | null;
  facts: CrossingFacts | null;
}) {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-sea-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,#0e7fb0_0%,transparent_55%),radial-gradient(ellipse_at_bottom_left,#0b4f6c_0%,transparent_60%)]"
      />
      <div
        className={`${CONTAINER} grid items-center gap-10 pb-24 pt-10 sm:pt-14 lg:grid-cols-[1.05fr_1fr] lg:gap-14 lg:pb-32 lg:pt-20`}
      >
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-sea-100 ring-1 ring-white/15">
            <ShipIcon className="size-4 text-sea-300" />
            {t("site.tagline")}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-extrabold leading-[1.05] tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            {facts ? t("home.hero.title", { count: facts.durationMinutes }) : t("meta.home.title")}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-sea-100 text-pretty">
            {t("home.hero.text", { frequency: frequencyText(t, facts) })}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {ferryHref ? (
              <>
                <Link to={ferryHref} className={buttonClass("primary", "lg")}>
                  {t("home.hero.cta")}
                  <ArrowRightIcon className="size-5" />
                </Link>
                <a href={`#${FEATURED_ID}`} className={buttonClass("onDark", "lg")}>
                  {t("home.hero.secondaryCta")}
                </a>
              </>
            ) : (
              <a href={`#${FEATURED_ID}`} className={buttonClass("primary", "lg")}>
                {t("home.hero.secondaryCta")}
                <ArrowRightIcon className="size-5" />
              </a>
            )}
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-3 text-sm font-medium text-sea-100">
            {facts ? (
              <li className="inline-flex items-center gap-2" data-testid="hero-duration">
                <ClockIcon className="size-5 text-sea-300" />
                {t("home.hero.pointDuration", { count: facts.durationMinutes })}
              </li>
            ) : null}
            <li className="inline-flex items-center gap-2">
              <QrCodeIcon className="size-5 text-sea-300" />
              {t("home.hero.pointQr")}
            </li>
            <li className="inline-flex items-center gap-2">
              <TicketIcon className="size-5 text-sea-300" />
              {t("home.benefit.open.title")}
            </li>
          </ul>
        </div>

        <div className="relative mx-auto w-full max-w-xl lg:max-w-none">
          <img
            src="/images/home/hero-crossing.svg"
            alt=""
            width={720}
            height={560}
            fetchPriority="high"
            decoding="async"
            className="aspect-[9/7] w-full rounded-[2rem] shadow-2xl ring-1 ring-white/10"
          />
          {ferryPrice ? (
            <div className="absolute -bottom-6 left-4 flex items-center gap-4 rounded-2xl bg-white p-4 pr-5 text-slate-900 shadow-xl ring-1 ring-sea-950/5 sm:-left-6 sm:bottom-8">
              <span className="flex size-12 items-center justify-center rounded-xl bg-sea-50 text-sea-800">
                <QrCodeIcon className="size-7" />
              </span>
              <span>
                <span className="block text-sm font-semibold text-sea-950">{t("home.hero.ticketRoute")}</span>
                <span className="block text-lg font-extrabold text-coral-600" data-testid="hero-price">
                  {t("home.hero.fromPrice", { price: ferryPrice })}
                </span>
                <span className="block text-xs text-slate-600">{t("home.hero.ticketNote")}</span>
              </span>
            </div>
          ) : null}
        </div>
      </div>
      <svg
        viewBox="0 0 1440 64"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
        className="absolute inset-x-0 -bottom-px h-10 w-full text-sand-50 sm:h-16"
      >
        <path fill="currentColor" d="M0 64h1440V28c-150 22-300 30-450 18S690 4 540 8 240 44 120 44 0 30 0 30z" />
      </svg>
    </section>
  );
}

const KIND_KEY: Record<ProductCard["kind"], MessageKey> = {
  ferry: "home.kind.ferry",
  catamaran_tour: "home.kind.catamaran_tour",
  catamaran_ferry_tour: "home.kind.catamaran_ferry_tour",
  park_admission: "home.kind.park_admission",
  park_tour: "home.kind.park_tour",
};

function Featured({ t, products, priceCurrency }: { t: Translate; products: HomeProduct[]; priceCurrency: string }) {
  return (
    <section id={FEATURED_ID} aria-labelledby="featured-title" className="bg-sand-50 py-16 lg:py-24">
      <div className={CONTAINER}>
        <div className="max-w-2xl">
          <h2 id="featured-title" className="text-3xl font-extrabold tracking-tight text-sea-950 sm:text-4xl">
            {t("home.featured.title")}
          </h2>
          <p className="mt-3 text-lg text-slate-600">{t("home.featured.text", { currency: priceCurrency })}</p>
        </div>
        {products.length === 0 ? (
          <p className="mt-10 rounded-2xl bg-white p-8 text-center text-slate-700 ring-1 ring-slate-200">
            {t("home.featured.empty")}
          </p>
        ) : (
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8" data-testid="featured-products">
            {products.map((product, index) => (
              <li key={product.id}>
                <ProductTile t={t} product={product} eager={index < 3} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ProductTile({ t, product, eager }: { t: Translate; product: HomeProduct; eager: boolean }) {
  return (
    <article
      data-testid="product-card"
      className="group flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-[0_2px_6px_rgba(7,50,74,0.06),0_12px_32px_rgba(7,50,74,0.08)] ring-1 ring-sea-950/5 transition-shadow hover:shadow-[0_4px_10px_rgba(7,50,74,0.08),0_20px_44px_rgba(7,50,74,0.14)] motion-reduce:transition-none"
    >
      <div className="relative overflow-hidden">
        <img
          src={product.image}
          alt=""
          width={640}
          height={400}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[8/5] w-full object-cover transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
        <span className="absolute left-4 top-4 rounded-full bg-white/95 px-3 py-1 text-xs font-bold uppercase tracking-wide text-sea-900 shadow-sm">
          {t(KIND_KEY[product.kind])}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-xl font-bold text-sea-950">{product.name}</h3>
        <p className="mt-2 flex-1 text-slate-600">{product.summary}</p>
        {product.fromPrice ? (
          <p className="mt-5 flex items-baseline gap-2 border-t border-slate-100 pt-4" data-testid="product-price">
            <span className="text-sm text-slate-600">{t("home.featured.from")}</span>{" "}
            <span className="text-2xl font-extrabold tracking-tight text-sea-950" data-testid="price-amount">
              {product.fromPrice}
            </span>{" "}
            <span className="text-sm text-slate-600">{t("home.featured.perAdult")}</span>
          </p>
        ) : null}
      </div>
    </article>
  );
}

const BENEFITS: { icon: (props: IconProps) => React.ReactNode; title: MessageKey; text: MessageKey }[] = [
  { icon: QrCodeIcon, title: "home.benefit.qr.title", text: "home.benefit.qr.text" },
  { icon: TicketIcon, title: "home.benefit.open.title", text: "home.benefit.open.text" },
  { icon: WeatherIcon, title: "home.benefit.weather.title", text: "home.benefit.weather.text" },
  { icon: IdCardIcon, title: "home.benefit.resident.title", text: "home.benefit.resident.text" },
];

function Benefits({ t }: { t: Translate }) {
  return (
    <section aria-labelledby="benefits-title" className="bg-white py-16 lg:py-24">
      <div className={CONTAINER}>
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="benefits-title" className="text-3xl font-extrabold tracking-tight text-sea-950 sm:text-4xl">
            {t("home.benefits.title")}
          </h2>
          <p className="mt-3 text-lg text-slate-600">{t("home.benefits.text")}</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-3xl bg-sea-50/60 p-6 ring-1 ring-sea-900/5">
              <span className="flex size-12 items-center justify-center rounded-2xl bg-sea-900 text-white shadow-sm">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-bold text-sea-950">{t(title)}</h3>
              <p className="mt-2 text-slate-600">{t(text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Crossing({ t, schedulesHref, facts }: { t: Translate; schedulesHref: string | null; facts: CrossingFacts }) {
  const shown: { label: MessageKey; value: string; icon: (props: IconProps) => React.ReactNode }[] = [
    {
      label: "home.crossing.duration",
      value: t("home.crossing.durationValue", { count: facts.durationMinutes }),
      icon: ClockIcon,
    },
    { label: "home.crossing.frequency", value: frequencyText(t, facts), icon: ShipIcon },
    ...(facts.firstDeparture && facts.lastDeparture
      ? [
          {
            label: "home.crossing.hours" as const,
            value: t("home.crossing.hoursValue", { first: facts.firstDeparture, last: facts.lastDeparture }),
            icon: ShipIcon,
          },
        ]
      : []),
    { label: "home.crossing.checkIn", value: t("home.crossing.checkInValue"), icon: TicketIcon },
  ];
  return (
    <section aria-labelledby="crossing-title" className="bg-sand-50 pb-24 pt-16 lg:pb-32 lg:pt-24">
      <div className={`${CONTAINER} grid items-center gap-12 lg:grid-cols-2 lg:gap-16`}>
        <div>
          <p className="text-sm font-bold uppercase tracking-wider text-coral-700">{t("home.crossing.eyebrow")}</p>
          <h2 id="crossing-title" className="mt-2 text-3xl font-extrabold tracking-tight text-sea-950 sm:text-4xl">
            {t("home.crossing.title")}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">{t("home.crossing.text")}</p>
          <dl className="mt-8 grid gap-4 sm:grid-cols-2" data-testid="crossing-facts">
            {shown.map(({ label, value, icon: Icon }) => (
              <div key={label} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sea-950/5">
                <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
                  <Icon className="size-5 text-sea-700" />
                  {t(label)}
                </dt>
                <dd className="mt-2 font-bold text-sea-950">{value}</dd>
              </div>
            ))}
          </dl>
          {schedulesHref ? (
            <Link
              to={schedulesHref}
              className={`mt-8 inline-flex items-center gap-2 rounded-full font-semibold text-sea-800 hover:text-sea-950 ${FOCUS_RING}`}
            >
              {t("home.crossing.link")}
              <ArrowRightIcon className="size-5" />
            </Link>
          ) : null}
        </div>
        <img
          src="/images/home/route-map.svg"
          alt={t("home.crossing.mapAlt", { count: facts.durationMinutes })}
          width={560}
          height={440}
          loading="lazy"
          decoding="async"
          className="mx-auto aspect-[14/11] w-full max-w-xl rounded-[1.75rem] shadow-xl ring-1 ring-sea-950/5"
        />
      </div>
    </section>
  );
}
