// A refused console request, translated: the code's sentence, then each issue the page can name (a
// timetable clash with the other rule, its day and times; a sailing whose seats forbid a capacity cut).
import { consoleErrorKey, useConsoleLayoutData, useConsoleT } from "../console-i18n.ts";
import type { Refusal } from "./shared.server.ts";

function issueText(t: ReturnType<typeof useConsoleT>, issue: { path: string; code: string }): string {
  const rule = /^rule\.(-?\d+)$/.exec(issue.path)?.[1];
  const busy = /^vessel_busy:(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})\/(\d{2}:\d{2})$/.exec(issue.code);
  if (rule && busy) return t("ops.issue.vesselBusy", { rule, date: busy[1]!, time: busy[2]!, otherTime: busy[3]! });
  const same = /^same_departure:(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(issue.code);
  if (rule && same) return t("ops.issue.sameDeparture", { rule, date: same[1]!, time: same[2]! });
  const sailing = /^sailing\.(\d+)$/.exec(issue.path)?.[1];
  const taken = /^taken:(\d+)$/.exec(issue.code)?.[1];
  if (sailing && taken) return t("ops.issue.taken", { sailing, taken });
  return sailingIssueText(t, issue) ?? recordIssueText(t, issue) ?? `${issue.path}: ${issue.code}`;
}

const FIELDS = new Set([
  "code",
  "name",
  "place",
  "latitude",
  "longitude",
  "durationMinutes",
  "sortOrder",
  "fromPortId",
  "toPortId",
  "amount",
  "minDaysAhead",
  "discount",
  "category",
  "passengerType",
  "trip",
  "productId",
  "kind",
  "activityId",
  "summary",
  "description",
  "image",
  "imageAlt",
  "childFromAge",
  "adultFromAge",
  "touristAdult",
  "touristChild",
  "residentAdult",
  "residentChild",
  "admissionId",
  "upgradeId",
  "businessUnit",
  "businessUnitCode",
  "title",
  "subtitle",
  "text",
  "position",
  "eyebrow",
  "body",
  "cta",
  "ctaHref",
  "audienceName",
  "audienceTitle",
  "picture",
  "dailyCapacity",
  "hours",
]);
const PROBLEMS = new Set([
  "required",
  "format",
  "too_long",
  "out_of_range",
  "both_or_neither",
  "between_1_and_600",
  "between_1_and_365",
  "between_0_and_50_percent",
  "not_a_price",
  "unknown",
  "infants_ride_free",
  "unknown_port",
  "unknown_product",
  "taken",
  "image_address",
  "unknown_activity",
  "upper_format",
  "same_as_admission",
  "product_retired",
  "both_resident",
  "cta_both",
  "link",
  "time_format",
  "opens_before_closes",
  "too_large",
  "not_a_picture",
  "too_small",
  "too_wide",
  "ferry_bands",
]);

/** Issues of the records' forms: what still uses a record, a duplicate, a field and what is wrong with it. */
function recordIssueText(t: ReturnType<typeof useConsoleT>, issue: { path: string; code: string }): string | null {
  const crossing = /^crossing\.([\w-]+)$/.exec(issue.path)?.[1];
  if (crossing && issue.code === "in_service") return t("records.issue.crossingInService", { crossing });
  if (crossing && issue.code === "same_ports") return t("records.issue.samePorts", { crossing });
  if (issue.code === "port_retired") return t("records.issue.portRetired");
  const product = /^product\.([\w-]+)$/.exec(issue.path)?.[1];
  if (product && issue.code === "already_on_sale") return t("products.issue.alreadyOnSale", { product });
  if (product && issue.code === "already_retired") return t("products.issue.alreadyRetired", { product });
  const complement = /^complement\.([\w-]+)$/.exec(issue.path)?.[1];
  if (complement && issue.code === "complement_exists") return t("products.issue.complementExists", { complement });
  if (issue.code === "default_variant") return t("records.issue.defaultVariant");
  const slot = /^slot\.([\w-]+)$/.exec(issue.path)?.[1];
  if (slot && issue.code === "at_position") return t("slots.issue.atPosition", { slot });
  if (slot && issue.code === "already_retired") return t("slots.issue.alreadyRetired", { slot });
  if (slot && issue.code === "already_active") return t("slots.issue.alreadyActive", { slot });
  if (issue.code === "same_as_from") return t("records.issue.sameAsFrom");
  if (issue.code === "not_sold_by_product") return t("records.issue.notSoldByProduct");
  const fare = /^fare\.(\d+)$/.exec(issue.path)?.[1];
  if (fare && issue.code === "same_fare") return t("records.issue.sameFare", { fare });
  const tier = /^tier\.(\d+)$/.exec(issue.path)?.[1];
  if (tier && issue.code === "same_tier") return t("records.issue.sameTier", { tier });
  const RULE_PROBLEMS = [
    "unknown_operator",
    "not_json",
    "not_an_operation",
    "var_path_forbidden",
    "var_path_not_literal",
  ] as const;
  const ruleProblem = RULE_PROBLEMS.find((problem) => problem === issue.code);
  if (issue.path.startsWith("audience") && ruleProblem)
    return t("records.issue.rule", { where: issue.path, problem: t(`records.problem.${ruleProblem}`) });
  const activityText = activityIssueText(t, issue);
  if (activityText) return activityText;
  // "name.es" → the field "name" in Spanish: the language code says which box.
  const [name, language] = issue.path.split(".");
  if (name && FIELDS.has(name) && PROBLEMS.has(issue.code)) {
    const field = t(`records.field.${name}` as Parameters<typeof t>[0]);
    return t("records.issue.field", {
      field: language ? `${field} (${language})` : field,
      problem: t(`records.problem.${issue.code}` as Parameters<typeof t>[0]),
    });
  }
  return null;
}

