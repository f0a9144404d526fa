// The localized 404 (issue 2): any path no route claims, shown inside the normal site shell in the
// language of its first segment, with the search box and the pages a lost visitor most likely wants.
import { data } from "react-router";
import { ErrorContent } from "../components/error-screen.tsx";
import { CONTAINER } from "../components/ui/styles.ts";
import { useLanguage, useTranslate } from "../i18n/use-translate.ts";

// The loader's Cache-Control (and Vary) reach the response: server/app.ts shares only what the route left open.
export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <div className={`${CONTAINER} py-10 sm:py-16`} data-testid="not-found">
      <title>{t("notFound.title")}</title>
      <meta name="robots" content="noindex" />
      <div className="mx-auto max-w-2xl">
        <ErrorContent language={language} heading={t("notFound.heading")} text={t("notFound.text")} />
      </div>
    </div>
  );
}
