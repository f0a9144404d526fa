// Strings that must work with no page data at all: the error screen (even when the root loader
// failed), the static error pages, the offline page the service worker shows, and the search box.
// Small on purpose: this catalogue ships in the client bundle for all three languages.
import type { Language } from "../../language.ts";

const en = {
  "site.name": "Travesía",
  "site.homeLink": "Travesía, home page",

  "page.home": "Home",
  "page.ferry": "Ferry to Isla Mujeres",
  "page.routesSchedules": "Routes and schedules",
  "page.promotions": "Promotions",
  "page.faq": "FAQ",
  "page.siteMap": "Site map",

  "error.title": "Something went wrong",
  "error.internalTitle": "Internal Error",
  "error.heading": "Sorry, something went wrong",
  "error.text": "We couldn't show this page. Try again in a moment, search the site or go to one of these pages:",
  "error.notFoundTitle": "Page not found",
  "error.notFoundHeading": "We couldn't find that page",
  "error.notFoundText": "The link may be old or the address mistyped. Search the site or go to one of these pages:",
  "error.badRequestTitle": "Bad Request",
  "error.badRequestHeading": "We couldn't read that address",
  "error.badRequestText":
    "The address has characters that don't make sense. Check it, search the site or go to one of these pages:",
  "error.headersTooLargeTitle": "Request too large",
  "error.headersTooLargeText":
    "Your browser sent more data than we accept, usually because of too many cookies. Delete this site's cookies and try again.",
  "error.payloadTooLargeText":
    "What you sent is larger than we accept. Go back and try again with less, or go to one of these pages:",
  "error.onServer": "An error {status} occurred on server",
  "error.inRequest": "Error {status}: the problem is in the request, not on our server.",
  "error.onClient": "An error occurred on client",
  "error.reference": "Reference: {requestId}",
  "error.backHome": "Back to home",
  "error.relatedLinks": "Related links",

  "search.label": "Search the site",
  "search.landmarkQuick": "Quick search",
  "search.placeholder": "Search ferries, tours, questions…",
  "search.submit": "Search",
  "search.suggestions": "Suggestions",
  "search.suggestionsOne": "1 suggestion. Use the up and down arrows to choose it.",
  "search.suggestionsMany": "{count} suggestions. Use the up and down arrows to choose one.",
  "search.noSuggestions": "No suggestions. Press Enter to search.",
  "search.error": "Results couldn't be retrieved",

  "offline.title": "No connection",
  "offline.text": "Sorry, this content can't be shown offline",
  "offline.hint": "Check your Wi-Fi or mobile data, then try again.",
  "offline.retry": "Try again",
};

export type EssentialKey = keyof typeof en;
export type EssentialMessages = Record<EssentialKey, string>;

const es = {
  "site.name": "Travesía",
  "site.homeLink": "Travesía, página de inicio",

  "page.home": "Inicio",
  "page.ferry": "Ferry a Isla Mujeres",
  "page.routesSchedules": "Rutas y horarios",
  "page.promotions": "Promociones",
  "page.faq": "Preguntas frecuentes",
  "page.siteMap": "Mapa de sitio",

  "error.title": "Algo salió mal",
  "error.internalTitle": "Error interno",
  "error.heading": "Lo sentimos, algo salió mal",
  "error.text":
    "No pudimos mostrar esta página. Inténtalo de nuevo en un momento, busca en el sitio o visita una de estas páginas:",
  "error.notFoundTitle": "Página no encontrada",
  "error.notFoundHeading": "No encontramos esa página",
  "error.notFoundText":
    "Es posible que el enlace sea antiguo o que la dirección tenga un error. Busca en el sitio o visita una de estas páginas:",
  "error.badRequestTitle": "Solicitud incorrecta",
  "error.badRequestHeading": "No pudimos leer esa dirección",
  "error.badRequestText":
    "La dirección tiene caracteres que no tienen sentido. Revísala, busca en el sitio o visita una de estas páginas:",
  "error.headersTooLargeTitle": "Solicitud demasiado grande",
  "error.headersTooLargeText":
    "Tu navegador envió más datos de los que aceptamos, normalmente por tener demasiadas cookies. Borra las cookies de este sitio e inténtalo de nuevo.",
  "error.payloadTooLargeText":
    "Lo que enviaste es más grande de lo que aceptamos. Vuelve atrás e inténtalo con menos, o ve a una de estas páginas:",
  "error.onServer": "Ocurrió un error {status} en el servidor",
  "error.inRequest": "Error {status}: el problema está en la solicitud, no en nuestro servidor.",
  "error.onClient": "Ocurrió un error en el cliente",
  "error.reference": "Referencia: {requestId}",
  "error.backHome": "Volver al inicio",
  "error.relatedLinks": "Enlaces relacionados",

  "search.label": "Buscar en el sitio",
  "search.landmarkQuick": "Búsqueda rápida",
  "search.placeholder": "Busca ferries, tours, preguntas…",
  "search.submit": "Buscar",
  "search.suggestions": "Sugerencias",
  "search.suggestionsOne": "1 sugerencia. Usa las flechas arriba y abajo para elegirla.",
  "search.suggestionsMany": "{count} sugerencias. Usa las flechas arriba y abajo para elegir una.",
  "search.noSuggestions": "No hay sugerencias. Pulsa Intro para buscar.",
  "search.error": "No se han podido buscar resultados",

  "offline.title": "Sin conexión",
  "offline.text": "Lo sentimos, este contenido no puede mostrarse sin conexión",
  "offline.hint": "Revisa tu wifi o tus datos móviles e inténtalo de nuevo.",
  "offline.retry": "Reintentar",
} satisfies EssentialMessages;

