// The search service of one process: the current index, rebuilt at boot and whenever it is older
// than the refresh interval (in the background, the old index answering meanwhile), so every node
// converges on the same catalogue and content without talking to the others.
import type { Clock } from "../../lib/clock.ts";
import { isLanguage, type Language } from "../../lib/language.ts";
import type { Logger } from "../../lib/logger.ts";
import { buildSearchIndex, type SearchDocument, type SearchIndex } from "./search-index.ts";

/** How old an index may get before a request triggers a rebuild: catalogue edits show within this. */
export const INDEX_REFRESH_MS = 5 * 60_000;

export interface RebuildResult {
  documents: number;
  /** The whole build: reading the documents, then indexing them. */
  ms: number;
  /** Indexing alone. */
  indexMs: number;
}

export interface SearchService {
  /** The site code whose data stores and engines this service answers for. */
  readonly site: string;
  /** The secret search tokens are signed with. */
  readonly tokenSecret: string;
  /** Size and duration of the last completed build (exported as metrics). */
  readonly lastBuild: RebuildResult;
  /** The index to answer with now; starts a background rebuild when it is stale. */
  current(): SearchIndex;
  /** Rebuilds from the document source and swaps the index in; resolves when done. */
  rebuild(): Promise<RebuildResult>;
}

export interface SearchServiceOptions {
  site: string;
  tokenSecret: string;
  loadDocuments: () => Promise<SearchDocument[]>;
  clock: Clock;
  logger: Logger;
  refreshMs?: number;
}

export async function createSearchService(options: SearchServiceOptions): Promise<SearchService> {
  const { clock, logger } = options;
  const refreshMs = options.refreshMs ?? INDEX_REFRESH_MS;
  let index: SearchIndex;
  let inFlight: Promise<RebuildResult> | null = null;

  async function build(): Promise<RebuildResult> {
    const started = performance.now();
    const documents = await options.loadDocuments();
    const read = performance.now();
    index = buildSearchIndex(documents, clock.now());
    const done = performance.now();
    const tenths = (ms: number) => Math.round(ms * 10) / 10;
    const result = { documents: documents.length, ms: tenths(done - started), indexMs: tenths(done - read) };
    service.lastBuild = result;
    return result;
  }

  const service = {
    site: options.site,
    tokenSecret: options.tokenSecret,
    lastBuild: { documents: 0, ms: 0, indexMs: 0 },
    current(): SearchIndex {
      if (!inFlight && clock.now().getTime() - index.builtAt.getTime() > refreshMs) {
        inFlight = build()
          .then((result) => {
            logger.info(result, "search index rebuilt");
            return result;
          })
          .catch((error: unknown) => {
            logger.warn({ err: error }, "search index rebuild failed; the previous index keeps answering");
            return service.lastBuild;
          })
          .finally(() => {
            inFlight = null;
          });
      }
      return index;
    },
    rebuild(): Promise<RebuildResult> {
      inFlight ??= build().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
  await service.rebuild();
  return service;
}

/** The data store (and engine) name of a site's language: "travesia-es". */
export function dataStoreOf(site: string, language: Language): string {
  return `${site}-${language}`;
}

/** The language a data store or engine name serves, or null when it is not one of this site's. */
export function languageOfDataStore(site: string, name: string): Language | null {
  const prefix = `${site}-`;
  if (!name.startsWith(prefix)) return null;
  const language = name.slice(prefix.length);
  return isLanguage(language) ? language : null;
}
