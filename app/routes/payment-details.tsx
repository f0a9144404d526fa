// Payment details (payment details, and payment details for a coupon): the buyer's
// details, passenger names where tickets carry them, how to pay (card; PayPal and months without
// interest in MXN), terms, and the summary with the hold's countdown — or, for coupons, each one's
// validity. Submitting places the booking and goes to the provider's secure page. One module serves
// both pages: the coupon page is this checkout for a cart of nothing but coupons (no hold, no names).
// Works without JavaScript: a refusal re-renders this form with what was typed and each mistake.
import { useRef, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { languageOfPath } from "../../lib/language.ts";
import type { ErrorIssue } from "../../lib/errors.ts";
import {
  loadPaymentDetails,
  submitPaymentDetails,
  type NamedLineView,
  type PaymentFormFailure,
  type PaymentFormValues,
} from "../checkout/payment-details.server.ts";
import { formatLongDate } from "../components/booking/format.ts";
import { LegLine } from "../components/booking/leg-line.tsx";
import { CancellationPolicyNote } from "../components/booking/cancellation-policy.tsx";
import { CopyNamesButton } from "../components/checkout/copy-names-button.tsx";
import { CARD, CHECK, CHOICE_ROW, FIELD_LABEL, INPUT } from "../components/booking/styles.ts";
import { HoldCountdown } from "../components/cart/hold-countdown.tsx";
import { UpliftOffer } from "../components/checkout/uplift-offer.tsx";
import { PaymentMethods } from "../components/cart/payment-methods.tsx";
import { Breadcrumbs } from "../components/content/breadcrumbs.tsx";
import { hydrateOnDemand } from "../components/ui/hydrate-on-demand.tsx";
import { ErrorSummary, type ErrorSummaryItem } from "../components/ui/error-summary.tsx";
import { buttonClass, CONTAINER } from "../components/ui/styles.ts";
import { createTranslate, type MessageKey, type Translate } from "../i18n/translate.ts";
import { useLanguage, useTranslate } from "../i18n/use-translate.ts";
import { matchPage, pathOf } from "../../lib/routing/localized-paths.ts";
import type { Route } from "./+types/payment-details";

// The loader's Cache-Control (and Vary) reach the response: server/app.ts shares only what the route left open.
export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const pageId = matchPage(pathname)?.pageId === "paymentDetailsCoupon" ? "paymentDetailsCoupon" : "paymentDetails";
  const page = await loadPaymentDetails(request, context, languageOfPath(pathname), pageId);
  return data(page, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitPaymentDetails(request, context, languageOfPath(new URL(request.url).pathname));
}

export const meta: Route.MetaFunction = ({ matches, data: page }) => {
  const root = matches[0]?.loaderData;
  if (!root) return [];
  const t = createTranslate(root.messages, root.language);
  const title = page?.page === "paymentDetailsCoupon" ? t("checkout.couponTitle") : t("checkout.title");
  return [{ title: `${title} · ${t("site.name")}` }, { name: "robots", content: "noindex" }];
};

// The country list hydrates when the buyer reaches for it or the browser is idle, not with the page.
const CountrySelect = hydrateOnDemand(() =>
  import("../components/checkout/country-select.tsx").then((module) => module.CountrySelect),
);

const EMPTY_VALUES: PaymentFormValues = {
  name: "",
  email: "",
  phone: "",
  country: "",
  method: "card",
  instalments: "",
  acceptTerms: false,
  names: {},
  upliftToken: "",
};

const CHECKOUT_ERRORS = [
  "BUYER_DETAILS_INVALID",
  "TERMS_NOT_ACCEPTED",
  "PASSENGER_NAMES_REQUIRED",
  "HOLD_EXPIRED",
  "CART_EMPTY",
  "PAYMENT_METHOD_UNAVAILABLE",
  "INSTALMENTS_UNAVAILABLE",
] as const;
const FIELD_CODES = ["required", "format", "length", "unknown"] as const;

/** The message of a refusal: checkout's own, the payment provider's, or the generic one. */
function errorMessageKey(code: string): MessageKey {
  const own = CHECKOUT_ERRORS.find((known) => known === code);
  if (own) return `checkout.error.${own}`;
  if (code === "PAYMENT_PROVIDER_UNAVAILABLE" || code === "PAYMENT_INTENT_STATE") return `payment.error.${code}`;
  return "checkout.error.any";
}

/** The field an issue is about, as the form below names and labels it; null for one it does not show. */
function fieldOfIssue(
  t: Translate,
  path: string,
  namedLines: readonly NamedLineView[],
): { id: string; label: string } | null {
  const buyer = /^buyer\.(name|email|phone|country|acceptTerms)$/.exec(path)?.[1];
  if (buyer === "acceptTerms") return { id: "accept-terms", label: t("checkout.terms") };
  if (buyer)
    return { id: `buyer-${buyer}`, label: t(`checkout.buyer.${buyer as "name" | "email" | "phone" | "country"}`) };
  const named = /^passengerNames\.([^.]+)\.(\d+)$/.exec(path);
  const line = named ? namedLines.find((candidate) => candidate.lineId === named[1]) : undefined;
  if (!named || !line) return null;
  const index = Number(named[2]);
  const type = line.passengers[index];
  if (!type) return null;
  const number = line.passengers.slice(0, index + 1).filter((other) => other === type).length;
  return {
    id: `names-${line.lineId}-${index}`,
    label: `${t(`checkout.passenger.${type}`, { number })} (${line.productName})`,
  };
}

function summaryItems(
  t: Translate,
  issues: readonly ErrorIssue[],
  namedLines: readonly NamedLineView[],
): ErrorSummaryItem[] {
  return issues.flatMap((issue) => {
    const field = fieldOfIssue(t, issue.path, namedLines);
    const code = FIELD_CODES.find((known) => known === issue.code) ?? "format";
    return field ? [{ fieldId: field.id, text: `${field.label}: ${t(`checkout.field.${code}`)}` }] : [];
  });
}

function issueOf(issues: readonly ErrorIssue[], path: string): ErrorIssue | undefined {
  return issues.find((issue) => issue.path === path);
}

function FieldError({ id, issue }: { id: string; issue: ErrorIssue | undefined }) {
  const t = useTranslate();
  if (!issue) return null;
  const code = FIELD_CODES.find((known) => known === issue.code) ?? "format";
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-coral-700">
      {t(`checkout.field.${code}`)}
    </p>
  );
}

