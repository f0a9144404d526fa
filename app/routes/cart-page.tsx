// The cart: each line with its date, schedule, passengers and fare, the hold's
// countdown, remove and hold-again; complement cards with their details; the totals in the cart's
// currency. Every button is a form that works without JavaScript (app/cart/cart-page.server.ts).
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { languageOfPath } from "../../lib/language.ts";
import type { CartComplementView, CartLineView, CartView } from "../../flows/cart.ts";
import { applyCartForm, loadCartPage } from "../cart/cart-page.server.ts";
import type { CheckoutPageId } from "../checkout/payment-details.server.ts";
import { formatLongDate } from "../components/booking/format.ts";
import { LegLine } from "../components/booking/leg-line.tsx";
import { CARD, INPUT } from "../components/booking/styles.ts";
import { HoldCountdown } from "../components/cart/hold-countdown.tsx";
import { PaymentMethods } from "../components/cart/payment-methods.tsx";
import { Breadcrumbs } from "../components/content/breadcrumbs.tsx";
import { buttonClass, CONTAINER } from "../components/ui/styles.ts";
import { createTranslate, type Translate } from "../i18n/translate.ts";
import { useLanguage, useTranslate } from "../i18n/use-translate.ts";
import { cartEventOf } from "../personalization/page-events.ts";
import { useTrackView } from "../personalization/tracker-provider.tsx";
import { isPageLive, pathOf } from "../../lib/routing/localized-paths.ts";
import type { Route } from "./+types/cart-page";

// The loader's Cache-Control (and Vary) reach the response: server/app.ts shares only what the route left open.
export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = languageOfPath(new URL(request.url).pathname);
  const { data: page, headers } = await loadCartPage(request, context, language);
  return data(page, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  return applyCartForm(request, context, languageOfPath(new URL(request.url).pathname));
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  if (!root) return [];
  const t = createTranslate(root.messages, root.language);
  // A cart is one visitor's: never indexed.
  return [{ title: `${t("cart.title")} · ${t("site.name")}` }, { name: "robots", content: "noindex" }];
};

function passengersText(t: Translate, passengers: CartLineView["passengers"]): string {
  return (["adult", "child", "infant"] as const)
    .filter((type) => passengers[type] > 0)
    .map((type) => t(`booking.passengerCount.${type}`, { count: passengers[type] }))
    .join(" · ");
}

function LineDetails({ line }: { line: CartLineView }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <ul className="mt-2 space-y-1 text-sm text-slate-700">
      {line.outbound ? <LegLine direction="outbound" leg={line.outbound} /> : null}
      {line.inbound ? <LegLine direction="inbound" leg={line.inbound} /> : null}
      {line.openTicketMonths ? <li>{t("cart.openTicket", { count: line.openTicketMonths })}</li> : null}
      {line.coupon ? (
        <li className="font-semibold text-sea-900" data-testid="coupon-validity">
          {t("cart.coupon", { count: line.coupon.months })}
        </li>
      ) : null}
      {line.activity ? (
        <li>
          {line.activity.opens && line.activity.closes
            ? t("cart.activityDay", {
                date: formatLongDate(line.activity.date, language),
                opens: line.activity.opens,
                closes: line.activity.closes,
              })
            : formatLongDate(line.activity.date, language)}
        </li>
      ) : null}
      <li>
        {t("booking.passengers")}: {passengersText(t, line.passengers)} · {t("booking.category")}:{" "}
        {t(`booking.category.${line.category}`)}
      </li>
      {line.category === "resident" ? <li className="text-sea-900">{t("cart.residentNotice")}</li> : null}
    </ul>
  );
}

