// The last-resort page when React Router itself cannot render: static HTML, no scripts, no details.
import type { Language } from "../lib/language.ts";
import { ESSENTIAL } from "../app/i18n/messages/essential.ts";
import { pathOf } from "../app/routing/localized-paths.ts";

const BAD_REQUEST_TITLE: Record<Language, string> = {
  es: "Solicitud incorrecta",
  en: "Bad Request",
  pt: "Solicitação inválida",
};

export function internalErrorPage(language: Language, status = 500): string {
  const t = ESSENTIAL[language];
  const title = status === 500 ? t["error.internalTitle"] : BAD_REQUEST_TITLE[language];
  const note = t["error.onServer"].replace("{status}", String(status));
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#effaff;color:#07324a}main{max-width:32rem;padding:2rem;text-align:center}a{color:#045d89;font-weight:600}</style></head>
<body><main><h1>${title}</h1><p>${t["error.text"].replace(/:$/, ".")}</p><p><small>${note}</small></p><p><a href="${pathOf("home", language)}">${t["error.backHome"]}</a></p></main></body>
</html>`;
}
