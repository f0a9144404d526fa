// A product kind's cancellation policy as the pages draw it (CancellationPolicyNote): the same data
// `decideCancellation` applies, so what the buyer reads before paying is what a cancellation does.
import { cancellationPolicyOf } from "../../modules/bookings/index.ts";
import type { ProductKind } from "../../modules/catalog/index.ts";
import type { PolicyView } from "../components/booking/cancellation-policy.tsx";

export function policyViewOf(kind: ProductKind): PolicyView {
  const policy = cancellationPolicyOf(kind);
  return policy.kind === "tiered"
    ? { refundable: true, tiers: [...policy.tiers], dateChangeable: policy.dateChangeable }
    : { refundable: false, dateChangeable: policy.dateChangeable };
}