/** `first`: the cart's first line, whose picture is in the first screenful and loads with the page. */
function CartLine({ line, busy, first }: { line: CartLineView; busy: boolean; first: boolean }) {
  const t = useTranslate();
  const expired = line.hold.status === "expired";
  return (
    <li className={`${CARD} flex flex-col gap-3 sm:flex-row`} data-testid="cart-line" data-hold={line.hold.status}>
      {line.product.image ? (
        <img
          src={line.product.image}
          alt=""
          width={160}
          height={107}
          loading={first ? "eager" : "lazy"}
          className="h-24 w-full rounded-lg object-cover sm:h-24 sm:w-36"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-lg font-bold text-sea-950">{line.product.name}</h2>
          {/* At list price, like the totals' lines: the presale discount is taken off in the totals. */}
          <div className="text-right">
            <p className="text-lg font-bold text-sea-950" data-testid="line-total">
              {line.price.subtotal.formatted}
            </p>
            {line.price.discount.amountMinor > 0 ? (
              <p className="text-sm text-coral-700" data-testid="line-discount">
                {t("booking.summary.discount")} −{line.price.discount.formatted}
              </p>
            ) : null}
          </div>
        </div>
        <LineDetails line={line} />
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {/* Mounted for an expired hold too (at 0): the clock that counted down is the one that says so. */}
          {(line.hold.status === "held" && line.hold.secondsLeft !== null) || expired ? (
            <HoldCountdown
              secondsLeft={expired ? 0 : (line.hold.secondsLeft ?? 0)}
              label={(time) => t("cart.holdCountdown", { time })}
              releasedText={t("cart.holdExpired")}
            />
          ) : null}
          {expired ? (
            <>
              <Form method="post">
                <input type="hidden" name="intent" value="hold-again" />
                <input type="hidden" name="line" value={line.id} />
                <button
                  type="submit"
                  className={buttonClass("secondary")}
                  disabled={busy}
                  aria-label={t("hold.holdAgain", { name: line.product.name })}
                >
                  {t("cart.holdAgain")}
                </button>
              </Form>
            </>
          ) : null}
          <Form method="post" className="ms-auto">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="line" value={line.id} />
            <button
              type="submit"
              className={buttonClass("ghost")}
              disabled={busy}
              aria-label={t("cart.removeLine", { name: line.product.name })}
            >
              {t("cart.remove")}
            </button>
          </Form>
        </div>
      </div>
    </li>
  );
}

function ComplementCard({
  card,
  line,
  busy,
}: {
  card: CartComplementView;
  line: CartLineView | undefined;
  busy: boolean;
}) {
  const t = useTranslate();
  const people = line ? line.passengers.adult + line.passengers.child + line.passengers.infant : 0;
  return (
    <li className={`${CARD} flex flex-col`} data-testid="complement-card" data-added={card.hasBeenAdded}>
      <img
        src={card.img.src}
        alt=""
        width={320}
        height={180}
        loading="lazy"
        className="h-36 w-full rounded-lg object-cover"
      />
      <h3 className="mt-3 text-base font-bold text-sea-950">{card.infoDetails.titleDescription}</h3>
      <p className="text-sm font-semibold text-sea-800">{card.infoDetails.subtitleDescription}</p>
      {/* Catalogue HTML, sanitized by the catalogue module before it gets here. */}
      <div
        className="prose prose-sm mt-2 line-clamp-4 text-sm text-slate-700"
        dangerouslySetInnerHTML={{ __html: card.infoDetails.textDescription }}
      />
      {card.hasBeenAdded ? (
        <p className="mt-3 font-semibold text-sea-900" data-testid="complement-added">
          {t("cart.complements.added", { price: card.price?.formatted ?? "" })}
        </p>
      ) : (
        <Form method="post" className="mt-auto space-y-2 pt-3">
          <input type="hidden" name="intent" value="add-complement" />
          <input type="hidden" name="complement" value={card.id} />
          <input type="hidden" name="line" value={card.forLineId} />
          <p className="text-xs text-slate-600">{t("cart.complements.for", { count: people })}</p>
          <label className="block text-sm font-semibold text-sea-950">
            {t("cart.complements.date")}
            {/* One such field per card: its name says which product it is for. */}
            <input
              type="date"
              name="date"
              required
              defaultValue={card.defaultDate ?? undefined}
              aria-label={t("cart.complements.dateFor", { name: card.infoDetails.titleDescription })}
              className={`${INPUT} mt-1`}
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="upgrade" value="false" className={buttonClass("secondary")} disabled={busy}>
              {t("cart.complements.addAdmission", { name: card.name })}
            </button>
            <button type="submit" name="upgrade" value="true" className={buttonClass("secondary")} disabled={busy}>
              {t("cart.complements.addUpgrade", { name: card.nameUpgrade })}
            </button>
          </div>
        </Form>
      )}
    </li>
  );
}

function Totals({ cart, checkoutPage, busy }: { cart: CartView; checkoutPage: CheckoutPageId; busy: boolean }) {
  const t = useTranslate();
  const language = useLanguage();
  const payable = cart.lines.some((line) => line.hold.status !== "expired");
  return (
    <aside className={`${CARD} space-y-3`} aria-labelledby="cart-totals">
      <h2 id="cart-totals" className="text-lg font-bold text-sea-950">
        {t("cart.totals")}
      </h2>
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between">
          <dt>{t("booking.summary.subtotal")}</dt>
          <dd>{cart.totals.subtotal.formatted}</dd>
        </div>
        {cart.totals.discount.amountMinor > 0 ? (
          <div className="flex justify-between text-sea-800">
            <dt>{t("booking.summary.discount")}</dt>
            <dd>−{cart.totals.discount.formatted}</dd>
          </div>
        ) : null}
        <div className="flex justify-between border-t border-slate-200 pt-2 text-lg font-bold text-sea-950">
          <dt>{t("booking.summary.total")}</dt>
          <dd data-testid="cart-total">{cart.totals.total.formatted}</dd>
        </div>
      </dl>
      <p className="text-xs text-slate-600">{t("cart.totalsHint", { currency: cart.currency })}</p>
      <PaymentMethods currency={cart.currency} />
      {payable && isPageLive(checkoutPage) ? (
        <Link
          to={pathOf(checkoutPage, language)}
          className={`${buttonClass("primary", "lg")} w-full`}
          data-testid="proceed-to-payment"
        >
          {t("cart.proceed")}
        </Link>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="empty" />
        <input type="hidden" name="cart" value={cart.id} />
        <button type="submit" className={`${buttonClass("ghost")} w-full`} disabled={busy}>
          {t("cart.emptyCart")}
        </button>
      </Form>
    </aside>
  );
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const t = useTranslate();
  const language = useLanguage();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { cart, checkoutPage, notice } = loaderData;
  const lines = cart?.lines ?? [];
  // Every cart change redirects here with `updated=1` (a new location): that view is the change.
  const { key } = useLocation();
  // Lines whose hold expired are outside the totals until held again: outside the event too.
  const held = lines
    .filter((line) => line.hold.status !== "expired")
    .map((line) => ({ product: line.product, total: line.price.total }));
  const cartEvent = cart
    ? cartEventOf(notice?.ok ? "cartModified" : "cartViewed", { lines: held, total: cart.totals.total })
    : null;
  useTrackView(cartEvent, `cart:${key}`);
  return (
    <div className={`${CONTAINER} py-8`}>
      <Breadcrumbs crumbs={[{ label: t("page.home"), href: pathOf("home", language) }, { label: t("cart.title") }]} />
      <h1 className="mt-4 text-3xl font-bold text-sea-950">{t("cart.title")}</h1>
      {notice ? (
        <div
          role={notice.ok ? "status" : "alert"}
          data-testid="cart-notice"
          className={`mt-4 rounded-lg border p-3 text-sm font-semibold ${notice.ok ? "border-sea-700 bg-sea-50 text-sea-950" : "border-coral-600 bg-coral-50 text-coral-700"}`}
        >
          <p>{notice.ok ? t("cart.updated") : t("cart.updateError")}</p>
          {notice.ok ? null : <p className="font-normal">{t(notice.reason)}</p>}
        </div>
      ) : null}
      {cart === null || lines.length === 0 ? (
        <div className="mt-8 max-w-xl">
          <p className="text-lg font-semibold text-sea-950">{t("cart.empty")}</p>
          <p className="mt-2 text-slate-700">{t("cart.emptyHint")}</p>
          <Link to={pathOf("routesSchedules", language)} className={`${buttonClass("primary", "lg")} mt-4`}>
            {t("cart.findCrossing")}
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
          <div className="lg:col-start-1">
            <p className="text-sm text-slate-700" data-testid="cart-size">
              {t("cart.count", { count: cart.count, limit: cart.limit })}
            </p>
            <ul className="mt-3 space-y-4">
              {lines.map((line, index) => (
                <CartLine key={`${line.id}:${line.hold.expiresAt ?? ""}`} line={line} busy={busy} first={index === 0} />
              ))}
            </ul>
          </div>
          {/* Before the upsell on a phone, beside everything on a wide screen. */}
          <div className="self-start lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <Totals cart={cart} checkoutPage={checkoutPage} busy={busy} />
          </div>
          {cart.complements.length > 0 ? (
            <section className="mt-4 lg:col-start-1" aria-labelledby="cart-complements">
              <h2 id="cart-complements" className="text-2xl font-bold text-sea-950">
                {t("cart.complements.title")}
              </h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {cart.complements.map((card) => (
                  <ComplementCard
                    key={card.id}
                    card={card}
                    line={lines.find((line) => line.id === card.forLineId)}
                    busy={busy}
                  />
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </div>
  );
}
