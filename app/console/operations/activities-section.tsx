// Console: the parks and tours sold by the day (activities), each with its daily capacity and weekly
// hours and a link to change them (`?activity=<id>`), and one form that adds a new one or changes the
// one opened: its name in every language, its places a day, and each weekday's opening and closing
// times (both blank: closed that day).
import { Form, Link, useLocation, useNavigation } from "react-router";
import { CARD } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { useConsoleLayoutData, useConsoleT } from "../console-i18n.ts";
import { InputField } from "../fields.tsx";
import type { ProductsPageData } from "./products.server.ts";
import { ThreeLanguages } from "./three-languages.tsx";

type T = ReturnType<typeof useConsoleT>;
type Listed = ProductsPageData["activities"][number];
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const dayName = (t: T, weekday: number) => t(`ops.weekday.${weekday}` as Parameters<T>[0]);

function hoursText(t: T, activity: Listed): string {
  if (activity.hours.length === 0) return t("activities.closedAllWeek");
  return activity.hours
    .map((row) => `${row.weekdays.map((day) => dayName(t, day)).join(", ")} ${row.opens}–${row.closes}`)
    .join(" · ");
}

export function ActivitiesSection({
  activities,
  activity,
  refusal,
  added,
}: {
  activities: Listed[];
  activity: ProductsPageData["activity"];
  refusal: React.ReactNode;
  /** The name of the activity just added, if any: the new-activity form starts blank again. */
  added: string | null;
}) {
  const t = useConsoleT();
  return (
    <section className="space-y-3" aria-labelledby="activities-title">
      <h2 id="activities-title" className="text-xl font-bold text-sea-950">
        {t("activities.title")}
      </h2>
      <p className="text-sm text-slate-700">{t("activities.intro")}</p>
      <ul className="grid gap-3 md:grid-cols-2">
        {activities.map((item) => (
          <li
            key={item.id}
            className={`${CARD} space-y-1`}
            data-testid="activity"
            data-activity-code={item.code}
            data-activity-id={item.id}
          >
            <h3 className="text-base font-bold text-sea-950">
              {item.name} <span className="text-sm font-normal text-slate-600">({item.code})</span>
            </h3>
            <p className="text-sm text-slate-700" data-testid="activity-facts">
              {t("activities.places", { count: item.dailyCapacity })} · {hoursText(t, item)}
            </p>
            <Link
              to={`?activity=${item.id}#activity-form`}
              className="text-sm font-semibold text-sea-800 underline"
              aria-label={`${t("activities.edit")}: ${item.name}`}
              data-testid="edit-activity"
            >
              {t("activities.edit")}
            </Link>
          </li>
        ))}
      </ul>
      <ActivityForm activity={activity} refusal={refusal} added={added} />
    </section>
  );
}

function ActivityForm({
  activity,
  refusal,
  added,
}: {
  activity: ProductsPageData["activity"];
  refusal: React.ReactNode;
  added: string | null;
}) {
  const t = useConsoleT();
  const { language } = useConsoleLayoutData();
  const { pathname } = useLocation();
  const busy = useNavigation().state !== "idle";
  const prefix = activity ? "edit-activity" : "new-activity";
  const hoursOf = (weekday: number) => activity?.hours.find((day) => day.weekday === weekday);
  return (
    <section id="activity-form" className={`${CARD} space-y-3`} aria-labelledby="activity-form-title">
      <h3 id="activity-form-title" className="text-lg font-bold text-sea-950">
        {activity ? t("activities.editTitle", { name: activity.name[language] }) : t("activities.new")}
      </h3>
      {refusal}
      <Form key={activity?.id ?? `new:${added ?? ""}`} method="post" className="space-y-3" data-testid="activity-form">
        <input type="hidden" name="intent" value={activity ? "edit-activity" : "add-activity"} />
        {activity ? <input type="hidden" name="id" value={activity.id} /> : null}
        <div className="flex flex-wrap items-end gap-3">
          {activity ? null : (
            <InputField
              id={`${prefix}-code`}
              label={t("products.code")}
              name="code"
              required
              maxLength={40}
              wrapperClassName="w-72"
            />
          )}
          <InputField
            id={`${prefix}-capacity`}
            label={t("activities.capacity")}
            name="dailyCapacity"
            type="number"
            min={0}
            max={100000}
            required
            defaultValue={activity?.dailyCapacity}
            wrapperClassName="w-48"
          />
        </div>
        <ThreeLanguages
          prefix={prefix}
          name="name"
          label={(language) => t("activities.name", { language })}
          maxLength={80}
          required
          values={activity?.name}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-sea-950">{t("activities.hours")}</legend>
          <div className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
            {WEEKDAYS.map((weekday) => (
              <div key={weekday} className="flex items-end gap-2">
                <InputField
                  id={`${prefix}-opens-${weekday}`}
                  label={t("activities.opens", { day: dayName(t, weekday) })}
                  name={`opens.${weekday}`}
                  type="time"
                  defaultValue={hoursOf(weekday)?.opens}
                  wrapperClassName="w-36"
                />
                <InputField
                  id={`${prefix}-closes-${weekday}`}
                  label={t("activities.closes", { day: dayName(t, weekday) })}
                  name={`closes.${weekday}`}
                  type="time"
                  defaultValue={hoursOf(weekday)?.closes}
                  wrapperClassName="w-36"
                />
              </div>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass("primary")} disabled={busy} data-testid="save-activity">
            {activity ? t("activities.save") : t("activities.add")}
          </button>
          {activity ? (
            <Link to={pathname} className={buttonClass("secondary")}>
              {t("products.close")}
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
