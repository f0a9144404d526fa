// What checkout's use cases need, built in one place from the process's services: the return page,
// the webhook and the payment form all confirm or place with the same deps, and a booking that gets
// its tickets always queues their e-mail in the same transaction.
import type { Clock } from "../lib/clock.ts";
import type { Config } from "../lib/config.ts";
import type { Database } from "../lib/db.ts";
import type { PaymentProvider } from "../modules/payments/index.ts";
import { enqueueBookingEmail } from "./booking-email.ts";
import type { CheckoutDeps } from "./checkout.ts";

export interface CheckoutServices {
  db: Database;
  payments: PaymentProvider;
  clock: Clock;
  config: Pick<Config, "GUEST_ACCESS_SECRET" | "CART_HOLD_SECONDS">;
}

export type ConfirmDeps = CheckoutDeps & {
  holdSeconds: number;
  onTicketed: (tx: Database, booking: { id: string }) => Promise<void>;
};

export function checkoutDeps(services: CheckoutServices, now: Date = services.clock.now()): ConfirmDeps {
  return {
    db: services.db,
    provider: services.payments,
    now,
    guestAccessSecret: services.config.GUEST_ACCESS_SECRET,
    holdSeconds: services.config.CART_HOLD_SECONDS,
    onTicketed: async (tx, booking) => {
      await enqueueBookingEmail(tx, booking.id, "confirmation");
    },
  };
}
