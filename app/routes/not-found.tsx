// The localized 404: any path no route claims, shown inside the normal site shell in the
// language of its first segment, with the search box and the pages a lost visitor most likely wants.
import { data } from "react-router";
import { ErrorContent } from "../components/error-screen.tsx";
import { CONTAINER } from "../components/ui/styles.ts";
import { useEssential } from "../i18n/use-essential.ts";
import { useLanguage, useRootData, useTranslate } from "../i18n/use-translate.ts";

// The loader's Cache-Control (and Vary) reach the response: server/app.ts shares only what the route left open.
export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const t = useTranslate();
  const essential = useEssential();
  const language = useLanguage();
  const requestId = useRootData()?.requestId;
  return (
    <div className={`${CONTAINER} py-10 sm:py-16`} data-testid="not-found">
      <title>{t("notFound.title")}</title>
      <meta name="robots" content="noindex" />
      <div className="mx-auto max-w-2xl">
        {/* The same note as the error screen's: support asks for the status and the request's reference. */}
        <ErrorContent
          language={language}
          heading={t("notFound.heading")}
          text={t("notFound.text")}
          note={essential("error.inRequest", { status: 404 })}
          reference={requestId ? essential("error.reference", { requestId }) : undefined}
        />
      </div>
    </div>
  );
}
