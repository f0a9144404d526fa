import { data } from "react-router";
import { useTranslate } from "../i18n/use-translate.ts";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const t = useTranslate();
  return (
    <div>
      <title>{t("notFound.title")}</title>
      <h1>{t("notFound.heading")}</h1>
    </div>
  );
}
