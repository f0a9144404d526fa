// Sales in the console (ADR 0039): per local day, product and currency, in the booking's
// currency and in MXN, refunds netted, for a range of days; the same report as CSV from the staff API.
import { Form, useLocation } from "react-router";
import { z } from "zod";
import { isAppError } from "../../../lib/errors.ts";
import { languageOfPath, type Language } from "../../../lib/language.ts";
import { findAmountFormatter } from "../../../modules/currency/index.ts";
import { addDays, localDateOf } from "../../../modules/inventory/index.ts";
import { findSalesReport, readReportRange } from "../../../modules/sales/index.ts";
import { LOCALE } from "../../components/booking/format.ts";
import { CARD, FIELD_LABEL, INPUT } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { servicesContext } from "../../../server/edge/index.ts";
import { consoleErrorKey, useConsoleLayoutData, useConsoleT } from "../console-i18n.ts";
import { PRIVATE_NO_STORE, requireStaffPage } from "../staff-page.server.ts";
import type { Route } from "./+types/console-sales";
import { InputField } from "../fields.tsx";

/** Where the CSV of a range is served (server/api/sales-reports.ts): the same staff session opens it. */
export const SALES_CSV_PATH = "/api/admin/reports/sales.csv";
/** Days shown when the page opens: the last week, today included. */
const DEFAULT_DAYS = 7;

const QuerySchema = z.object({
  from: z.string().max(10).optional().catch(undefined),
  to: z.string().max(10).optional().catch(undefined),
});

export async function loader(args: Route.LoaderArgs) {
  await requireStaffPage(args, "reports");
  const services = args.context.get(servicesContext);
  const url = new URL(args.request.url);
  const language = languageOfPath(url.pathname);
  const today = localDateOf(services.clock.now());
  const query = QuerySchema.parse(Object.fromEntries(url.searchParams));
  const asked = { from: query.from || addDays(today, 1 - DEFAULT_DAYS), to: query.to || today };
  let range: { from: string; to: string };
  try {
    range = readReportRange(asked.from, asked.to);
  } catch (error) {
    if (isAppError(error)) return { asked, error: error.code, report: null };
    throw error;
  }
  const report = await findSalesReport(services.db, range, language);
  const currencies = [...new Set(["MXN", ...report.rows.map((row) => row.currency)])];
  const formats = new Map(
    await Promise.all(
      currencies.map(
        async (currency) => [currency, await findAmountFormatter(services.db, currency, language)] as const,
      ),
    ),
  );
  const write = (minor: number, currency: string) => formats.get(currency)!(minor);
  return {
    asked,
    error: null,
    report: {
      from: report.from,
      to: report.to,
      rows: report.rows.map((row) => ({
        date: row.date,
        productId: row.productId,
        productName: row.productName,
        currency: row.currency,
        bookings: row.bookings,
        gross: write(row.grossMinor, row.currency),
        refunded: write(row.refundedMinor, row.currency),
        net: write(row.netMinor, row.currency),
        netMxn: write(row.netMxnMinor, "MXN"),
      })),
      totals: report.totals.map((total) => ({
        currency: total.currency,
        gross: write(total.grossMinor, total.currency),
        refunded: write(total.refundedMinor, total.currency),
        net: write(total.netMinor, total.currency),
      })),
      totalMxn: {
        gross: write(report.totalMxn.grossMinor, "MXN"),
        refunded: write(report.totalMxn.refundedMinor, "MXN"),
        net: write(report.totalMxn.netMinor, "MXN"),
      },
    },
  };
}

export const headers = () => PRIVATE_NO_STORE;

