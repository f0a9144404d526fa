// A booking as the ticket renderers receive it: a family's round trip to Isla Mujeres (two adults, one
// of them at the resident fare, and a child) plus an open activity coupon.
import { signTicketCode, type BookingDocument, type TicketDocument } from "../../modules/booking-documents/index.ts";

export const TEST_TICKET_SECRET = "test-ticket-signing-secret-0123456789";

const PORTS = {
  es: { cancun: "Cancún (Puerto Juárez)", isla: "Isla Mujeres" },
  en: { cancun: "Cancún (Puerto Juárez)", isla: "Isla Mujeres" },
  pt: { cancun: "Cancún (Puerto Juárez)", isla: "Isla Mujeres" },
} as const;

const PRODUCTS = {
  es: { ferry: "Ferry Cancún – Isla Mujeres", park: "Parque Garrafón: acceso con snorkel" },
  en: { ferry: "Ferry Cancún – Isla Mujeres", park: "Garrafón Park: entry with snorkel" },
  pt: { ferry: "Ferry Cancún – Isla Mujeres", park: "Parque Garrafón: entrada com snorkel" },
} as const;

export function bookingDocument(
  language: BookingDocument["language"] = "es",
  overrides: Partial<BookingDocument> = {},
): BookingDocument {
  const reference = "7K2M9Q";
  let sequence = 0;
  const ticket = (fields: Omit<TicketDocument, "code" | "qrPayload">): TicketDocument => {
    sequence += 1;
    const code = `TRV-${reference}-${String(sequence).padStart(2, "0")}`;
    return { code, qrPayload: signTicketCode(TEST_TICKET_SECRET, code), ...fields };
  };
  const outbound = {
    kind: "ferry" as const,
    productName: PRODUCTS[language].ferry,
    date: "2026-03-07",
    time: "09:30",
    from: PORTS[language].cancun,
    to: PORTS[language].isla,
    validUntil: null,
    startsAt: "2026-03-07T14:30:00.000Z",
    endsAt: "2026-03-07T14:50:00.000Z",
  };
  const inbound = {
    ...outbound,
    time: "17:00",
    from: PORTS[language].isla,
    to: PORTS[language].cancun,
    startsAt: "2026-03-07T22:00:00.000Z",
    endsAt: "2026-03-07T22:20:00.000Z",
  };
  return {
    reference,
    language,
    buyerName: "José Peña Ñúñez",
    buyerEmail: "jose@example.com",
    placedAt: "2026-03-01T18:04:05.000Z",
    total: "$1,270.00 MXN",
    paymentSummary: "Visa •••• 4242",
    manageUrl: `https://travesia.example/${language}/booking/${reference}?t=abc`,
    siteOrigin: "https://travesia.example",
    tickets: [
      ticket({ ...outbound, passengerType: "adult", passengerName: "José Peña Ñúñez", fareCategory: "resident" }),
      ticket({ ...outbound, passengerType: "adult", passengerName: "Conceição Araújo", fareCategory: "tourist" }),
      ticket({ ...inbound, passengerType: "adult", passengerName: "José Peña Ñúñez", fareCategory: "resident" }),
      ticket({
        kind: "activity",
        productName: PRODUCTS[language].park,
        passengerType: "child",
        passengerName: null,
        fareCategory: "tourist",
        date: null,
        time: null,
        from: null,
        to: null,
        validUntil: "2027-03-01",
        startsAt: null,
        endsAt: null,
      }),
    ],
    ...overrides,
  };
}
