// Server rendering: the default Node entry plus a CSP nonce on every script React writes, hydration
// preloads at low priority (module-preload-priority.server.ts), the route table cut to the routes the
// page uses (route-subset.server.ts), the shell's on-demand parts loaded before the first render, and
// render errors logged at error level with the request id.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  ServerRouter,
  isRouteErrorResponse,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { requestContext } from "../server/edge/index.ts";
import { ServerMarkupContext, documentMarkupSlot } from "../lib/content/server-markup.ts";
import { everyOnDemandPartLoaded } from "./components/ui/hydrate-on-demand.tsx";
import { lowPriorityPreloads } from "./module-preload-priority.server.ts";
import { withRoutesOfPage } from "./route-subset.server.ts";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, logger } = loadContext.get(requestContext);
  // Waits only after a start: the shell's on-demand parts then render where they stand (no shift).
  await everyOnDemandPartLoaded();

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      // Markup loaders left out of the document's data (ADR 0072): the render still writes it.
      <ServerMarkupContext.Provider value={loadContext.get(documentMarkupSlot)}>
        <ServerRouter context={withRoutesOfPage(routerContext)} url={request.url} nonce={nonce} />
      </ServerMarkupContext.Provider>,
      {
        nonce,
        // The shell's on-demand parts are Suspense boundaries (ADR 0054): React would send one larger
        // than its chunk size after the rest of the page, behind a script that moves it into place.
        // Every boundary here renders without waiting, so it is written where it stands.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const html = lowPriorityPreloads();
          html.pipe(body);
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(html);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "streaming render error");
        },
      },
    );
  });
}

/** Every server-side loader, action and render failure, except aborted requests. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { logger } = (context as RouterContextProvider).get(requestContext);
  // A thrown 4xx response (not found, method not allowed) is the visitor's mistake, not ours.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.warn({ status: error.status, url: request.url }, "request refused");
    return;
  }
  logger.error({ err: error, url: request.url }, "render failure");
};
