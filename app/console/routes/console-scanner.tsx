// The boarding scanner for phones (ADR 0040): pick the sailing, then scan tickets —
// with the camera, a photo, or the code typed in. Online, the server decides and records each scan;
// offline, the page decides from the signed list it verified and keeps, queues the scans and syncs
// them when the network is back. Installable (web app manifest; a service worker scoped to this page).
// Without JavaScript the typed code still works: the form posts to this route's action.
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { recordScan, type ScanResult } from "../../../flows/boarding.ts";
import { isAppError } from "../../../lib/errors.ts";
import { languageOfPath, type Language } from "../../../lib/language.ts";
import { boardingKeysOf } from "../../../modules/boarding/index.ts";
import { CARD, FIELD_LABEL, INPUT } from "../../components/booking/styles.ts";
import { buttonClass } from "../../components/ui/styles.ts";
import { requestContext, servicesContext } from "../../../server/edge/index.ts";
import { loadSailingDay, type DaySailing } from "../boarding.server.ts";
import { consolePathOf } from "../console-pages.ts";
import { consoleErrorKey, useConsoleLayoutData, useConsoleT, type ConsoleTranslate } from "../console-i18n.ts";
import { SailingPicker, sailingLabel } from "../sailing-picker.tsx";
import { QrReader } from "../scanner/camera.tsx";
import { useScanner, type ScanView } from "../scanner/use-scanner.ts";
import { formText, PRIVATE_NO_STORE, requireStaffPage } from "../staff-page.server.ts";
import type { Route } from "./+types/console-scanner";

export async function loader(args: Route.LoaderArgs) {
  const { services, page } = await loadSailingDay(args, "boarding");
  const keys = boardingKeysOf(services.config.TICKET_SIGNING_SECRET);
  return {
    ...page,
    publicKey: { keyId: keys.keyId, jwk: keys.publicJwk },
    manifestPath: consolePathOf("consoleManifest", page.language),
  };
}

export const headers = () => PRIVATE_NO_STORE;

// The layout's title and robots, plus what makes the scanner installable.
export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...matches.flatMap((match) => match?.meta ?? []),
  { tagName: "link", rel: "manifest", href: `/scanner/${languageOfPath(location.pathname)}.webmanifest` },
  { name: "theme-color", content: "#0c4a6e" },
];

export type ScannerActionData = { result: ScanResult } | { error: string };

/** The typed code without JavaScript: the server decides and records, as for an online scan. */
export async function action(args: Route.ActionArgs): Promise<ScannerActionData> {
  const actor = await requireStaffPage(args, "boarding");
  const services = args.context.get(servicesContext);
  const form = await args.request.formData();
  const sailingId = Number(formText(form, "sailing", 20));
  const payload = formText(form, "payload", 512);
  if (!Number.isInteger(sailingId) || sailingId <= 0 || payload === "") return { error: "INVALID_REQUEST" };
  const now = services.clock.now();
  try {
    const result = await recordScan(
      { db: services.db, now, ticketSigningSecret: services.config.TICKET_SIGNING_SECRET },
      actor,
      {
        id: crypto.randomUUID(),
        deviceId: `form:${actor.userId ?? actor.label}`,
        sailingId,
        payload,
        scannedAt: now,
        offline: false,
        deviceOutcome: null,
      },
      args.context.get(requestContext).requestId,
    );
    return { result };
  } catch (error) {
    if (isAppError(error)) return { error: error.code };
    throw error;
  }
}

function timeOf(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { timeZone: "America/Cancun", hour: "2-digit", minute: "2-digit" }).format(
    new Date(iso),
  );
}

