// The site search box: an ARIA 1.2 combobox driven by the statechart of
// search-box-machine.ts. Without JavaScript it is a plain GET form to the search page with q; with it,
// typing suggests after 500 ms, arrows move through the suggestions, Enter or the icon goes to the
// search page, Escape closes the list, and a polite live region says what happened. The same component
// sits in the header, the mobile menu, the results page and the error screen. The statechart (XState)
// is loaded when the visitor first reaches for the box (search-box-actor.ts): until it runs, the box is
// the plain form, and the visitor's typing and focus are queued for it.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Language } from "../../../lib/language.ts";
import { useEssential } from "../../i18n/use-essential.ts";
import { pathOf } from "../../../lib/routing/localized-paths.ts";
import { SearchIcon } from "../ui/icons.tsx";
import { FOCUS_RING } from "../ui/styles.ts";
import type { SearchBoxActor, SearchBoxSnapshot } from "./search-box-actor.ts";
import type { SearchBoxEvent, SearchBoxState } from "./search-box-machine.ts";

export type SearchBoxVariant = "header" | "menu" | "page" | "error";

export interface SearchBoxProps {
  language: Language;
  variant: SearchBoxVariant;
  /** The query to prefill with; by default q of the current URL. */
  initialQuery?: string;
  /**
   * Leave by a full page load rather than a client navigation: the error screen's box, whose app may
   * be what failed.
   */
  reloadOnNavigate?: boolean;
}

/** Where a search for `query` lands: the same URL the no-JS form produces. */
export function searchHref(language: Language, query: string): string {
  return `${pathOf("search", language)}?${new URLSearchParams({ q: query }).toString()}`;
}

const OPEN_STATES: readonly SearchBoxState[] = ["success", "empty", "error"];

const INPUT_CLASS: Record<SearchBoxVariant, string> = {
  header: "h-10 pl-4 pr-11 text-sm",
  menu: "h-12 pl-4 pr-12 text-base",
  page: "h-14 pl-5 pr-14 text-lg",
  error: "h-12 pl-5 pr-12 text-base",
};

export function SearchBox({ language, variant, initialQuery, reloadOnNavigate = false }: SearchBoxProps) {
  const t = useEssential();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useId();
  const inputId = `${ids}-input`;
  const listId = `${ids}-list`;
  const action = pathOf("search", language);
  const startQuery = initialQuery ?? new URLSearchParams(location.search).get("q")?.trim() ?? "";

  const [snapshot, send, live, startStatechart] = useSearchBoxActor(startQuery, variant, (query) => {
    const href = searchHref(language, query);
    if (reloadOnNavigate) window.location.assign(href);
    else void navigate(href);
  });
  const state = snapshot.value as SearchBoxState;
  const { word, suggestions } = snapshot.context;
  const open = OPEN_STATES.includes(state) || (state === "fetch" && suggestions.length > 0);
  const listed = open ? suggestions : [];

  const [active, setActive] = useState(-1);
  useEffect(() => setActive(-1), [suggestions]);

  // The header's box is hydrated on demand (ADR 0054): what the visitor typed, and the focus, before
  // its code arrived are in the field, not yet in the box's state.
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    if (input.value !== word) send({ type: "TYPE", word: input.value });
    if (document.activeElement === input) send({ type: "FOCUS" });
    // Once, as the box is hydrated.
  }, []);
  const activeId = active >= 0 && active < listed.length ? `${listId}-${active}` : undefined;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (listed.length === 0) return;
      event.preventDefault();
      // -1 is the input itself: the arrows cycle input → first … last → input.
      const step = event.key === "ArrowDown" ? 1 : -1;
      const slots = listed.length + 1;
      setActive((current) => ((current + 1 + step + slots) % slots) - 1);
    } else if (event.key === "Enter" && activeId) {
      const suggestion = listed[active];
      if (suggestion === undefined) return;
      event.preventDefault();
      send({ type: "SELECT", suggestion });
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      send({ type: "CLOSE" });
    }
  }

  const announcement =
    state === "success"
      ? suggestions.length === 1
        ? t("search.suggestionsOne")
        : t("search.suggestionsMany", { count: suggestions.length })
      : state === "empty"
        ? t("search.noSuggestions")
        : state === "error"
          ? t("search.error")
          : "";

  const large = variant === "page";
  return (
    <form
      role="search"
      // Two search boxes can share a page (the header's and the page's own): each landmark is named.
      aria-label={variant === "header" || variant === "menu" ? t("search.landmarkQuick") : undefined}
      aria-labelledby={variant === "header" || variant === "menu" ? undefined : `${inputId}-label`}
      method="get"
      action={action}
      className="relative w-full"
      // A pointer on its way to the box: the statechart's code and token are fetched before the click.
      onPointerEnter={startStatechart}
      onSubmit={(event) => {
        // Before the statechart runs, the form goes to the search page by itself, as without JavaScript.
        if (!live) return;
        event.preventDefault();
        send({ type: "SUBMIT" });
      }}
    >
      <label
        id={`${inputId}-label`}
        htmlFor={inputId}
        className={variant === "error" || variant === "page" ? "mb-2 block font-semibold text-sea-950" : "sr-only"}
      >
        {t("search.label")}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          name="q"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          required
          maxLength={200}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={t("search.placeholder")}
          value={word}
          onChange={(event) => send({ type: "TYPE", word: event.target.value })}
          onFocus={() => send({ type: "FOCUS" })}
          onBlur={() => send({ type: "BLUR" })}
          onKeyDown={onKeyDown}
          className={`w-full min-w-0 rounded-full border border-slate-500 bg-white text-slate-900 placeholder:text-slate-500 focus-visible:border-sea-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sea-700 [&::-webkit-search-cancel-button]:hidden ${INPUT_CLASS[variant]}`}
        />
        <button
          type="submit"
          className={`absolute top-1/2 right-1 inline-flex -translate-y-1/2 items-center justify-center rounded-full text-sea-900 hover:bg-sea-50 ${FOCUS_RING} ${large ? "size-12" : variant === "header" ? "size-8" : "size-10"}`}
        >
          <SearchIcon className={large ? "size-6" : "size-5"} />
          <span className="sr-only">{t("search.submit")}</span>
        </button>
      </div>
      <SuggestionList
        open={open}
        variant={variant}
        listId={listId}
        listed={listed}
        active={active}
        setActive={setActive}
        send={send}
        state={state}
      />
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </form>
  );
}

