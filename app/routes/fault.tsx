// Fault injection for end-to-end tests of the error screen against the production
// build: `?where=server` fails while the server renders, `?where=client` fails in the browser right
// after hydration. Off unless ENABLE_FAULT_ROUTES=true; then, and for any other `where`, it is the
// normal localized 404.
import { useSyncExternalStore } from "react";
import { data } from "react-router";
import { servicesContext } from "../../server/edge/index.ts";
import NotFound from "./not-found.tsx";
import type { Route } from "./+types/fault";

const FAULTS = ["server", "client"] as const;
type Fault = (typeof FAULTS)[number];

function isFault(value: string | null): value is Fault {
  return (FAULTS as readonly (string | null)[]).includes(value);
}

export function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  const where = new URL(request.url).searchParams.get("where");
  if (!config.ENABLE_FAULT_ROUTES || !isFault(where)) return data({ fault: null }, { status: 404 });
  return data({ fault: where }, { headers: { "Cache-Control": "no-store" } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function FaultPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.fault === "server") throw new Error("Injected fault: server render failure");
  if (loaderData.fault === "client") return <ClientFault />;
  return <NotFound />;
}

const subscribeToNothing = () => () => {};

/** Renders nothing on the server and during hydration, then throws on the first client render. */
function ClientFault() {
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  if (hydrated) throw new Error("Injected fault: client render failure");
  return <div data-testid="client-fault" />;
}