function ScanResultCard(props: {
  t: ConsoleTranslate;
  result: ScanView | (ScanResult & { decidedOffline?: boolean });
  language: Language;
  sailings: readonly DaySailing[];
}) {
  const { t, result, language, sailings } = props;
  const { messages } = useConsoleLayoutData();
  const boarded = result.outcome === "boarded";
  const other =
    result.ticketSailingId !== null ? sailings.find((sailing) => sailing.id === result.ticketSailingId) : undefined;
  return (
    <div
      role="status"
      data-testid="scan-result"
      data-outcome={result.outcome}
      className={`rounded-2xl border-2 p-4 sm:p-6 ${boarded ? "border-emerald-700 bg-emerald-50" : "border-red-700 bg-red-50"}`}
    >
      <p className={`text-2xl font-bold ${boarded ? "text-emerald-900" : "text-red-900"}`}>
        {boarded ? t("console.scanner.board") : t("console.scanner.refuse")}
      </p>
      {!boarded && result.reason ? (
        <p className="mt-1 text-lg font-semibold text-red-900" data-testid="scan-reason">
          {t(consoleErrorKey(result.reason, messages))}
        </p>
      ) : null}
      {result.reason === "TICKET_ALREADY_BOARDED" && result.boardedAt ? (
        <p className="mt-1 text-red-900">
          {t("console.scanner.boardedAt", { time: timeOf(result.boardedAt, language) })}
        </p>
      ) : null}
      {result.reason === "TICKET_WRONG_SAILING" && other ? (
        <p className="mt-1 text-red-900">{t("console.scanner.ticketIsFor", { sailing: sailingLabel(t, other) })}</p>
      ) : null}
      {result.passengerType ? (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-900">
          <dt className="font-semibold">{t("console.scanner.passenger")}</dt>
          <dd data-testid="scan-passenger">{t(`console.passenger.${result.passengerType}`)}</dd>
          <dt className="font-semibold">{t("console.scanner.fare")}</dt>
          <dd data-testid="scan-fare">{t(`console.fare.${result.fareCategory ?? "tourist"}`)}</dd>
          {result.passengerName ? (
            <>
              <dt className="font-semibold">{t("console.scanner.name")}</dt>
              <dd>{result.passengerName}</dd>
            </>
          ) : null}
          <dt className="font-semibold">{t("console.scanner.code")}</dt>
          <dd className="font-mono">{result.code}</dd>
        </dl>
      ) : null}
      {boarded && result.fareCategory === "resident" ? (
        <p
          className="mt-3 rounded-lg bg-amber-100 px-3 py-2 text-lg font-bold text-amber-900"
          data-testid="scan-check-resident"
        >
          {t("console.scanner.checkResidentId")}
        </p>
      ) : null}
      {"decidedOffline" in result && result.decidedOffline ? (
        <p className="mt-3 text-sm text-slate-700">{t("console.scanner.decidedOffline")}</p>
      ) : null}
    </div>
  );
}

