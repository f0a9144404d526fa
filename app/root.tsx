import { lazy, Suspense } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import { ogImageOfMatches } from "./content/og-images.ts";
import type { Route } from "./+types/root";
import { HeadLinks } from "./components/head-links.tsx";
import { SiteShell } from "./components/shell/site-shell.tsx";
import { useLanguage, useRootData } from "./i18n/use-translate.ts";
import { loadRootData } from "./root-data.server.ts";
import { CONSOLE_LAYOUT_ID_PREFIX } from "./console/console-i18n.ts";
import "./app.css";

// Only a page that failed needs the error screen: its code is not in every page's first load.
const ErrorScreen = lazy(() =>
  import("./components/error-screen.tsx").then((module) => ({ default: module.ErrorScreen })),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadRootData(request, context);
}

// No shouldRevalidate here: the root's data carries the page's own messages (i18n/page-messages.ts),
// and React Router's single fetch asks every loader again on each navigation, in one request. Opting
// the root out would leave the next page without its words (shell.spec.ts checks it).

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const language = useLanguage();
  const nonce = root?.nonce;
  // Link previews on every page: a raster image (the page's own, else the site's) shown large.
  const ogImage = `${root?.origin ?? ""}${ogImageOfMatches(useMatches())}`;
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b4f6c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <meta property="og:image" content={ogImage} />
        <meta name="twitter:card" content="summary_large_image" />
        <HeadLinks />
        <Links />
      </head>
      <body className="min-h-dvh bg-white text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

// The operator's console has a frame of its own (app/console/console-layout.tsx): no public header,
// footer, cart or cookie notice around the back office.
export default function App() {
  const inConsole = useMatches().some((match) => match.id.startsWith(CONSOLE_LAYOUT_ID_PREFIX));
  if (inConsole) return <Outlet />;
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Suspense fallback={null}>
      <ErrorScreen error={error} />
    </Suspense>
  );
}
