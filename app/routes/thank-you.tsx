// Thank-you: the booking reference and what comes next, once the payment is
// confirmed; while it is not yet, a page that says so and checks again; a refund if the seats were gone.
import { data, Link } from "react-router";
import { languageOfPath } from "../../lib/language.ts";
import { loadThankYou } from "../checkout/thank-you.server.ts";
import { CARD } from "../components/booking/styles.ts";
import { buttonClass, CONTAINER } from "../components/ui/styles.ts";
import { createTranslate } from "../i18n/translate.ts";
import { useLanguage, useTranslate } from "../i18n/use-translate.ts";
import { orderEventOf } from "../personalization/page-events.ts";
import { useTrackView } from "../personalization/tracker-provider.tsx";
import { isPageLive, pathOf } from "../../lib/routing/localized-paths.ts";
import type { Route } from "./+types/thank-you";

// The loader's Cache-Control (and Vary) reach the response: server/app.ts shares only what the route left open.
export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: page, headers } = await loadThankYou(request, context, languageOfPath(new URL(request.url).pathname));
  return data(page, { headers });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData;
  if (!root) return [];
  const t = createTranslate(root.messages, root.language);
  return [{ title: `${t("page.cartThankYou")} · ${t("site.name")}` }, { name: "robots", content: "noindex" }];
};

export default function ThankYouPage({ loaderData }: Route.ComponentProps) {
  const t = useTranslate();
  const language = useLanguage();
  const booking = loaderData;
  const manage = isPageLive("manageBooking") ? `${pathOf("manageBooking", language)}?ref=${booking.reference}` : null;
  // Once per order in this browser: a reload of the thank-you page is not a second order.
  useTrackView(
    booking.order ? orderEventOf({ reference: booking.reference, ...booking.order }) : null,
    `order:${booking.reference}:${booking.order ? "paid" : "waiting"}`,
    { once: true },
  );
  if (
    booking.status === "pending_payment" ||
    booking.status === "failed" ||
    booking.status === "refunded" ||
    booking.status === "cancelled"
  ) {
    const key =
      booking.status === "pending_payment" ? "waiting" : booking.status === "refunded" ? "refunded" : "failed";
    return (
      <div className={`${CONTAINER} py-10`}>
        <div
          className={`${CARD} mx-auto max-w-2xl space-y-4`}
          data-testid="thank-you-status"
          data-status={booking.status}
        >
          <h1 className="text-2xl font-bold text-sea-950">{t(`thanks.${key}.title`)}</h1>
          <p className="text-slate-700">{t(`thanks.${key}.text`)}</p>
          <p className="text-sm">
            {t("thanks.reference")}: <strong className="font-mono">{booking.reference}</strong>
          </p>
          {key === "waiting" ? (
            <Link to={`?booking=${booking.reference}`} reloadDocument className={buttonClass("primary")}>
              {t("thanks.waiting.refresh")}
            </Link>
          ) : (
            <Link to={pathOf("cart", language)} className={buttonClass("primary")}>
              {t("checkout.backToCart")}
            </Link>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className={`${CONTAINER} py-10`}>
      <div className={`${CARD} mx-auto max-w-2xl space-y-5`} data-testid="thank-you">
        <h1 className="text-3xl font-bold text-sea-950">{t("thanks.title")}</h1>
        <div className="rounded-xl bg-sea-50 p-4 text-center">
          <p className="text-sm font-semibold text-sea-800">{t("thanks.reference")}</p>
          <p className="font-mono text-4xl font-bold tracking-widest text-sea-950" data-testid="booking-reference">
            {booking.reference}
          </p>
        </div>
        <p>{t("thanks.emailSent", { email: booking.email })}</p>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-slate-600">{t("thanks.total")}</dt>
          <dd className="text-right font-semibold" data-testid="thank-you-total">
            {booking.total}
          </dd>
          {booking.payment ? (
            <>
              <dt className="text-slate-600">{t("thanks.paidWith")}</dt>
              <dd className="text-right" data-testid="thank-you-payment">
                {booking.payment.method === "paypal" ? (
                  "PayPal"
                ) : booking.payment.method === "uplift" ? (
                  t("thanks.paidWithUplift")
                ) : (
                  <>
                    {booking.payment.brand} •••• {booking.payment.last4}
                    {booking.payment.instalments ? (
                      <span className="block text-sea-800">
                        {t("thanks.instalments", {
                          count: booking.payment.instalments.months,
                          monthly: booking.payment.instalments.monthly,
                        })}
                      </span>
                    ) : null}
                  </>
                )}
              </dd>
            </>
          ) : null}
          <dt className="text-slate-600">{t("thanks.tickets", { count: booking.ticketCount })}</dt>
          <dd />
        </dl>
        <section aria-labelledby="thanks-next">
          <h2 id="thanks-next" className="text-lg font-bold text-sea-950">
            {t("thanks.next.title")}
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-700">
            <li>{t("thanks.next.email")}</li>
            {booking.holds.ferry ? <li>{t("thanks.next.qr")}</li> : null}
            {booking.holds.visit ? <li>{t("thanks.next.visit")}</li> : null}
            {booking.holds.coupon ? <li>{t("thanks.next.coupon")}</li> : null}
            <li>{t("thanks.next.manage")}</li>
          </ol>
        </section>
        <div className="flex flex-wrap gap-3">
          <a
            href={`/api/bookings/${booking.reference}/tickets.pdf`}
            className={buttonClass("primary")}
            data-testid="download-tickets"
          >
            {t("thanks.download")}
          </a>
          {booking.holds.dated ? (
            <a
              href={`/api/bookings/${booking.reference}/calendar.ics`}
              className={buttonClass("secondary")}
              data-testid="download-calendar"
            >
              {t("manage.calendar")}
            </a>
          ) : null}
          {manage ? (
            <Link to={manage} className={buttonClass("secondary")}>
              {t("thanks.manage")}
            </Link>
          ) : null}
        </div>
      </div>
    </div>
  );
}