function TextField(props: {
  name: keyof PaymentFormValues & string;
  label: string;
  type?: string;
  autoComplete: string;
  values: PaymentFormValues;
  issues: readonly ErrorIssue[];
}) {
  const issue = issueOf(props.issues, `buyer.${props.name}`);
  const id = `buyer-${props.name}`;
  return (
    <div>
      <label htmlFor={id} className={FIELD_LABEL}>
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        required
        defaultValue={String(props.values[props.name] ?? "")}
        aria-invalid={issue ? true : undefined}
        aria-describedby={issue ? `${id}-error` : undefined}
        className={`${INPUT} mt-1 w-full`}
      />
      <FieldError id={`${id}-error`} issue={issue} />
    </div>
  );
}

export default function PaymentDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, cart, countries, namedLines, paypal, instalments, declined, typed, uplift, policies, savedTravellers } =
    loaderData;
  // Uplift reports when it is ready, and hides our pay button while "Pay monthly" is chosen.
  const [upliftInitialized, setUpliftInitialized] = useState(false);
  const [showPaymentButton, setShowPaymentButton] = useState(true);
  const form = useRef<HTMLFormElement>(null);
  const upliftToken = useRef<HTMLInputElement>(null);
  function payWithUplift(cardToken: string) {
    if (!upliftToken.current || !form.current) return;
    upliftToken.current.value = cardToken;
    form.current.requestSubmit();
  }
  const failure = actionData as PaymentFormFailure | undefined;
  const values = failure?.values ?? typed ?? EMPTY_VALUES;
  const issues = failure?.issues ?? [];
  const secondsLeft = Math.min(
    ...cart.lines.flatMap((line) => (line.hold.secondsLeft === null ? [] : [line.hold.secondsLeft])),
  );
  // Once a hold runs out nothing is offered for payment (its seats are gone, its price off the total):
  // the page says the seats were released and offers to hold them again instead.
  const [expiredHere, setExpiredHere] = useState(false);
  const expiredLines = cart.lines.filter((line) => line.hold.status === "expired");
  const released = expiredHere || expiredLines.length > 0;
  return (
    <div className={`${CONTAINER} py-8`}>
      <CheckoutHeader page={page} cart={cart} declined={declined} failure={failure} namedLines={namedLines} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <Form
          method="post"
          className="space-y-6"
          noValidate
          ref={form}
          data-uplift-initialized={upliftInitialized ? "true" : "false"}
        >
          <input type="hidden" name="upliftToken" defaultValue="" ref={upliftToken} />
          <BuyerFieldset countries={countries} values={values} issues={issues} />
          {namedLines.length > 0 ? (
            <PassengerNamesFieldset
              namedLines={namedLines}
              savedTravellers={savedTravellers}
              values={values}
              issues={issues}
            />
          ) : null}
          <PaymentMethodFieldset
            cart={cart}
            paypal={paypal}
            instalments={instalments}
            uplift={uplift}
            values={values}
            onUpliftInitialized={() => setUpliftInitialized(true)}
            onPaymentButtonChange={setShowPaymentButton}
            onUpliftApproved={payWithUplift}
          />
          <TermsAndPay
            cart={cart}
            policies={policies}
            values={values}
            issues={issues}
            released={released}
            expiredLines={expiredLines}
            showPaymentButton={showPaymentButton}
          />
        </Form>
        <CheckoutSummary
          cart={cart}
          released={released}
          secondsLeft={secondsLeft}
          expiredLines={expiredLines}
          onExpire={() => setExpiredHere(true)}
        />
      </div>
    </div>
  );
}

