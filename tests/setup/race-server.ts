// What the server tier's race and fault suites set up alike: the sandbox payment provider reached
// in-process through the app's own routes, and a crossing's sailings on a day clear of the seed's
// demo day (3 days ahead), where the seed closes one sailing and charters another.
import type { Language } from "../../lib/language.ts";
import {
  addDays,
  findCrossings,
  findDaySailings,
  localDateOf,
  type Crossing,
  type SailingView,
} from "../../modules/inventory/index.ts";
import { createHttpPaymentProvider, type PaymentProvider } from "../../modules/payments/index.ts";
import { createApp } from "../../server/app.ts";
import type { Runtime } from "../../server/boot.ts";

const SEED_DEMO_DAY = 3;

/** The first crossing (in `language`'s words) and its sailings `daysAhead` days after `now`'s date. */
export async function sailingsOfDay(
  runtime: Runtime,
  daysAhead: number,
  now: Date,
  language: Language = "en",
): Promise<{ crossing: Crossing; sailings: SailingView[] }> {
  if (daysAhead === SEED_DEMO_DAY)
    throw new Error("the seed's demo day has a closed and a chartered sailing: race on another day");
  const [crossing] = await findCrossings(runtime.database.db, language);
  if (!crossing) throw new Error("the seed made no crossing");
  return {
    crossing,
    sailings: await findDaySailings(runtime.database.db, [crossing.id], addDays(localDateOf(now), daysAhead), now),
  };
}

/**
 * The app and the sandbox provider as the payments adapter calls it, through the app's routes without
 * a socket, with the runtime's keys. `afterAnswer` sees each of the provider's answers before the
 * adapter does (a fault suite cuts the link there).
 */
export function inProcessPaymentProvider(
  runtime: Runtime,
  afterAnswer?: (url: string, response: Response) => Promise<Response>,
): { app: ReturnType<typeof createApp>; provider: PaymentProvider } {
  const app = createApp(runtime.services, { ping: () => runtime.database.ping() });
  const { config } = runtime.services;
  const provider = createHttpPaymentProvider({
    baseUrl: "http://psp.test",
    secretKey: config.SANDBOX_PSP_SECRET_KEY,
    webhookSecret: config.SANDBOX_PSP_WEBHOOK_SECRET,
    fetch: async (input, init) => {
      const response = await app.request(new Request(input, init));
      return afterAnswer ? afterAnswer(String(input), response) : response;
    },
  });
  return { app, provider };
}
