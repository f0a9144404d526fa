// The console's cancellation of one booking line (ADR 0057): "with the policy's fee" applies the same
// decision the buyer gets on manage booking (shown per line), "with no money back" cancels the line's
// tickets and keeps the money. Both free the seats, mail the buyer and write the audit log.
import { Form, useNavigation } from "react-router";
import { FIELD_LABEL } from "../components/booking/styles.ts";
import { buttonClass } from "../components/ui/styles.ts";
import { consoleErrorKey, useConsoleLayoutData, useConsoleT } from "./console-i18n.ts";
import { InputField } from "./fields.tsx";

export interface LineCancellationOffer {
  lineId: string;
  label: string;
  refund: string | null;
  fee: string | null;
  refusal: string | null;
  /** Some ticket of the line is still valid: there is something to cancel. */
  open: boolean;
}

export type CancelAnswer = { cancelled: true; refunded: string | null } | { cancelError: string };

export function CancelLineForm({
  reference,
  offers,
  answer,
}: {
  reference: string;
  offers: readonly LineCancellationOffer[];
  answer: CancelAnswer | null;
}) {
  const t = useConsoleT();
  const { messages } = useConsoleLayoutData();
  const busy = useNavigation().state === "submitting";
  const open = offers.filter((offer) => offer.open);
  if (open.length === 0 && !answer) return null;
  return (
    <section className="space-y-3" data-testid="cancel-line">
      <h3 className="text-lg font-semibold text-sea-950">{t("console.cancel.title")}</h3>
      {answer && "cancelled" in answer ? (
        <p role="status" className="rounded-lg bg-sea-50 p-3 text-sm text-sea-950" data-testid="cancel-done">
          {answer.refunded ? t("console.cancel.done", { amount: answer.refunded }) : t("console.cancel.doneNoRefund")}
        </p>
      ) : null}
      {answer && "cancelError" in answer ? (
        <p
          role="alert"
          className="rounded-lg bg-coral-50 p-3 text-sm text-coral-700"
          data-testid="cancel-error"
          data-code={answer.cancelError}
        >
          {t(consoleErrorKey(answer.cancelError, messages))}
        </p>
      ) : null}
      {open.length > 0 ? (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="reference" value={reference} />
          <p className="text-sm text-slate-700">{t("console.cancel.intro")}</p>
          <fieldset className="space-y-2">
            <legend className={FIELD_LABEL}>{t("console.cancel.line")}</legend>
            {open.map((offer, index) => (
              <label
                key={offer.lineId}
                className="flex items-start gap-2 text-sm"
                data-testid="cancel-line-option"
                data-refusal={offer.refusal ?? ""}
              >
                <input
                  type="radio"
                  name="lineId"
                  value={offer.lineId}
                  defaultChecked={index === 0}
                  required
                  className="mt-1 h-5 w-5"
                />
                <span>
                  <span className="font-semibold">{offer.label}</span>
                  <span className="block text-slate-700">
                    {offer.refund !== null
                      ? t("console.cancel.policyOffer", { refund: offer.refund, fee: offer.fee ?? "" })
                      : t("console.cancel.policyRefused", {
                          reason: t(consoleErrorKey(offer.refusal ?? "", messages)),
                        })}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <InputField id="cancel-reason" label={t("console.cancel.reason")} name="reason" maxLength={500} />
          <div className="flex flex-col gap-2">
            <button
              type="submit"
              name="intent"
              value="cancel-fee"
              className={buttonClass("secondary")}
              disabled={busy}
              data-testid="cancel-fee"
            >
              {t("console.cancel.withFee")}
            </button>
            <button
              type="submit"
              name="intent"
              value="cancel-no-refund"
              className={buttonClass("secondary")}
              disabled={busy}
              data-testid="cancel-no-refund"
            >
              {t("console.cancel.noRefund")}
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