export default function ConsoleScanner({ loaderData, actionData }: Route.ComponentProps) {
  const t = useConsoleT();
  const { messages } = useConsoleLayoutData();
  const { sailings, chosen, date, today, last, language, publicKey, manifestPath } = loaderData;
  const scanner = useScanner({ sailingId: chosen, publicKey, language });
  const [code, setCode] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const submitting = useNavigation().state === "submitting";
  const answer = actionData as ScannerActionData | undefined;
  const sailing = sailings.find((candidate) => candidate.id === chosen);

  useOfflineScanner();

  const submit = (text: string) => {
    void scanner.scan(text).then(() => {
      setCode("");
      input.current?.focus();
    });
  };

  return (
    <section className="mx-auto max-w-xl space-y-5">
      <div>
        <h1 className="text-3xl font-bold text-sea-950">{t("console.scanner.title")}</h1>
        <p className="mt-1 text-slate-700">{t("console.scanner.summary")}</p>
      </div>
      <div className={CARD}>
        <SailingPicker t={t} date={date} min={today} max={last} sailings={sailings} chosen={chosen} />
      </div>
      {sailing ? (
        <>
          <ScannerStatus scanner={scanner} language={language} />
          <p className="text-lg font-semibold text-sea-950" data-testid="scanner-sailing">
            {sailingLabel(t, sailing)}
          </p>
          <div className={`${CARD} space-y-4`}>
            <QrReader
              onCode={submit}
              labels={{
                start: t("console.scanner.cameraStart"),
                stop: t("console.scanner.cameraStop"),
                photo: t("console.scanner.photo"),
                unavailable: t("console.scanner.cameraUnavailable"),
                notFound: t("console.scanner.noCodeInPhoto"),
              }}
            />
            <Form
              method="post"
              className="flex flex-col gap-2"
              onSubmit={(event) => {
                // With JavaScript the page decides (online or from its list); without, the action does.
                if (!scanner.ready) return;
                event.preventDefault();
                submit(code);
              }}
            >
              <input type="hidden" name="sailing" value={sailing.id} />
              <label className="flex flex-col gap-1">
                <span className={FIELD_LABEL}>{t("console.scanner.manual")}</span>
                <input
                  ref={input}
                  name="payload"
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value)}
                  className={`${INPUT} font-mono`}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  required
                />
              </label>
              <button type="submit" className={buttonClass("primary", "lg")} disabled={submitting}>
                {t("console.scanner.check")}
              </button>
            </Form>
          </div>
          {scanner.result ? (
            <ScanResultCard t={t} result={scanner.result} language={language} sailings={sailings} />
          ) : answer && "result" in answer ? (
            <ScanResultCard t={t} result={answer.result} language={language} sailings={sailings} />
          ) : null}
          {answer && "error" in answer ? (
            <p role="alert" className="text-red-800">
              {t(consoleErrorKey(answer.error, messages))}
            </p>
          ) : null}
          {scanner.lastSync ? (
            <div className={CARD} data-testid="scanner-sync">
              <p className="text-slate-800">
                {t("console.scanner.synced", {
                  count: scanner.lastSync.synced,
                  time: timeOf(scanner.lastSync.at, language),
                })}
              </p>
              {scanner.lastSync.conflicts.length > 0 ? (
                <div className="mt-2" data-testid="scanner-conflicts">
                  <p className="font-semibold text-red-900">{t("console.scanner.conflicts")}</p>
                  <ul className="mt-1 list-disc pl-5 text-red-900">
                    {scanner.lastSync.conflicts.map((conflict) => (
                      <li key={conflict.code ?? conflict.boardedAt}>
                        {t("console.scanner.conflict", {
                          code: conflict.code ?? "",
                          time: conflict.boardedAt ? timeOf(conflict.boardedAt, language) : "",
                        })}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </div>
          ) : null}
          <p>
            <Link
              className="font-semibold text-sea-800 underline"
              to={`${manifestPath}?date=${date}&sailing=${sailing.id}`}
            >
              {t("console.scanner.toManifest")}
            </Link>
          </p>
        </>
      ) : null}
    </section>
  );
}

/** Online or not, the offline list, the scans waiting to sync, and the sync button. */
function ScannerStatus({ scanner, language }: { scanner: ReturnType<typeof useScanner>; language: Language }) {
  const t = useConsoleT();
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="scanner-status">
        <span
          className={`rounded-full px-3 py-1 font-semibold ${scanner.online ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"}`}
          data-testid="scanner-online"
        >
          {scanner.online ? t("console.scanner.online") : t("console.scanner.offline")}
        </span>
        <span
          className="rounded-full bg-slate-100 px-3 py-1 text-slate-800"
          data-testid="scanner-list"
          data-state={scanner.list.kind}
        >
          {scanner.list.kind === "ready"
            ? t("console.scanner.listReady", {
                count: scanner.list.tickets,
                time: timeOf(scanner.list.issuedAt, language),
              })
            : t(`console.scanner.list.${scanner.list.kind}`)}
        </span>
        <span
          className="rounded-full bg-slate-100 px-3 py-1 text-slate-800"
          data-testid="scanner-pending"
          data-count={scanner.pending}
        >
          {t("console.scanner.pending", { count: scanner.pending })}
        </span>
        <button
          type="button"
          className="min-h-11 rounded-full px-3 font-semibold text-sea-900 underline"
          onClick={() => void scanner.sync()}
          disabled={!scanner.online || scanner.syncing}
        >
          {scanner.syncing ? t("console.scanner.syncing") : t("console.scanner.sync")}
        </button>
      </div>
    </>
  );
}

/** The scanner's service worker, handed what this page already loaded so that it opens offline next time. */
function useOfflineScanner() {
  useEffect(() => {
    if (!("serviceWorker" in navigator) || !import.meta.env.PROD) return;
    const scope = new URL(".", window.location.href).pathname;
    void navigator.serviceWorker
      .register("/scanner-sw.js", { scope })
      .then(async (registration) => {
        await navigator.serviceWorker.ready;
        // What this page loaded before the worker controlled it, so the scanner opens offline next time.
        const urls = [
          window.location.href,
          ...performance
            .getEntriesByType("resource")
            .map((entry) => entry.name)
            .filter((name) => name.includes("/assets/")),
        ];
        (registration.active ?? navigator.serviceWorker.controller)?.postMessage({ type: "cache-urls", urls });
      })
      .catch(() => undefined);
  }, []);
}
