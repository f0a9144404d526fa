// The page footer: the newsletter form, "Contact us" and "Discover" tabs, legal
// links and the copyright line.
import { Link, useLocation } from "react-router";
import { useRootData, useTranslate } from "../../i18n/use-translate.ts";
import { isPageLive, pathOf } from "../../../lib/routing/localized-paths.ts";
import { NewsletterForm } from "../newsletter/newsletter-form.tsx";
import {
  ArrowRightIcon,
  ChatIcon,
  ClockIcon,
  MapPinIcon,
  MessengerIcon,
  PhoneIcon,
  WhatsAppIcon,
} from "../ui/icons.tsx";
import { CONTAINER, FOCUS_RING_ON_DARK } from "../ui/styles.ts";
import { Tabs } from "../ui/tabs.tsx";
import {
  CALL_CENTER_HOURS,
  CALL_CENTER_PHONE,
  CHAT_LINKS,
  COUNTRY_PHONES,
  TICKET_OFFICE_HOURS,
} from "./contact-data.ts";
import { Logo } from "./logo.tsx";
import { DISCOVER_PAGES, LEGAL_PAGES, liveLinks } from "./navigation.ts";

const HEADING = "text-sm font-bold uppercase tracking-wider text-sea-300";
const LINK_ON_DARK = `rounded underline-offset-4 hover:text-white hover:underline ${FOCUS_RING_ON_DARK}`;

