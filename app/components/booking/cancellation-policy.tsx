// A product's written cancellation policy in the visitor's words: shown on the product page, on payment
// details before paying, and on manage booking. Drawn from the same policy data the refund applies.
import { useTranslate } from "../../i18n/use-translate.ts";

export type PolicyView =
  | { refundable: false; dateChangeable: boolean }
  | { refundable: true; tiers: readonly { moreThanHours: number; feePercent: number }[]; dateChangeable: boolean };

export function policyLines(t: ReturnType<typeof useTranslate>, policy: PolicyView): string[] {
  const lines: string[] = [];
  if (!policy.refundable) lines.push(t("policy.nonRefundable"));
  else {
    for (const tier of policy.tiers) {
      const count = Math.round(tier.moreThanHours / 24);
      lines.push(
        tier.feePercent === 0
          ? t("policy.tier.free", { count })
          : t("policy.tier.fee", { count, percent: tier.feePercent }),
      );
    }
    lines.push(t("policy.late"));
  }
  if (policy.dateChangeable) lines.push(t("policy.dateChange"));
  return lines;
}

/** The policy as a short list under a heading (`headingLevel` fits the page's outline). */
export function CancellationPolicyNote({
  policy,
  title,
  headingLevel = 3,
  testId = "cancellation-policy",
}: {
  policy: PolicyView;
  title?: string;
  headingLevel?: 2 | 3 | 4;
  testId?: string;
}) {
  const t = useTranslate();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="text-sm text-slate-700" data-testid={testId} data-refundable={policy.refundable ? "true" : "false"}>
      <Heading className="font-semibold text-sea-950">{title ?? t("policy.title")}</Heading>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {policyLines(t, policy).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
