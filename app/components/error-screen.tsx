import { isRouteErrorResponse } from "react-router";
import { useEssential } from "../i18n/use-translate.ts";

export function ErrorScreen({ error }: { error: unknown }) {
  const t = useEssential();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main>
      <title>{t("error.internalTitle")}</title>
      <h1>{t("error.heading")}</h1>
      <p>{t("error.onServer", { status })}</p>
    </main>
  );
}
