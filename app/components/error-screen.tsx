// The error screen: what a render failure switches the page to. It carries its
// own light header and reads only the essential catalogue, so it works even when the root loader —
// or the site shell itself — is what failed. Errors are logged where they happen (entry.server.tsx
// on the server, entry.client.tsx in the browser), never here: this component re-renders.
import { useId, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import type { Language } from "../../lib/language.ts";
import { useEssential } from "../i18n/use-essential.ts";
import { useLanguage, useRootData } from "../i18n/use-translate.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { errorCopyOf, relatedLinksOf, statusOfError } from "../../lib/i18n/error-copy.ts";
import { SearchBox } from "./search/search-box.tsx";
import { Logo } from "./shell/logo.tsx";
import { ArrowRightIcon } from "./ui/icons.tsx";
import { CONTAINER, FOCUS_RING, buttonClass } from "./ui/styles.ts";

type Essential = ReturnType<typeof useEssential>;
export type ErrorOrigin = "server" | "client";

export function ErrorScreen({ error }: { error: unknown }) {
  const t = useEssential();
  const language = useLanguage();
  const root = useRootData();
  const status = statusOfError(error);
  const origin = useErrorOrigin();
  const copy = errorCopyOf(status);
  const note = origin === "server" ? t(copy.note, { status }) : t("error.onClient");
  return (
    <div className="flex min-h-dvh flex-col bg-sand-50" data-error-origin={origin} data-error-status={status}>
      <title>{t(copy.title)}</title>
      <meta name="robots" content="noindex" />
      <LightHeader language={language} t={t} />
      <main id="main" className="flex-1">
        <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-16">
          <ErrorContent
            language={language}
            heading={t(copy.heading)}
            text={t(copy.text)}
            note={note}
            reference={
              origin === "server" && root?.requestId ? t("error.reference", { requestId: root.requestId }) : undefined
            }
          />
          {import.meta.env.DEV && error instanceof Error ? <DevDetails error={error} /> : null}
        </div>
      </main>
    </div>
  );
}

const subscribeToNothing = () => () => {};

/**
 * Where the error happened. The server render and the hydration pass that adopts its HTML both see
 * the server snapshot (false), so a screen first mounted then says "server" and keeps saying it
 * while the visitor stays on that URL. A screen mounted after hydration, or still mounted when a
 * client navigation fails somewhere else, says "client".
 */
function useErrorOrigin(): ErrorOrigin {
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const { key } = useLocation();
  const [first] = useState(() => ({ key, origin: (hydrated ? "client" : "server") as ErrorOrigin }));
  return first.key === key ? first.origin : "client";
}

function LightHeader({ language, t }: { language: Language; t: Essential }) {
  return (
    <header className="border-b border-sea-900/10 bg-white">
      <div className={`${CONTAINER} flex h-16 items-center`}>
        <a
          href={pathOf("home", language)}
          aria-label={t("site.homeLink")}
          className={`inline-flex rounded-md ${FOCUS_RING}`}
        >
          <Logo name={t("site.name")} />
        </a>
      </div>
    </header>
  );
}

/** Heading, message, search box, related links and a note: the body of every error page. */
export function ErrorContent({
  language,
  heading,
  text,
  note,
  reference,
}: {
  language: Language;
  heading: string;
  text: string;
  note?: string | undefined;
  reference?: string | undefined;
}) {
  const t = useEssential();
  const headingId = useId();
  const linksHeadingId = useId();
  const links = relatedLinksOf(language);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <Illustration className="h-20 w-auto self-start text-sea-700 sm:h-24" />
        <h1 id={headingId} className="text-3xl font-bold tracking-tight text-sea-950 sm:text-4xl">
          {heading}
        </h1>
        <p className="text-lg leading-relaxed text-slate-700">{text}</p>
      </div>
      {/* The site's search box; it leaves by a full page load, since the app may be what failed. */}
      <SearchBox language={language} variant="error" reloadOnNavigate />
      <nav aria-labelledby={linksHeadingId}>
        <h2 id={linksHeadingId} className="text-sm font-semibold uppercase tracking-wide text-slate-600">
          {t("error.relatedLinks")}
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {links.map((link) => (
            <li key={link.pageId} className={link.pageId === "home" ? "sm:col-span-2" : undefined}>
              <a
                href={link.href}
                className={
                  link.pageId === "home"
                    ? `${buttonClass("primary", "lg")} w-full sm:w-auto`
                    : `flex min-h-12 items-center justify-between gap-3 rounded-xl border border-sea-900/10 bg-white px-4 font-semibold text-sea-900 hover:border-sea-700 hover:bg-sea-50 ${FOCUS_RING}`
                }
              >
                {t(link.label)}
                <ArrowRightIcon className="size-5 shrink-0" />
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {note ? (
        <p className="border-t border-sea-900/10 pt-4 text-sm text-slate-600" data-testid="error-note">
          {note}
          {reference ? <span className="mt-1 block font-mono text-xs">{reference}</span> : null}
        </p>
      ) : null}
    </section>
  );
}

function DevDetails({ error }: { error: Error }) {
  return (
    <details className="mt-8 rounded-lg border border-coral-600/40 bg-white p-4 text-sm" lang="en">
      <summary className="cursor-pointer font-semibold text-coral-600">Development only: {error.message}</summary>
      <pre className="mt-3 overflow-x-auto whitespace-pre-wrap text-xs text-slate-700">{error.stack}</pre>
    </details>
  );
}

/** A boat adrift on the waves: decorative. */
function Illustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 160 80" fill="none" aria-hidden="true" focusable="false" className={className}>
      <g transform="translate(0 5) rotate(-8 80 40)">
        <path d="M52 50l8-26h36l12 26z" fill="currentColor" opacity="0.9" />
        <rect x="74" y="8" width="4" height="18" fill="currentColor" />
      </g>
      <path
        d="M4 58c10 0 10-6 20-6s10 6 20 6 10-6 20-6 10 6 20 6 10-6 20-6 10 6 20 6 10-6 20-6 10 6 12 6"
        stroke="#2cc6ff"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <path
        d="M20 72c10 0 10-6 20-6s10 6 20 6 10-6 20-6 10 6 20 6 10-6 20-6 10 6 16 6"
        stroke="#75d9ff"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}
