// Strings that must work with no page data at all: the error screen (even when the root loader
// failed), the offline page the service worker shows, and the search box. Small on purpose: this
// catalogue ships in the client bundle for all three languages.
import type { Language } from "../../../lib/language.ts";

const en = {
  "error.title": "Something went wrong",
  "error.internalTitle": "Internal Error",
  "error.heading": "Sorry, something went wrong",
  "error.text": "We couldn't show this page. Try again in a moment, search the site or go to one of these pages:",
  "error.onServer": "An error {status} occurred on server",
  "error.onClient": "An error occurred on client",
  "error.backHome": "Back to home",
  "error.relatedLinks": "Related links",
  "search.label": "Search the site",
  "search.placeholder": "Search ferries, tours, questions…",
  "search.submit": "Search",
  "offline.title": "No connection",
  "offline.text": "Sorry, this content can't be shown offline",
  "offline.retry": "Try again",
};

export type EssentialKey = keyof typeof en;
export type EssentialMessages = Record<EssentialKey, string>;

const es = {
  "error.title": "Algo salió mal",
  "error.internalTitle": "Error interno",
  "error.heading": "Lo sentimos, algo salió mal",
  "error.text": "No pudimos mostrar esta página. Inténtalo de nuevo en un momento, busca en el sitio o visita una de estas páginas:",
  "error.onServer": "Ocurrió un error {status} en el servidor",
  "error.onClient": "Ocurrió un error en el cliente",
  "error.backHome": "Volver al inicio",
  "error.relatedLinks": "Enlaces relacionados",
  "search.label": "Buscar en el sitio",
  "search.placeholder": "Busca ferries, tours, preguntas…",
  "search.submit": "Buscar",
  "offline.title": "Sin Conexión",
  "offline.text": "Lo sentimos, este contenido no puede mostrarse en modo Offline",
  "offline.retry": "Reintentar",
} satisfies EssentialMessages;

const pt = {
  "error.title": "Algo deu errado",
  "error.internalTitle": "Erro interno",
  "error.heading": "Desculpe, algo deu errado",
  "error.text": "Não conseguimos mostrar esta página. Tente novamente em instantes, busque no site ou visite uma destas páginas:",
  "error.onServer": "Ocorreu um erro {status} no servidor",
  "error.onClient": "Ocorreu um erro no cliente",
  "error.backHome": "Voltar ao início",
  "error.relatedLinks": "Links relacionados",
  "search.label": "Buscar no site",
  "search.placeholder": "Busque ferries, passeios, perguntas…",
  "search.submit": "Buscar",
  "offline.title": "Sem conexão",
  "offline.text": "Desculpe, este conteúdo não pode ser exibido no modo offline",
  "offline.retry": "Tentar novamente",
} satisfies EssentialMessages;

export const ESSENTIAL: Record<Language, EssentialMessages> = { es, en, pt };
