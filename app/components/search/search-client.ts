// The browser's side of the search service: one token shared by every search box of the
// page and renewed before it expires, suggestions, click analytics and error reports. Every call
// names the page it is made from in X-Host-Path (the server's modules/search/host-path.ts).

const HOST_PATH_HEADER = "X-Host-Path";
/** Renew a token this long before it expires, so a request never leaves with a dying one. */
const RENEW_MARGIN_MS = 30_000;

export interface SearchToken {
  accessToken: string;
  dataStore: string;
  engineName: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** A refused or failed call: the HTTP status (0 when the network failed) and the error code. */
export class SearchRequestError extends Error {
  override name = "SearchRequestError";
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`${status} ${code}`);
  }
}

function hostPath(): string {
  return `${window.location.host}${window.location.pathname}`;
}

/**
 * `from` is the page the request is made for (X-Host-Path): taken when the visitor acts, since a click
 * on a result also navigates, and the request may wait for a token until the next page is showing.
 */
async function post(
  path: string,
  body: unknown,
  token: string | null,
  keepalive = false,
  from = hostPath(),
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        [HOST_PATH_HEADER]: from,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      keepalive,
      credentials: "same-origin",
    });
  } catch {
    throw new SearchRequestError(0, "NETWORK_ERROR");
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const code = (json as { error?: { code?: unknown } } | null)?.error?.code;
    throw new SearchRequestError(response.status, typeof code === "string" ? code : "UNKNOWN");
  }
  return json;
}

let tokenRequest: Promise<SearchToken> | null = null;
/** The token tokenRequest resolved to; null while it is pending. */
let tokenValue: SearchToken | null = null;

function isFresh(token: SearchToken): boolean {
  return token.expiresAt - RENEW_MARGIN_MS > Date.now();
}

async function requestToken(): Promise<SearchToken> {
  const answer = (await post("/google-enterprise/token", undefined, null)) as {
    data?: { access_token?: unknown; expires_in?: unknown; dataStore?: unknown; engineName?: unknown };
  };
  const data = answer?.data;
  if (
    typeof data?.access_token !== "string" ||
    typeof data.dataStore !== "string" ||
    typeof data.engineName !== "string"
  ) {
    throw new SearchRequestError(200, "MALFORMED_TOKEN_ANSWER");
  }
  const seconds = typeof data.expires_in === "number" ? data.expires_in : 0;
  return {
    accessToken: data.access_token,
    dataStore: data.dataStore,
    engineName: data.engineName,
    expiresAt: Date.now() + seconds * 1000,
  };
}

/** The page's search token: fetched once and shared by every box, renewed near expiry or after a failure. */
export function getSearchToken(): Promise<SearchToken> {
  const pendingOrFresh = tokenRequest && (tokenValue === null || isFresh(tokenValue));
  if (tokenRequest && pendingOrFresh) return tokenRequest;
  tokenValue = null;
  const request = requestToken().then(
    (token) => {
      if (tokenRequest === request) tokenValue = token;
      return token;
    },
    (error: unknown) => {
      if (tokenRequest === request) tokenRequest = null;
      throw error;
    },
  );
  tokenRequest = request;
  return request;
}

function forgetToken(token: SearchToken): void {
  if (tokenValue === token) {
    tokenRequest = null;
    tokenValue = null;
  }
}

/** Runs a call with the token; a 401 (expired, or signed by a node with another secret) renews it once. */
async function withToken<T>(call: (token: SearchToken) => Promise<T>): Promise<T> {
  const token = await getSearchToken();
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof SearchRequestError) || error.status !== 401) throw error;
    forgetToken(token);
    return call(await getSearchToken());
  }
}

export async function fetchSuggestions(word: string): Promise<string[]> {
  return withToken(async (token) => {
    const answer = (await post(
      "/google-enterprise/autocomplete",
      { dataStore: token.dataStore, query: word },
      token.accessToken,
    )) as {
      querySuggestions?: { suggestion?: unknown }[];
    };
    return (answer?.querySuggestions ?? []).flatMap((item) =>
      typeof item.suggestion === "string" ? [item.suggestion] : [],
    );
  });
}

/** Token and suggestion failures are reported. Reporting never fails the caller. */
export function reportSearchFailure(
  stage: "token" | "suggestions",
  error: unknown,
  params: Record<string, unknown> = {},
): void {
  const detail =
    error instanceof SearchRequestError
      ? `${error.status} ${error.code}`
      : error instanceof Error
        ? error.name
        : "unknown";
  post(
    "/reporting",
    { error: `search.${stage}: ${detail}`.slice(0, 2000), params: { ...params, page: window.location.pathname } },
    null,
    true,
  ).catch(() => {});
}

const PSEUDO_ID_KEY = "travesia.search.pseudoId";

/** A random id for this browser tab's session: analytics can tell sessions apart, never people. */
export function userPseudoId(): string {
  try {
    const existing = window.sessionStorage.getItem(PSEUDO_ID_KEY);
    if (existing) return existing;
    const created = randomId();
    window.sessionStorage.setItem(PSEUDO_ID_KEY, created);
    return created;
  } catch {
    // Storage refused (private mode, disabled): an id for this page only.
    return randomId();
  }
}

/** 128 random bits as hex; getRandomValues works on plain http too, unlike randomUUID. */
function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export interface ResultClick {
  query: string;
  documentId: string;
  url: string;
  /** 1-based rank of the clicked result. */
  position: number;
  attributionToken: string;
}

/** A result clicked at a position. Sent with keepalive so navigation cannot cut it. */
export function sendResultClick(click: ResultClick): void {
  const from = hostPath();
  withToken((token) =>
    post(
      "/google-enterprise/analytics",
      {
        dataStore: token.dataStore,
        searchQuery: click.query,
        userPseudoId: userPseudoId(),
        documents: [{ id: click.documentId, uri: click.url }],
        eventType: "search",
        selectedPosition: click.position,
        attributionToken: click.attributionToken,
      },
      token.accessToken,
      true,
      from,
    ),
  ).catch(() => {});
}