function ContactPanel() {
  const t = useTranslate();
  return (
    <div className="grid gap-10 lg:grid-cols-12">
      <div className="space-y-8 lg:col-span-4">
        <section aria-labelledby="footer-call-center">
          <h2 id="footer-call-center" className={HEADING}>
            {t("footer.callCenter")}
          </h2>
          <a
            href={`tel:${CALL_CENTER_PHONE.e164}`}
            className={`mt-3 inline-flex items-center gap-2 text-2xl font-bold text-white ${LINK_ON_DARK}`}
          >
            <PhoneIcon className="size-6 text-sea-300" />
            {CALL_CENTER_PHONE.display}
          </a>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
            <dt className="text-sea-200">{t("footer.hours.weekdays")}</dt>
            <dd className="font-semibold text-white tabular-nums">{CALL_CENTER_HOURS.weekdays}</dd>
            <dt className="text-sea-200">{t("footer.hours.weekend")}</dt>
            <dd className="font-semibold text-white tabular-nums">{CALL_CENTER_HOURS.weekend}</dd>
          </dl>
        </section>
        <section aria-labelledby="footer-ticket-office">
          <h2 id="footer-ticket-office" className={HEADING}>
            {t("footer.ticketOffice")}
          </h2>
          <p className="mt-3 flex items-start gap-2 text-sm text-sea-100">
            <MapPinIcon className="mt-0.5 size-4 shrink-0 text-sea-300" />
            {t("footer.ticketOfficePlace")}
          </p>
          <p className="mt-2 flex items-center gap-2 text-sm">
            <ClockIcon className="size-4 shrink-0 text-sea-300" />
            <span className="text-sea-200">{t("footer.hours.daily")}</span>
            <span className="font-semibold text-white tabular-nums">{TICKET_OFFICE_HOURS.daily}</span>
          </p>
          <p className="mt-3 text-xs text-sea-200">{t("footer.hours.localTime")}</p>
        </section>
      </div>

      <section aria-labelledby="footer-phones" className="lg:col-span-5">
        <h2 id="footer-phones" className={HEADING}>
          {t("footer.phonesByCountry")}
        </h2>
        <dl className="mt-4 grid gap-x-8 sm:grid-cols-2">
          {COUNTRY_PHONES.map((phone) => (
            <div
              key={phone.id}
              className="flex items-baseline justify-between gap-3 border-b border-white/10 py-2.5 text-sm"
            >
              <dt className="text-sea-100">{t(phone.country)}</dt>
              <dd>
                <a
                  href={`tel:${phone.e164}`}
                  className={`whitespace-nowrap font-semibold text-white tabular-nums ${LINK_ON_DARK}`}
                >
                  {phone.display}
                </a>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="footer-chat" className="lg:col-span-3">
        <h2 id="footer-chat" className={HEADING}>
          {t("footer.chat")}
        </h2>
        <p className="mt-3 flex items-start gap-2 text-sm text-sea-100">
          <ChatIcon className="mt-0.5 size-4 shrink-0 text-sea-300" />
          {t("footer.chatText")}
        </p>
        <ul className="mt-4 space-y-2.5">
          <li>
            <a
              href={CHAT_LINKS.whatsApp}
              rel="noopener noreferrer"
              className={`flex min-h-12 items-center gap-3 rounded-xl bg-white/10 px-4 font-semibold text-white ring-1 ring-white/15 hover:bg-white/15 ${FOCUS_RING_ON_DARK}`}
            >
              <WhatsAppIcon className="size-5 text-emerald-300" />
              {t("footer.chatWhatsApp")}
            </a>
          </li>
          <li>
            <a
              href={CHAT_LINKS.messenger}
              rel="noopener noreferrer"
              className={`flex min-h-12 items-center gap-3 rounded-xl bg-white/10 px-4 font-semibold text-white ring-1 ring-white/15 hover:bg-white/15 ${FOCUS_RING_ON_DARK}`}
            >
              <MessengerIcon className="size-5 text-sky-300" />
              {t("footer.chatMessenger")}
            </a>
          </li>
        </ul>
      </section>
    </div>
  );
}

function DiscoverPanel() {
  const t = useTranslate();
  const language = useRootData()?.language ?? "en";
  const links = [{ pageId: "home" as const, href: pathOf("home", language) }, ...liveLinks(DISCOVER_PAGES, language)];
  return (
    <div className="grid gap-8 lg:grid-cols-12">
      <p className="max-w-sm text-sea-100 lg:col-span-4">{t("footer.discoverText")}</p>
      <ul className="grid gap-x-8 sm:grid-cols-2 lg:col-span-8 lg:grid-cols-3">
        {links.map((link) => (
          <li key={link.pageId}>
            <Link
              to={link.href}
              className={`group flex min-h-11 items-center justify-between gap-3 border-b border-white/10 py-2 font-medium text-sea-50 ${FOCUS_RING_ON_DARK} rounded hover:text-white`}
            >
              {t(`page.${link.pageId}`)}
              <ArrowRightIcon className="size-4 text-sea-300 transition-transform group-hover:translate-x-1 motion-reduce:transition-none" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The newsletter's form. Left out on the newsletter page, whose own form is the same, and on cart pages
 * (any path containing "carrito"), where a second e-mail field beside the buyer's would
 * distract from paying and draw the browser's autofill into the wrong form.
 */
function NewsletterSection() {
  const t = useTranslate();
  const language = useRootData()?.language ?? "en";
  const { pathname } = useLocation();
  if (!isPageLive("newsletter") || pathname === pathOf("newsletter", language) || pathname.includes("carrito"))
    return null;
  return (
    <section
      aria-labelledby="footer-newsletter"
      className="mt-10 grid gap-6 rounded-2xl bg-white/5 p-5 ring-1 ring-white/10 sm:p-8 lg:grid-cols-12 lg:gap-10"
    >
      <div className="lg:col-span-4">
        <h2 id="footer-newsletter" className="text-xl font-bold text-white">
          {t("newsletter.title")}
        </h2>
        <p className="mt-2 text-sm text-sea-100">{t("newsletter.intro")}</p>
      </div>
      <div className="lg:col-span-8">
        <NewsletterForm idPrefix="footer-newsletter" tone="dark" origin="footer" />
      </div>
    </section>
  );
}

export function SiteFooter() {
  const t = useTranslate();
  const root = useRootData();
  const language = root?.language ?? "en";
  const legal = liveLinks(LEGAL_PAGES, language);
  const year = new Date().getFullYear();

  return (
    <footer className="relative mt-auto bg-sea-950 pb-[var(--bottom-notices,0px)] text-sea-100">
      <svg
        viewBox="0 0 1440 48"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
        className="absolute inset-x-0 bottom-[calc(100%-2px)] h-6 w-full text-sea-950 sm:h-10"
      >
        <path fill="currentColor" d="M0 48h1440V20c-120 14-240 22-360 16S840 6 720 6 480 30 360 34 120 26 0 12z" />
      </svg>
      <div className={`${CONTAINER} pb-10 pt-12 lg:pt-16`}>
        <div className="flex flex-col gap-8 lg:flex-row lg:items-start lg:justify-between">
          <div className="max-w-xs">
            <Logo name={t("site.name")} tone="light" />
            <p className="mt-3 text-sm text-sea-200">{t("site.tagline")}</p>
          </div>
        </div>
        <NewsletterSection />
        <div className="mt-10">
          <Tabs
            label={t("footer.tabs")}
            tabListClassName="inline-flex rounded-full bg-white/10 p-1 ring-1 ring-white/10"
            tabClassName={(selected) =>
              `min-h-11 rounded-full px-5 text-sm font-semibold transition-colors motion-reduce:transition-none ${FOCUS_RING_ON_DARK} ${
                selected ? "bg-white text-sea-950 shadow" : "text-sea-100 hover:text-white"
              }`
            }
            panelClassName={`mt-8 rounded-2xl ${FOCUS_RING_ON_DARK}`}
            tabs={[
              { id: "contact", label: t("footer.contactUs"), panel: <ContactPanel /> },
              { id: "discover", label: t("footer.discover"), panel: <DiscoverPanel /> },
            ]}
          />
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-white/10 pt-6 text-sm text-sea-200 md:flex-row md:items-center md:justify-between">
          {/* Rendered at New Year's midnight, server and browser may disagree on the year: either is right. */}
          <p suppressHydrationWarning>{t("footer.rights", { year })}</p>
          {legal.length > 0 ? (
            <nav aria-label={t("footer.legal")}>
              <ul className="flex flex-wrap gap-x-6 gap-y-2">
                {legal.map((link) => (
                  <li key={link.pageId}>
                    <Link to={link.href} className={LINK_ON_DARK}>
                      {t(`page.${link.pageId}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
