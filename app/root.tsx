import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { ErrorScreen } from "./components/error-screen.tsx";
import { HeadLinks } from "./components/head-links.tsx";
import { SiteShell } from "./components/shell/site-shell.tsx";
import { useLanguage, useRootData } from "./i18n/use-translate.ts";
import { loadRootData } from "./root-data.server.ts";
import "./app.css";

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
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b4f6c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
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

export default function App() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}
