export { clientErrorReports, searchEvents, searchTokenSecrets } from "./schema.ts";
export { MAX_QUERY_LENGTH, foldText, normalizeQuery } from "./text.ts";
export {
  SEARCH_DOCUMENT_TYPES,
  buildSearchIndex,
  searchIndex,
  snippetOf,
  suggestQueries,
  type SearchDocument,
  type SearchDocumentType,
  type SearchHit,
  type SearchIndex,
} from "./search-index.ts";
export { answerQuestion, leadSentences, type AnswerCitation, type SearchAnswer } from "./answer.ts";
export {
  SEARCH_TOKEN_TTL_SECONDS,
  bearerTokenOf,
  issueSearchToken,
  newAttributionToken,
  verifySearchToken,
} from "./token.ts";
export { HOST_PATH_HEADER, readHostPath, type HostPath } from "./host-path.ts";
export {
  INDEX_REFRESH_MS,
  createSearchService,
  dataStoreOf,
  languageOfDataStore,
  type RebuildResult,
  type SearchService,
  type SearchServiceOptions,
} from "./service.ts";
export {
  REPORT_LIMIT,
  recordClientError,
  recordSearchEvent,
  sharedSearchTokenSecret,
  type ClientErrorReport,
  type SearchEvent,
} from "./queries.ts";
