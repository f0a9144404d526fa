// The search results page's loader body: q read, cleaned and cut; the results, grouped later by the
// page; a short answer when the FAQ or a page answers the question. Any q is safe here: it is only
// ever searched for and written out as text.
import { data, type RouterContextProvider } from "react-router";
import {
  answerQuestion,
  MAX_QUERY_LENGTH,
  newAttributionToken,
  normalizeQuery,
  searchIndex,
} from "../../modules/search/index.ts";
import { servicesContext } from "../../server/edge/index.ts";
import { matchPage } from "../../lib/routing/localized-paths.ts";
import type { SearchView } from "./search-view.ts";

const RESULT_LIMIT = 30;

export function loadSearchView(request: Request, context: Readonly<RouterContextProvider>): SearchView {
  const url = new URL(request.url);
  const match = matchPage(url.pathname);
  if (!match || match.pageId !== "search") throw data(null, { status: 404 });
  const { language } = match;
  const raw = url.searchParams.get("q") ?? "";
  const query = normalizeQuery(raw);
  const { search } = context.get(servicesContext);
  const index = search.current();
  const hits = query ? searchIndex(index, language, query, { limit: RESULT_LIMIT }) : [];
  const answer = query ? answerQuestion(index, language, query) : null;
  return {
    language,
    query,
    truncated: Array.from(raw.trim()).length > MAX_QUERY_LENGTH,
    results: hits.map((hit, index) => ({
      id: hit.id,
      position: index + 1,
      type: hit.type,
      title: hit.title,
      url: hit.url,
      context: hit.context,
      snippet: hit.snippet,
      highlights: hit.highlights,
    })),
    answer: answer
      ? { text: answer.text, citations: answer.citations.map(({ id, title, url }) => ({ id, title, url })) }
      : null,
    attributionToken: newAttributionToken(),
  };
}