/** Issues of a park's or tour's hours and capacity: a weekday's times, a day ahead with places taken. */
function activityIssueText(t: ReturnType<typeof useConsoleT>, issue: { path: string; code: string }): string | null {
  const weekday = /^weekday\.([1-7])$/.exec(issue.path)?.[1];
  if (weekday && (issue.code === "time_format" || issue.code === "opens_before_closes"))
    return t("activities.issue.hours", {
      day: t(`ops.weekday.${weekday}` as Parameters<typeof t>[0]),
      problem: t(`records.problem.${issue.code}`),
    });
  const day = /^day\.(\d{4}-\d{2}-\d{2})$/.exec(issue.path)?.[1];
  const taken = /^taken:(\d+)$/.exec(issue.code)?.[1];
  if (day && taken) return t("activities.issue.taken", { date: day, count: Number(taken) });
  if (day && issue.code === "tickets_on_closed_weekday") return t("activities.issue.closedWeekday", { date: day });
  return null;
}

/** Issues of one sailing added or moved by hand, a vessel in use, seats left, a taken code. */
function sailingIssueText(t: ReturnType<typeof useConsoleT>, issue: { path: string; code: string }): string | null {
  const sailing = /^sailing\.(\d+)$/.exec(issue.path)?.[1];
  const busy = /^vessel_busy:(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(issue.code);
  if (sailing && busy) return t("ops.issue.busySailing", { sailing, date: busy[1]!, time: busy[2]! });
  const pier = /^(at_pier|next_from):([\w-]+):(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(issue.code);
  if (sailing && pier)
    return t(pier[1] === "at_pier" ? "ops.issue.atPier" : "ops.issue.nextFrom", {
      sailing,
      pier: pier[2]!,
      date: pier[3]!,
      time: pier[4]!,
    });
  const rule = /^made_by_rule:(\d+)$/.exec(issue.code)?.[1];
  if (sailing && rule) return t("ops.issue.madeByRule", { sailing, rule });
  const sold = /^sold:(\d+)$/.exec(issue.code)?.[1];
  if (sailing && sold) return t("ops.issue.sold", { sailing, count: Number(sold) });
  const ruleInForce = /^rule\.(\d+)$/.exec(issue.path)?.[1];
  if (ruleInForce && issue.code === "in_force") return t("ops.issue.ruleInForce", { rule: ruleInForce });
  const left = /^left:(\d+)$/.exec(issue.code)?.[1];
  if (left) return t("ops.issue.left", { count: Number(left) });
  if (issue.path === "code" && issue.code === "taken") return t("ops.issue.codeTaken");
  return moveIssueText(t, issue);
}

/** Issues of moving every holder of a closed sailing at once. */
function moveIssueText(t: ReturnType<typeof useConsoleT>, issue: { path: string; code: string }): string | null {
  const after = /^after:(\d{4}-\d{2}-\d{2})$/.exec(issue.code)?.[1];
  if (after) return t("ops.issue.moveAfter", { date: after });
  const needed = /^needed:(\d+)$/.exec(issue.code)?.[1];
  if (needed) return t("ops.issue.needed", { count: Number(needed) });
  const booking = /^booking\.([\w-]+)$/.exec(issue.path)?.[1];
  if (booking && (issue.code === "before_outbound_arrives" || issue.code === "after_return_leaves"))
    return t("ops.issue.legsCross", { reference: booking });
  if (issue.code === "no_holders") return t("ops.issue.noHolders");
  if (issue.code === "same_sailing") return t("ops.issue.sameSailing");
  if (issue.code === "not_on_crossing") return t("ops.issue.notOnCrossing");
  return null;
}

export function RefusalBox({ refusal }: { refusal: Refusal }) {
  const t = useConsoleT();
  const { messages } = useConsoleLayoutData();
  const known = t(consoleErrorKey(refusal.code, messages));
  return (
    <div
      role="alert"
      data-testid="console-refusal"
      data-code={refusal.code}
      className="rounded-lg border border-coral-600 bg-coral-50 p-3 text-sm text-coral-700"
    >
      <p className="font-semibold">{known}</p>
      {refusal.issues.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {refusal.issues.map((issue, index) => (
            <li key={index}>{issueText(t, issue)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
