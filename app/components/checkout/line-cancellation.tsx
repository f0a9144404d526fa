// A booked line's cancellation on manage booking (ADR 0057): its product's policy, what cancelling
// now gives back (or why it cannot be cancelled online), and a two-step cancel — a link that asks for
// confirmation with the amount, then the form that cancels. Works without JavaScript.
import { Form, Link } from "react-router";
import type { MessageKey } from "../../i18n/translate.ts";
import { useTranslate } from "../../i18n/use-translate.ts";
import { CancellationPolicyNote, type PolicyView } from "../booking/cancellation-policy.tsx";
import { buttonClass } from "../ui/styles.ts";

/** What manage booking's loader says of a line's cancellation. */
export interface CancellationView {
  policy: PolicyView;
  offer: { refund: string; fee: string; feePercent: number; until: string | null } | null;
  refusal: string | null;
  cancelled: boolean;
}

export function LineCancellation({
  lineId,
  cancellation,
  confirming,
  error,
  busy,
  formatInstant,
}: {
  lineId: string;
  cancellation: CancellationView;
  confirming: boolean;
  error: React.ReactNode;
  busy: boolean;
  formatInstant: (iso: string) => string;
}) {
  const t = useTranslate();
  const sectionId = `cancel-${lineId}`;
  const { offer, refusal } = cancellation;
  return (
    <section
      id={sectionId}
      className="space-y-3 rounded-xl bg-slate-50 p-3 sm:p-4"
      aria-labelledby={`${sectionId}-title`}
      data-testid="line-cancellation"
      data-refusal={refusal ?? ""}
    >
      <h4 id={`${sectionId}-title`} className="font-bold text-sea-950">
        {t("manage.cancel.title")}
      </h4>
      {cancellation.cancelled ? (
        <p className="text-sm font-semibold text-coral-700" data-testid="line-cancelled">
          {t("manage.cancel.cancelled")}
        </p>
      ) : (
        <CancellationPolicyNote policy={cancellation.policy} headingLevel={4} />
      )}
      {error}
      {offer ? (
        <>
          <p className="text-sm font-semibold text-sea-900" data-testid="cancel-offer">
            {offer.feePercent > 0
              ? t("manage.cancel.offer", { refund: offer.refund, fee: offer.fee, percent: offer.feePercent })
              : t("manage.cancel.offerFull", { refund: offer.refund })}
            {offer.until ? ` ${t("manage.cancel.until", { when: formatInstant(offer.until) })}` : null}
          </p>
          {confirming ? (
            <div
              role="alertdialog"
              aria-labelledby={`${sectionId}-confirm`}
              aria-describedby={`${sectionId}-confirm-text`}
              className="space-y-3 rounded-lg border border-coral-600 bg-white p-3"
              data-testid="cancel-confirm"
            >
              <p id={`${sectionId}-confirm`} className="font-bold text-coral-700">
                {t("manage.cancel.confirmTitle")}
              </p>
              <p id={`${sectionId}-confirm-text`} className="text-sm text-slate-700">
                {t("manage.cancel.confirmText", { refund: offer.refund })}
              </p>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="lineId" value={lineId} />
                  <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="cancel-submit">
                    {t("manage.cancel.confirm", { refund: offer.refund })}
                  </button>
                </Form>
                <Link to="?" className={buttonClass("secondary")} preventScrollReset>
                  {t("manage.cancel.keep")}
                </Link>
              </div>
            </div>
          ) : (
            <Link to={`?cancel=${lineId}#${sectionId}`} className={buttonClass("secondary")} data-testid="cancel-start">
              {t("manage.cancel.start")}
            </Link>
          )}
        </>
      ) : refusal && !cancellation.cancelled ? (
        <p className="text-sm text-slate-700" data-testid="cancel-refusal" data-code={refusal}>
          {t(`manage.error.${refusal}` as MessageKey)}
        </p>
      ) : null}
    </section>
  );
}