type PageData = Route.ComponentProps["loaderData"];
type CartData = PageData["cart"];
type CartLine = CartData["lines"][number];

/** The breadcrumbs, the title, and what the page has to say first: a coupon's intro, a declined payment, a refusal. */
function CheckoutHeader(props: {
  page: PageData["page"];
  cart: CartData;
  declined: PageData["declined"];
  failure: PaymentFormFailure | undefined;
  namedLines: readonly NamedLineView[];
}) {
  const { page, cart, declined, failure, namedLines } = props;
  const t = useTranslate();
  const language = useLanguage();
  const couponPage = page === "paymentDetailsCoupon";
  const title = couponPage ? t("checkout.couponTitle") : t("checkout.title");
  const couponMonths = cart.lines.find((line) => line.coupon)?.coupon?.months ?? null;
  const issues = failure?.issues ?? [];
  const knownError = failure ? errorMessageKey(failure.code) : null;
  return (
    <>
      <Breadcrumbs
        crumbs={[
          { label: t("page.home"), href: pathOf("home", language) },
          { label: t("cart.title"), href: pathOf("cart", language) },
          { label: title },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold text-sea-950" data-checkout-page={page}>
        {title}
      </h1>
      {couponPage && couponMonths !== null ? (
        <p className="mt-3 max-w-3xl text-slate-700" data-testid="coupon-intro">
          {t("checkout.couponIntro", { count: couponMonths })}
        </p>
      ) : null}
      {declined ? (
        <div
          role="alert"
          data-testid="payment-declined"
          className="mt-4 rounded-lg border border-coral-600 bg-coral-50 p-3 text-sm text-coral-700"
        >
          <p className="font-semibold">{t("checkout.declined.title")}</p>
          <p>{t(`payment.error.${declined}`)}</p>
        </div>
      ) : null}
      {knownError ? (
        <ErrorSummary
          title={t("checkout.errorTitle")}
          items={summaryItems(t, issues, namedLines)}
          focusKey={failure}
          testId="checkout-error"
          code={failure?.code}
          className="mt-4"
        >
          <p>{t(knownError)}</p>
        </ErrorSummary>
      ) : null}
    </>
  );
}

/** Who buys: name, e-mail, phone and country. */
function BuyerFieldset(props: {
  countries: PageData["countries"];
  values: PaymentFormValues;
  issues: readonly ErrorIssue[];
}) {
  const { countries, values, issues } = props;
  const t = useTranslate();
  return (
    <fieldset className={`${CARD} space-y-4`}>
      <legend className="px-1 text-lg font-bold text-sea-950">{t("checkout.buyer.title")}</legend>
      <p className="text-sm text-slate-700">{t("checkout.buyer.hint")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label={t("checkout.buyer.name")} autoComplete="name" values={values} issues={issues} />
        <TextField
          name="email"
          type="email"
          label={t("checkout.buyer.email")}
          autoComplete="email"
          values={values}
          issues={issues}
        />
        <TextField
          name="phone"
          type="tel"
          label={t("checkout.buyer.phone")}
          autoComplete="tel"
          values={values}
          issues={issues}
        />
        <div>
          <label htmlFor="buyer-country" className={FIELD_LABEL}>
            {t("checkout.buyer.country")}
          </label>
          <CountrySelect
            id="buyer-country"
            name="country"
            packedCountries={countries}
            defaultValue={values.country}
            chooseLabel={t("checkout.buyer.countryChoose")}
            invalid={issueOf(issues, "buyer.country") !== undefined}
            describedBy={issueOf(issues, "buyer.country") ? "buyer-country-error" : undefined}
            className={`${INPUT} mt-1 w-full`}
          />
          <FieldError id="buyer-country-error" issue={issueOf(issues, "buyer.country")} />
        </div>
      </div>
    </fieldset>
  );
}

/** The name of every passenger of the lines whose tickets carry names, with the account's saved travellers offered. */
function PassengerNamesFieldset(props: {
  namedLines: readonly NamedLineView[];
  savedTravellers: PageData["savedTravellers"];
  values: PaymentFormValues;
  issues: readonly ErrorIssue[];
}) {
  const { namedLines, savedTravellers, values, issues } = props;
  const t = useTranslate();
  return (
    <fieldset className={`${CARD} space-y-4`}>
      <legend className="px-1 text-lg font-bold text-sea-950">{t("checkout.passengers.title")}</legend>
      <p className="text-sm text-slate-700">{t("checkout.passengers.hint")}</p>
      {savedTravellers && savedTravellers.length > 0 ? (
        <>
          <p className="text-sm text-sea-800" data-testid="saved-travellers-hint">
            {t("checkout.passengers.savedHint")}
          </p>
          <datalist id="saved-travellers" data-testid="saved-travellers">
            {savedTravellers.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </>
      ) : null}
      {namedLines.map((line, lineIndex) => (
        <div key={line.lineId} className="space-y-3">
          <h3 className="font-semibold text-sea-950">{t("checkout.passengers.line", { product: line.productName })}</h3>
          {lineIndex > 0 ? (
            <CopyNamesButton
              fromLineId={namedLines[lineIndex - 1]!.lineId}
              toLineId={line.lineId}
              count={line.passengers.length}
            />
          ) : null}
          {line.resident ? <p className="text-sm text-sea-800">{t("checkout.residentNotice")}</p> : null}
          <div className="grid gap-3 sm:grid-cols-2">
            {line.passengers.map((type, index) => {
              const id = `names-${line.lineId}-${index}`;
              const issue = issueOf(issues, `passengerNames.${line.lineId}.${index}`);
              const number = line.passengers.slice(0, index + 1).filter((other) => other === type).length;
              return (
                <div key={id}>
                  <label htmlFor={id} className={FIELD_LABEL}>
                    {t(`checkout.passenger.${type}`, { number })}
                  </label>
                  <input
                    id={id}
                    name={`names.${line.lineId}.${index}`}
                    autoComplete="off"
                    list={savedTravellers && savedTravellers.length > 0 ? "saved-travellers" : undefined}
                    required
                    defaultValue={values.names[line.lineId]?.[index] ?? ""}
                    aria-invalid={issue ? true : undefined}
                    aria-describedby={issue ? `${id}-error` : undefined}
                    className={`${INPUT} mt-1 w-full`}
                  />
                  <FieldError id={`${id}-error`} issue={issue} />
                </div>
              );
            })}
          </div>
        </div>
      ))}
      {savedTravellers !== null ? (
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="saveTravellers"
            defaultChecked={values.saveTravellers ?? false}
            className="mt-1"
            data-testid="save-travellers"
          />
          <span>{t("checkout.passengers.save")}</span>
        </label>
      ) : null}
    </fieldset>
  );
}

/** How to pay: card, PayPal where offered, months without interest, Uplift's pay monthly. */
function PaymentMethodFieldset(props: {
  cart: CartData;
  paypal: PageData["paypal"];
  instalments: PageData["instalments"];
  uplift: PageData["uplift"];
  values: PaymentFormValues;
  onUpliftInitialized: () => void;
  onPaymentButtonChange: (show: boolean) => void;
  onUpliftApproved: (cardToken: string) => void;
}) {
  const { cart, paypal, instalments, uplift, values } = props;
  const t = useTranslate();
  return (
    <fieldset className={`${CARD} space-y-4`}>
      <legend className="px-1 text-lg font-bold text-sea-950">{t("checkout.method.title")}</legend>
      <label className={CHOICE_ROW}>
        <input type="radio" name="method" value="card" defaultChecked={values.method !== "paypal"} className={CHECK} />
        <span>
          <span className="font-semibold">{t("checkout.method.card")}</span>
          <span className="block text-sm text-slate-700">{t("checkout.method.cardHint")}</span>
        </span>
      </label>
      {paypal ? (
        <label className={CHOICE_ROW}>
          <input
            type="radio"
            name="method"
            value="paypal"
            defaultChecked={values.method === "paypal"}
            className={CHECK}
          />
          <span>
            <span className="font-semibold">{t("checkout.method.paypal")}</span>
            <span className="block text-sm text-slate-700">{t("checkout.method.paypalHint")}</span>
          </span>
        </label>
      ) : null}
      {instalments.length > 0 ? (
        <div>
          <label htmlFor="instalments" className={FIELD_LABEL}>
            {t("checkout.instalments.label")}
          </label>
          <select
            id="instalments"
            name="instalments"
            defaultValue={values.instalments}
            className={`${INPUT} mt-1 w-full`}
            aria-describedby="instalments-hint"
          >
            <option value="">{t("checkout.instalments.none")}</option>
            {instalments.map((option) => (
              <option key={option.months} value={option.months}>
                {t("checkout.instalments.option", { count: option.months })}
              </option>
            ))}
          </select>
          <p id="instalments-hint" className="mt-1 text-xs text-slate-600">
            {t("checkout.instalments.hint", { banks: instalments[0]!.banks.join(", ") })}
          </p>
        </div>
      ) : null}
      <UpliftOffer
        script={uplift}
        amountMinor={cart.totals.total.amountMinor}
        currency={cart.currency}
        onInitialized={props.onUpliftInitialized}
        onPaymentButtonChange={props.onPaymentButtonChange}
        onApproved={props.onUpliftApproved}
      />
      <PaymentMethods currency={cart.currency} />
    </fieldset>
  );
}

/** The cancellation policies, the terms to accept, and the pay button (or, once a hold ran out, hold again). */
function TermsAndPay(props: {
  cart: CartData;
  policies: PageData["policies"];
  values: PaymentFormValues;
  issues: readonly ErrorIssue[];
  released: boolean;
  expiredLines: readonly CartLine[];
  showPaymentButton: boolean;
}) {
  const { cart, policies, values, issues, released, expiredLines, showPaymentButton } = props;
  const t = useTranslate();
  const language = useLanguage();
  const busy = useNavigation().state !== "idle";
  return (
    <div className={`${CARD} space-y-4`}>
      <div className="space-y-3" data-testid="checkout-policies">
        {policies.map((entry) => (
          <CancellationPolicyNote
            key={entry.products}
            policy={entry.policy}
            title={`${t("policy.title")}: ${entry.products}`}
          />
        ))}
      </div>
      <label className="flex items-start gap-3">
        <input
          id="accept-terms"
          type="checkbox"
          name="acceptTerms"
          required
          defaultChecked={values.acceptTerms}
          className={CHECK}
          aria-invalid={issueOf(issues, "buyer.acceptTerms") ? true : undefined}
          aria-describedby={issueOf(issues, "buyer.acceptTerms") ? "terms-error" : undefined}
        />
        <span>
          {t("checkout.terms")} ·{" "}
          <Link to={pathOf("termsOfUse", language)} target="_blank" className="underline">
            {t("checkout.termsLink")}
          </Link>
        </span>
      </label>
      <FieldError id="terms-error" issue={issueOf(issues, "buyer.acceptTerms")} />
      {released ? (
        <div className="space-y-3" data-testid="pay-released">
          <p className="text-sm font-semibold text-coral-700">{t("hold.released")}</p>
          {expiredLines.map((line) => (
            <button
              key={line.id}
              type="submit"
              form={`hold-again-${line.id}`}
              className={`${buttonClass("primary", "lg")} w-full`}
              disabled={busy}
              data-testid="hold-again"
            >
              {t("hold.holdAgain", { name: line.product.name })}
            </button>
          ))}
        </div>
      ) : showPaymentButton ? (
        <button type="submit" className={`${buttonClass("primary", "lg")} w-full`} disabled={busy} data-testid="pay">
          {t("checkout.pay", { total: cart.totals.total.formatted })}
        </button>
      ) : (
        <p className="text-center text-sm text-slate-700" data-testid="pay-with-uplift">
          {t("checkout.uplift.continue")}
        </p>
      )}
      <Link to={pathOf("cart", language)} className="block text-center text-sm underline">
        {t("checkout.backToCart")}
      </Link>
    </div>
  );
}

/** The summary beside the form: the hold's countdown, each line, the discount and the total. */
function CheckoutSummary(props: {
  cart: CartData;
  released: boolean;
  secondsLeft: number;
  expiredLines: readonly CartLine[];
  onExpire: () => void;
}) {
  const { cart, released, secondsLeft, expiredLines, onExpire } = props;
  const t = useTranslate();
  const language = useLanguage();
  return (
    <aside className={`${CARD} space-y-3 self-start lg:sticky lg:top-24`} aria-labelledby="checkout-summary">
      <h2 id="checkout-summary" className="text-lg font-bold text-sea-950">
        {t("checkout.summary.title")}
      </h2>
      {/* Mounted once the hold has run out too (at 0): the clock that counted down says so. */}
      {released || (cart.holdExpiresAt && Number.isFinite(secondsLeft)) ? (
        <HoldCountdown
          secondsLeft={Number.isFinite(secondsLeft) ? secondsLeft : 0}
          label={(time) => t("cart.holdCountdown", { time })}
          onExpire={onExpire}
        />
      ) : null}
      {/* The forms of the hold-again buttons, which sit where the pay button was (a form cannot hold another). */}
      {expiredLines.map((line) => (
        <Form key={line.id} id={`hold-again-${line.id}`} method="post" action={pathOf("cart", language)}>
          <input type="hidden" name="intent" value="hold-again" />
          <input type="hidden" name="line" value={line.id} />
        </Form>
      ))}
      <ul className="space-y-3 text-sm">
        {cart.lines.map((line) => (
          <li key={line.id} className="border-b border-slate-100 pb-2">
            <p className="font-semibold text-sea-950">{line.product.name}</p>
            <ul className="text-slate-700">
              {line.outbound ? <LegLine direction="outbound" leg={line.outbound} /> : null}
              {line.inbound ? <LegLine direction="inbound" leg={line.inbound} /> : null}
              {line.openTicketMonths ? <li>{t("cart.openTicket", { count: line.openTicketMonths })}</li> : null}
              {line.coupon ? (
                <li className="font-semibold text-sea-900" data-testid="coupon-until">
                  {t("checkout.couponUntil", { date: formatLongDate(line.coupon.validUntil, language) })}
                </li>
              ) : null}
              {line.activity ? <li>{formatLongDate(line.activity.date, language)}</li> : null}
            </ul>
            {/* At list price like the cart's lines: the presale discount is taken off below. */}
            <p className="text-right font-semibold">{line.price.subtotal.formatted}</p>
          </li>
        ))}
      </ul>
      {cart.totals.discount.amountMinor > 0 ? (
        <div className="flex justify-between text-coral-700">
          <span>{t("booking.summary.discount")}</span>
          <span data-testid="checkout-discount">−{cart.totals.discount.formatted}</span>
        </div>
      ) : null}
      <div className="flex justify-between text-lg font-bold text-sea-950">
        <span>{t("booking.summary.total")}</span>
        <span data-testid="checkout-total">{cart.totals.total.formatted}</span>
      </div>
      {cart.totalsUSD && cart.currency !== "USD" ? (
        <p className="text-right text-xs text-slate-600">
          {t("checkout.summary.usd", { amount: cart.totalsUSD.total.formatted })}
        </p>
      ) : null}
    </aside>
  );
}
