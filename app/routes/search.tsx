// The site search results page at /es/busqueda/, /en/search/, /pt/busca/ and their alias
// paths, with q: the search box prefilled, a short answer when the FAQ answers the question, the
// results grouped by type, popular searches when nothing is asked or found. A click on a result is
// sent to analytics with its position. The page works without JavaScript: the box is a GET form.
import { Link } from "react-router";
import { SearchBox, searchHref } from "../components/search/search-box.tsx";
import { sendResultClick } from "../components/search/search-client.ts";
import { ArrowRightIcon } from "../components/ui/icons.tsx";
import { CONTAINER, FOCUS_RING } from "../components/ui/styles.ts";
import { createTranslate } from "../i18n/translate.ts";
import { useTranslate } from "../i18n/use-translate.ts";
import {
  POPULAR_SEARCHES,
  groupResults,
  snippetRuns,
  type AnswerView,
  type ResultView,
  type SearchView,
} from "../search/search-view.ts";
import { loadSearchView } from "../search/search-view.server.ts";
import type { Route } from "./+types/search";

export function loader({ request, context }: Route.LoaderArgs) {
  return loadSearchView(request, context);
}

export function headers() {
  // Results follow the index, which changes with the catalogue: never cached by a shared cache.
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0]?.loaderData;
  if (!root || !loaderData) return [];
  const t = createTranslate(root.messages, root.language);
  return [
    { title: loaderData.query ? t("search.meta.title", { query: loaderData.query }) : t("search.meta.titleEmpty") },
    { name: "description", content: t("search.meta.description") },
    // Result pages are endless and thin: crawlers may follow their links but not index them.
    { name: "robots", content: "noindex, follow" },
  ];
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const t = useTranslate();
  const view = loaderData;
  const { language, query, results } = view;
  const groups = groupResults(results);
  return (
    <div className={`${CONTAINER} pt-8 pb-16 lg:pt-12`}>
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-balance break-words text-sea-950 sm:text-4xl">
          {query ? t("search.heading", { query }) : t("search.headingEmpty")}
        </h1>
        <div className="mt-6">
          {/* Keyed by q: a new search (a popular-search link) starts the box over, prefilled. */}
          <SearchBox key={query} language={language} variant="page" initialQuery={query} />
        </div>
        {view.truncated ? <p className="mt-3 text-sm text-slate-700">{t("search.truncated")}</p> : null}
        {query ? (
          <p className="mt-4 text-sm font-medium text-slate-700" role="status" data-testid="search-count">
            {t("search.count", { count: results.length })}
          </p>
        ) : null}
      </div>

      {view.answer ? <AnswerBox answer={view.answer} /> : null}

      {groups.length > 0 ? (
        <div className="mt-10 max-w-3xl space-y-10">
          {groups.map((group) => (
            <section key={group.type} aria-labelledby={`results-${group.type}`} data-result-type={group.type}>
              <h2 id={`results-${group.type}`} className="text-sm font-bold tracking-wider text-sea-800 uppercase">
                {t(`search.group.${group.type}`)}
              </h2>
              <ol className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
                {group.results.map((result) => (
                  <ResultItem key={result.id} result={result} view={view} />
                ))}
              </ol>
            </section>
          ))}
        </div>
      ) : null}

      {query && results.length === 0 ? (
        <section
          className="mt-10 max-w-3xl rounded-2xl bg-sand-50 p-6"
          aria-labelledby="search-empty"
          data-testid="search-empty"
        >
          <h2 id="search-empty" className="text-xl font-bold text-sea-950">
            {t("search.empty.title", { query })}
          </h2>
          <p className="mt-2 text-slate-700">{t("search.empty.text")}</p>
          <PopularSearches view={view} />
        </section>
      ) : null}

      {!query ? (
        <div className="mt-10 max-w-3xl">
          <PopularSearches view={view} />
        </div>
      ) : null}
    </div>
  );
}

function AnswerBox({ answer }: { answer: AnswerView }) {
  const t = useTranslate();
  return (
    <section
      aria-labelledby="search-answer"
      className="mt-8 max-w-3xl rounded-2xl border border-sea-700/20 bg-sea-50 p-5 sm:p-6"
      data-testid="search-answer"
    >
      <h2 id="search-answer" className="text-sm font-bold tracking-wider text-sea-800 uppercase">
        {t("search.answer.title")}
      </h2>
      <p className="mt-2 text-lg leading-relaxed text-sea-950">{answer.text}</p>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm text-slate-700">
        <span>{t("search.answer.source")}</span>
        {answer.citations.map((citation) => (
          <Link
            key={citation.id}
            to={citation.url}
            className={`rounded font-semibold text-sea-800 underline underline-offset-2 hover:text-sea-950 ${FOCUS_RING}`}
          >
            {citation.title}
          </Link>
        ))}
      </p>
    </section>
  );
}

function ResultItem({ result, view }: { result: ResultView; view: SearchView }) {
  return (
    <li className="py-4" data-position={result.position}>
      <h3 className="text-lg font-semibold text-sea-950">
        <Link
          to={result.url}
          onClick={() =>
            sendResultClick({
              query: view.query,
              documentId: result.id,
              url: result.url,
              position: result.position,
              attributionToken: view.attributionToken,
            })
          }
          className={`rounded underline-offset-2 hover:text-sea-800 hover:underline ${FOCUS_RING}`}
        >
          {result.title}
        </Link>
      </h3>
      {result.context ? <p className="mt-0.5 text-sm font-medium text-slate-600">{result.context}</p> : null}
      <p className="mt-1 leading-relaxed text-slate-700">
        {snippetRuns(result.snippet, result.highlights).map((run, index) =>
          run.highlighted ? (
            <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-slate-900">
              {run.text}
            </mark>
          ) : (
            <span key={index}>{run.text}</span>
          ),
        )}
      </p>
    </li>
  );
}

function PopularSearches({ view }: { view: SearchView }) {
  const t = useTranslate();
  return (
    <nav aria-labelledby="search-popular" className="mt-5">
      <h2 id="search-popular" className="text-sm font-bold tracking-wider text-sea-800 uppercase">
        {t("search.popular")}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {POPULAR_SEARCHES[view.language].map((suggestion) => (
          <li key={suggestion}>
            <Link
              to={searchHref(view.language, suggestion)}
              className={`inline-flex min-h-11 items-center gap-2 rounded-full border border-sea-900/15 bg-white px-4 text-sm font-semibold text-sea-900 hover:border-sea-700 hover:bg-sea-50 ${FOCUS_RING}`}
            >
              {suggestion}
              <ArrowRightIcon className="size-4" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
