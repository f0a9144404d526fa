// The operator's console, one table (ADR 0036): each page's localized paths, its route
// module, the permission it needs and its title in the console's catalogue. routes.ts makes the routes
// from it, the layout makes the navigation from it: a new console page is one entry here.
import type { Language } from "../../lib/language.ts";
import { CONSOLE_PRODUCTS_PATHS } from "../../lib/routing/upload-paths.ts";
import type { StaffPermission } from "../../modules/identity/index.ts";
import type { ConsoleMessageKey } from "../../lib/i18n/console/en.ts";

export interface ConsolePage {
  paths: Record<Language, string>;
  /** Route module, relative to app/. */
  file: string;
  /** Null: any staff role may open it (the console's home). */
  permission: StaffPermission | null;
  title: ConsoleMessageKey;
  /** A line under the title on the console's home. */
  summary: ConsoleMessageKey;
}

export const CONSOLE_PAGES = {
  consoleHome: {
    paths: { es: "/es/operador/", en: "/en/operator/", pt: "/pt/operador/" },
    file: "console/routes/console-home.tsx",
    permission: null,
    title: "console.home.title",
    summary: "console.home.summary",
  },
  consoleStaff: {
    paths: { es: "/es/operador/personal/", en: "/en/operator/staff/", pt: "/pt/operador/equipe/" },
    file: "console/routes/console-staff.tsx",
    permission: "staff.manage",
    title: "console.staff.title",
    summary: "console.staff.summary",
  },
  consoleAudit: {
    paths: { es: "/es/operador/auditoria/", en: "/en/operator/audit/", pt: "/pt/operador/auditoria/" },
    file: "console/routes/console-audit.tsx",
    permission: "audit.read",
    title: "console.audit.title",
    summary: "console.audit.summary",
  },
  consoleBookings: {
    paths: { es: "/es/operador/reservas/", en: "/en/operator/bookings/", pt: "/pt/operador/reservas/" },
    file: "console/routes/console-bookings.tsx",
    permission: "bookings.read",
    title: "console.bookings.title",
    summary: "console.bookings.summary",
  },
  consoleSales: {
    paths: { es: "/es/operador/ventas/", en: "/en/operator/sales/", pt: "/pt/operador/vendas/" },
    file: "console/routes/console-sales.tsx",
    permission: "reports",
    title: "console.sales.title",
    summary: "console.sales.summary",
  },
  consoleScanner: {
    paths: { es: "/es/operador/escaner/", en: "/en/operator/scanner/", pt: "/pt/operador/scanner/" },
    file: "console/routes/console-scanner.tsx",
    permission: "boarding",
    title: "console.scanner.title",
    summary: "console.scanner.summary",
  },
  consoleManifest: {
    paths: { es: "/es/operador/manifiesto/", en: "/en/operator/manifest/", pt: "/pt/operador/manifesto/" },
    file: "console/routes/console-manifest.tsx",
    permission: "boarding",
    title: "console.manifest.title",
    summary: "console.manifest.summary",
  },
  consoleWalkUp: {
    paths: { es: "/es/operador/taquilla/", en: "/en/operator/booth/", pt: "/pt/operador/bilheteria/" },
    file: "console/routes/console-walkup.tsx",
    permission: "walkup",
    title: "console.walkup.title",
    summary: "console.walkup.summary",
  },
  // Bookings after the sale and the waiting list (ADR 0059).
  consoleBookingCare: {
    paths: {
      es: "/es/operador/reservas/cambiar/",
      en: "/en/operator/bookings/change/",
      pt: "/pt/operador/reservas/alterar/",
    },
    file: "console/routes/console-booking-care.tsx",
    permission: "bookings.manage",
    title: "money.care.nav",
    summary: "money.care.summary",
  },
  consoleWaitlist: {
    paths: {
      es: "/es/operador/lista-de-espera/",
      en: "/en/operator/waiting-list/",
      pt: "/pt/operador/lista-de-espera/",
    },
    file: "console/routes/console-waitlist.tsx",
    permission: "bookings.read",
    title: "money.waitlist.nav",
    summary: "money.waitlist.summary",
  },
  // Running the crossing (ADR 0038).
  consoleClosures: {
    paths: { es: "/es/operador/cierres/", en: "/en/operator/closures/", pt: "/pt/operador/fechamentos/" },
    file: "console/routes/console-closures.tsx",
    permission: "closures",
    title: "ops.closures.nav",
    summary: "ops.closures.summary",
  },
  consoleTimetable: {
    paths: { es: "/es/operador/horarios/", en: "/en/operator/timetable/", pt: "/pt/operador/horarios/" },
    file: "console/routes/console-timetable.tsx",
    permission: "timetable",
    title: "ops.timetable.nav",
    summary: "ops.timetable.summary",
  },
  consoleSailings: {
    paths: { es: "/es/operador/salidas/", en: "/en/operator/sailings/", pt: "/pt/operador/saidas/" },
    file: "console/routes/console-sailings.tsx",
    permission: "timetable",
    title: "ops.sailings.nav",
    summary: "ops.sailings.summary",
  },
  consoleVessels: {
    paths: { es: "/es/operador/embarcaciones/", en: "/en/operator/vessels/", pt: "/pt/operador/embarcacoes/" },
    file: "console/routes/console-vessels.tsx",
    permission: "timetable",
    title: "ops.vessels.nav",
    summary: "ops.vessels.summary",
  },
  // The records the site sells from (ADR 0063).
  consoleRecords: {
    paths: { es: "/es/operador/muelles/", en: "/en/operator/piers/", pt: "/pt/operador/pieres/" },
    file: "console/routes/console-records.tsx",
    permission: "timetable",
    title: "records.nav",
    summary: "records.summary",
  },
  // Products and complements added and retired (ADR 0070).
  consoleProducts: {
    paths: CONSOLE_PRODUCTS_PATHS,
    file: "console/routes/console-products.tsx",
    permission: "pricing",
    title: "products.nav",
    summary: "products.summary",
  },
  consolePrices: {
    paths: { es: "/es/operador/precios/", en: "/en/operator/prices/", pt: "/pt/operador/precos/" },
    file: "console/routes/console-prices.tsx",
    permission: "pricing",
    title: "ops.prices.nav",
    summary: "ops.prices.summary",
  },
  consoleTexts: {
    paths: { es: "/es/operador/textos/", en: "/en/operator/texts/", pt: "/pt/operador/textos/" },
    file: "console/routes/console-texts.tsx",
    permission: "content",
    title: "ops.texts.nav",
    summary: "ops.texts.summary",
  },
} as const satisfies Record<string, ConsolePage>;

export type ConsolePageId = keyof typeof CONSOLE_PAGES;

export function consolePathOf(pageId: ConsolePageId, language: Language): string {
  return CONSOLE_PAGES[pageId].paths[language];
}
