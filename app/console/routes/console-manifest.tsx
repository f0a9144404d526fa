// The live manifest of a sailing (ADR 0040): booked, boarded, waiting, no-shows once
// it has left, capacity, every passenger and the refused scans. The page asks the API again every few
// seconds (polling: a scan recorded on any node is in the database, which every node reads).
import { useEffect, useState } from "react";
import { manifestOf, type Manifest } from "../../../flows/boarding.ts";
import type { Language } from "../../../lib/language.ts";
import { CARD } from "../../components/booking/styles.ts";
import { loadSailingDay } from "../boarding.server.ts";
import { consoleErrorKey, useConsoleLayoutData, useConsoleT } from "../console-i18n.ts";
import { SailingPicker, sailingLabel } from "../sailing-picker.tsx";
import { PRIVATE_NO_STORE } from "../staff-page.server.ts";
import type { Route } from "./+types/console-manifest";

/** How often the open page asks for the manifest again. */
const POLL_MS = 4_000;

export async function loader(args: Route.LoaderArgs) {
  const { services, now, page } = await loadSailingDay(args, "boarding");
  return {
    ...page,
    manifest: page.chosen === null ? null : await manifestOf(services.db, page.chosen, page.language, now),
  };
}

export const headers = () => PRIVATE_NO_STORE;

function timeOf(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { timeZone: "America/Cancun", hour: "2-digit", minute: "2-digit" }).format(
    new Date(iso),
  );
}

function useLiveManifest(initial: Manifest | null, language: Language): Manifest | null {
  const [manifest, setManifest] = useState(initial);
  useEffect(() => setManifest(initial), [initial]);
  useEffect(() => {
    if (!initial) return;
    const id = initial.sailing.id;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== "visible" || !navigator.onLine) return;
      void fetch(`/api/boarding/manifest/${id}?lang=${language}`, {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      })
        .then(async (response) => (response.ok ? ((await response.json()) as Manifest) : null))
        .then((fresh) => {
          if (fresh)
            setManifest((current) =>
              current && current.version === fresh.version && current.sailing.departed === fresh.sailing.departed
                ? current
                : fresh,
            );
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [initial, language]);
  return manifest;
}

export default function ConsoleManifest({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const { messages } = useConsoleLayoutData();
  const { sailings, chosen, date, today, last, language } = loaderData;
  const manifest = useLiveManifest(loaderData.manifest, language);
  const sailing = sailings.find((candidate) => candidate.id === chosen);
  const counts = manifest?.counts;
  return (
    <section className="space-y-5">
      <div>
        <h1 className="text-3xl font-bold text-sea-950">{t("console.manifest.title")}</h1>
        <p className="mt-1 text-slate-700">{t("console.manifest.summary")}</p>
      </div>
      <div className={CARD}>
        <SailingPicker t={t} date={date} min={today} max={last} sailings={sailings} chosen={chosen} />
      </div>
      {manifest && sailing && counts ? (
        <>
          <p className="text-lg font-semibold text-sea-950">
            {sailingLabel(t, sailing)} · {manifest.sailing.vessel}
            {manifest.sailing.closed ? ` · ${t("console.manifest.closed")}` : ""}
          </p>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="manifest-counts" aria-live="polite">
            {(
              [
                ["booked", counts.booked],
                ["boarded", counts.boarded],
                ["waiting", counts.waiting],
                ["noShows", counts.noShows],
                ["capacity", manifest.sailing.capacity],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className={CARD} data-testid={`manifest-${key}`}>
                <dt className="text-sm font-semibold text-slate-700">{t(`console.manifest.${key}`)}</dt>
                <dd className="text-3xl font-bold text-sea-950">{value === null ? "—" : value}</dd>
              </div>
            ))}
          </dl>
          {counts.noShows === null ? (
            <p className="text-sm text-slate-700">{t("console.manifest.noShowsLater")}</p>
          ) : null}
          {/* Wider than a phone: the table scrolls sideways, and the region takes keyboard focus to scroll. */}
          <div
            className={`${CARD} overflow-x-auto`}
            role="region"
            aria-labelledby="manifest-passengers-title"
            tabIndex={0}
          >
            <h2 id="manifest-passengers-title" className="text-lg font-semibold text-sea-950">
              {t("console.manifest.passengers")}
            </h2>
            {manifest.passengers.length === 0 ? (
              <p className="mt-2 text-slate-700">{t("console.manifest.empty")}</p>
            ) : (
              <table className="mt-3 w-full min-w-[36rem] text-left text-sm" data-testid="manifest-passengers">
                <thead className="text-slate-600">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      {t("console.scanner.code")}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      {t("console.scanner.passenger")}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      {t("console.scanner.fare")}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      {t("console.scanner.name")}
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      {t("console.manifest.state")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {manifest.passengers.map((passenger) => (
                    <tr key={passenger.code} className="border-t border-slate-100" data-state={passenger.state}>
                      <td className="py-2 pr-3 font-mono">{passenger.code}</td>
                      <td className="py-2 pr-3">{t(`console.passenger.${passenger.passengerType}`)}</td>
                      <td className="py-2 pr-3">{t(`console.fare.${passenger.fareCategory}`)}</td>
                      <td className="py-2 pr-3">{passenger.name ?? "—"}</td>
                      <td className="py-2">
                        {t(`console.manifest.state.${passenger.state}`)}
                        {passenger.boardedAt ? ` · ${timeOf(passenger.boardedAt, language)}` : ""}
                        {passenger.open ? ` · ${t("console.manifest.openTicket")}` : ""}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
          {manifest.refusals.length > 0 ? (
            <div className={CARD} data-testid="manifest-refusals">
              <h2 className="text-lg font-semibold text-sea-950">{t("console.manifest.refusals")}</h2>
              <ul className="mt-2 space-y-1 text-sm">
                {manifest.refusals.map((refusal, index) => (
                  <li
                    key={`${refusal.at}-${index}`}
                    className={refusal.conflict ? "font-semibold text-red-900" : "text-slate-800"}
                  >
                    {timeOf(refusal.at, language)} · <span className="font-mono">{refusal.scanned.slice(0, 40)}</span> ·{" "}
                    {t(consoleErrorKey(refusal.reason, messages))}
                    {refusal.conflict ? ` · ${t("console.manifest.conflict")}` : ""}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