function longDay(date: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE[language], { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

export default function ConsoleSales({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const { messages } = useConsoleLayoutData();
  const location = useLocation();
  const language = languageOfPath(location.pathname);
  const { asked, report, error } = loaderData;
  const csv = `${SALES_CSV_PATH}?${new URLSearchParams({ from: asked.from, to: asked.to, language }).toString()}`;
  const cell = "whitespace-nowrap py-2 pr-4 text-right tabular-nums";
  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-sea-950">{t("console.sales.title")}</h1>
        <p className="mt-1 text-slate-700">{t("console.sales.summary")}</p>
      </div>
      <Form method="get" action={location.pathname} className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="sales-from" className={FIELD_LABEL}>
            {t("console.sales.from")}
          </label>
          <input
            id="sales-from"
            name="from"
            type="date"
            required
            defaultValue={asked.from}
            className={`${INPUT} mt-1`}
          />
        </div>
        <InputField
          id="sales-to"
          label={t("console.sales.to")}
          name="to"
          type="date"
          required
          defaultValue={asked.to}
        />
        <button type="submit" className={buttonClass("secondary")}>
          {t("console.sales.show")}
        </button>
        {report ? (
          <a href={csv} download className={buttonClass("secondary")} data-testid="sales-csv">
            {t("console.sales.csv")}
          </a>
        ) : null}
      </Form>
      {error ? (
        <p
          role="alert"
          className="rounded-lg bg-coral-50 p-3 text-sm text-coral-700"
          data-testid="sales-error"
          data-code={error}
        >
          {t(consoleErrorKey(error, messages))}
        </p>
      ) : null}
      {report ? (
        <div className={`${CARD} space-y-4`}>
          <p className="text-sm text-slate-700">
            {t("console.sales.range", { from: longDay(report.from, language), to: longDay(report.to, language) })}
          </p>
          {report.rows.length === 0 ? (
            <p className="text-slate-700" data-testid="sales-empty">
              {t("console.sales.empty")}
            </p>
          ) : (
            <div className="overflow-x-auto" role="region" aria-label={t("console.sales.title")} tabIndex={0}>
              <table className="w-full text-left text-sm" data-testid="sales-rows">
                <thead className="text-slate-600">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      {t("console.sales.date")}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      {t("console.sales.product")}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      {t("console.sales.currency")}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-semibold">
                      {t("console.sales.bookings")}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-semibold">
                      {t("console.sales.gross")}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-semibold">
                      {t("console.sales.refunded")}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-semibold">
                      {t("console.sales.net")}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-semibold">
                      {t("console.sales.netMxn")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.rows.map((row) => (
                    <tr
                      key={`${row.date}|${row.productId}|${row.currency}`}
                      className="border-t border-slate-100"
                      data-date={row.date}
                      data-currency={row.currency}
                    >
                      <td className="whitespace-nowrap py-2 pr-4">{longDay(row.date, language)}</td>
                      <td className="py-2 pr-4">{row.productName}</td>
                      <td className="py-2 pr-4">{row.currency}</td>
                      <td className={cell}>{row.bookings}</td>
                      <td className={cell}>{row.gross}</td>
                      <td className={cell} data-testid="sales-refunded">
                        {row.refunded}
                      </td>
                      <td className={cell}>{row.net}</td>
                      <td className={cell}>{row.netMxn}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div>
            <h2 className="text-lg font-semibold text-sea-950">{t("console.sales.totals")}</h2>
            <dl className="mt-2 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="sales-totals">
              {report.totals.map((total) => (
                <div key={total.currency} className="rounded-lg bg-slate-50 p-3">
                  <dt className="font-semibold">{total.currency}</dt>
                  <dd>
                    {t("console.sales.gross")}: {total.gross} · {t("console.sales.refunded")}: {total.refunded} ·{" "}
                    {t("console.sales.net")}: <strong>{total.net}</strong>
                  </dd>
                </div>
              ))}
              <div className="rounded-lg bg-sea-50 p-3">
                <dt className="font-semibold">{t("console.sales.totalMxn")}</dt>
                <dd>
                  {t("console.sales.gross")}: {report.totalMxn.gross} · {t("console.sales.refunded")}:{" "}
                  {report.totalMxn.refunded} · {t("console.sales.net")}: <strong>{report.totalMxn.net}</strong>
                </dd>
              </div>
            </dl>
          </div>
          <p className="text-xs text-slate-600">{t("console.sales.note")}</p>
        </div>
      ) : null}
    </section>
  );
}