/** The suggestions under the box, or why there are none. */
function SuggestionList({
  open,
  variant,
  listId,
  listed,
  active,
  setActive,
  send,
  state,
}: {
  open: boolean;
  variant: SearchBoxVariant;
  listId: string;
  listed: string[];
  active: number;
  setActive: (index: number) => void;
  send: (event: SearchBoxEvent) => void;
  state: SearchBoxState;
}) {
  const t = useEssential();
  return (
    <>
      <div
        className={`absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-2xl bg-white p-1.5 shadow-2xl ring-1 ring-sea-950/10 ${open ? "" : "hidden"} ${variant === "header" ? "right-auto w-96 max-w-[calc(100vw-2rem)]" : ""}`}
      >
        <ul
          id={listId}
          role="listbox"
          aria-label={t("search.suggestions")}
          className={listed.length > 0 ? "" : "hidden"}
        >
          {listed.map((suggestion, index) => (
            <li
              key={suggestion}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onPointerEnter={() => setActive(index)}
              onClick={() => send({ type: "SELECT", suggestion })}
              className={`flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 text-left text-slate-800 ${index === active ? "bg-sea-50 text-sea-950" : ""}`}
            >
              <SearchIcon className="size-4 shrink-0 text-sea-700" />
              <span className="min-w-0 truncate">{suggestion}</span>
            </li>
          ))}
        </ul>
        {state === "empty" ? <p className="px-3 py-2.5 text-sm text-slate-600">{t("search.noSuggestions")}</p> : null}
        {state === "error" ? (
          <p className="px-3 py-2.5 text-sm font-semibold text-coral-700" data-testid="search-error">
            {t("search.error")}
          </p>
        ) : null}
      </div>
    </>
  );
}

/**
 * The box's statechart, started once search-box-actor.ts has loaded: its snapshot, `send`, and whether
 * it runs yet. The code is asked for by the box's first event (focus, typing, a pointer over it), not
 * with the page: a page view whose visitor never searches makes neither the statechart nor the search
 * token it fetches. Events sent before it runs are queued and handed over in order; typing shows in
 * the box at once. Like @xstate/react's useMachine, the actor is made once per mounted box.
 */
function useSearchBoxActor(
  initialQuery: string,
  box: SearchBoxVariant,
  navigateTo: (query: string) => void,
): [SearchBoxSnapshot, (event: SearchBoxEvent) => void, boolean, () => void] {
  const [snapshot, setSnapshot] = useState<SearchBoxSnapshot>(() => ({
    value: "initial",
    context: { word: initialQuery, suggestions: [], suggestedFor: "" },
  }));
  const actor = useRef<SearchBoxActor | null>(null);
  const requested = useRef(false);
  const mounted = useRef(false);
  const queued = useRef<SearchBoxEvent[]>([]);
  const latestNavigate = useRef(navigateTo);
  latestNavigate.current = navigateTo;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      actor.current?.stop();
      actor.current = null;
      requested.current = false;
    };
  }, []);

  function start(): void {
    if (requested.current) return;
    requested.current = true;
    void import("./search-box-actor.ts").then(
      ({ startSearchBoxActor }) => {
        if (!mounted.current || actor.current) return;
        const started = startSearchBoxActor(
          initialQuery,
          { navigate: (query) => latestNavigate.current(query), box },
          setSnapshot,
        );
        for (const event of queued.current.splice(0)) started.send(event);
        actor.current = started;
      },
      (error: unknown) => console.warn("The search box's suggestions could not be loaded:", error),
    );
  }

  function send(event: SearchBoxEvent): void {
    if (actor.current) return actor.current.send(event);
    queued.current.push(event);
    start();
    if (event.type === "TYPE")
      setSnapshot((current) => ({ ...current, context: { ...current.context, word: event.word } }));
  }
  return [snapshot, send, actor.current !== null, start];
}