const pt = {
  "site.name": "Travesía",
  "site.homeLink": "Travesía, página inicial",

  "page.home": "Início",
  "page.ferry": "Ferry para Isla Mujeres",
  "page.routesSchedules": "Rotas e horários",
  "page.promotions": "Promoções",
  "page.faq": "Perguntas frequentes",
  "page.siteMap": "Mapa do site",

  "error.title": "Algo deu errado",
  "error.internalTitle": "Erro interno",
  "error.heading": "Desculpe, algo deu errado",
  "error.text":
    "Não conseguimos mostrar esta página. Tente novamente em instantes, busque no site ou visite uma destas páginas:",
  "error.notFoundTitle": "Página não encontrada",
  "error.notFoundHeading": "Não encontramos essa página",
  "error.notFoundText":
    "O link pode ser antigo ou o endereço pode ter um erro. Busque no site ou visite uma destas páginas:",
  "error.badRequestTitle": "Solicitação inválida",
  "error.badRequestHeading": "Não conseguimos ler esse endereço",
  "error.badRequestText":
    "O endereço tem caracteres que não fazem sentido. Confira, busque no site ou visite uma destas páginas:",
  "error.headersTooLargeTitle": "Solicitação grande demais",
  "error.headersTooLargeText":
    "Seu navegador enviou mais dados do que aceitamos, geralmente por excesso de cookies. Apague os cookies deste site e tente novamente.",
  "error.payloadTooLargeText":
    "O que você enviou é maior do que aceitamos. Volte e tente de novo com menos, ou vá para uma destas páginas:",
  "error.onServer": "Ocorreu um erro {status} no servidor",
  "error.inRequest": "Erro {status}: o problema está na solicitação, não no nosso servidor.",
  "error.onClient": "Ocorreu um erro no cliente",
  "error.reference": "Referência: {requestId}",
  "error.backHome": "Voltar ao início",
  "error.relatedLinks": "Links relacionados",

  "search.label": "Buscar no site",
  "search.landmarkQuick": "Busca rápida",
  "search.placeholder": "Busque ferries, passeios, perguntas…",
  "search.submit": "Buscar",
  "search.suggestions": "Sugestões",
  "search.suggestionsOne": "1 sugestão. Use as setas para cima e para baixo para escolhê-la.",
  "search.suggestionsMany": "{count} sugestões. Use as setas para cima e para baixo para escolher uma.",
  "search.noSuggestions": "Nenhuma sugestão. Pressione Enter para buscar.",
  "search.error": "Não foi possível buscar resultados",

  "offline.title": "Sem conexão",
  "offline.text": "Desculpe, este conteúdo não pode ser exibido no modo offline",
  "offline.hint": "Verifique seu wi-fi ou seus dados móveis e tente novamente.",
  "offline.retry": "Tentar novamente",
} satisfies EssentialMessages;

export const ESSENTIAL: Record<Language, EssentialMessages> = { es, en, pt };
