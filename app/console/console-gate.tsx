// Between the console's frame and its pages: where a page that refuses (403) is shown, in the
// console's words. It sits below the layout on purpose: when an action throws, React Router loads only
// the routes above the boundary that catches it, so a boundary on the layout itself rendered without
// the layout's data (its strings, who is signed in) and a refused POST answered 500. Here the layout's
// loader has run whether a page's loader or its action refused.
import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { useConsoleT } from "./console-i18n.ts";

export default function ConsoleGate() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!(isRouteErrorResponse(error) && error.status === 403)) throw error;
  return <Forbidden />;
}

function Forbidden() {
  const t = useConsoleT();
  return (
    <section className="max-w-2xl space-y-2" data-testid="console-forbidden">
      <h1 className="text-2xl font-bold text-sea-950">{t("console.forbidden.title")}</h1>
      <p className="text-slate-700">{t("console.forbidden.body")}</p>
    </section>
  );
}
