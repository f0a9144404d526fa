// The console's page for changing a sold booking (flows/booking-care.ts): the buyer's details, the
// tickets sent again, and each dated line moved to other sailings (live tickets only). The loader
// reads the booking and, for each ferry line, the sailings of its crossings on the day asked for.
import { randomUUID } from "node:crypto";
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { editBuyerDetails, moveLiveTickets, resendTickets } from "../../../flows/booking-care.ts";
import { languageOfPath, type Language } from "../../../lib/language.ts";
import type { AuditActor } from "../../../modules/audit/index.ts";
import { findProducts } from "../../../modules/catalog/index.ts";
import {
  findBooking,
  findBookingLines,
  findTickets,
  normalizeReference,
  type BookingRow,
} from "../../../modules/bookings/index.ts";
import { findCrossings, findDaySailings, findSailing, isLocalDate } from "../../../modules/inventory/index.ts";
import { servicesContext } from "../../../server/edge/index.ts";
import { field, integerField, refusalOf, staffDepsOf } from "../operations/shared.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export interface SailingChoice {
  id: number;
  time: string;
  seatsLeft: number;
  unavailable: boolean;
}

export interface CareLine {
  id: string;
  kind: "ferry" | "activity";
  product: string;
  trip: string;
  serviceDate: string | null;
  returnDate: string | null;
  live: number;
  cancelled: number;
  boarded: number;
  /** Ferry lines: each leg's crossing and current sailing, with the sailings of the day asked for. */
  legs: {
    leg: "outbound" | "inbound";
    route: string;
    current: { id: number; date: string; time: string };
    date: string;
    sailings: SailingChoice[];
  }[];
}

export interface CarePageData {
  reference: string;
  booking: {
    reference: string;
    status: BookingRow["status"];
    name: string;
    email: string;
    phone: string;
    language: string;
  } | null;
  lines: CareLine[];
  formKey: string;
  done: "buyer" | "resend" | "resend_again" | "move" | null;
}

const QuerySchema = z.object({
  ref: z.string().max(20).optional().catch(undefined),
  date: z.string().max(10).optional().catch(undefined),
  returnDate: z.string().max(10).optional().catch(undefined),
  done: z.enum(["buyer", "resend", "resend_again", "move"]).optional().catch(undefined),
});

async function legsOf(
  args: Args,
  line: Awaited<ReturnType<typeof findBookingLines>>[number],
  language: Language,
  asked: { date: string | null; returnDate: string | null },
) {
  const services = args.context.get(servicesContext);
  const now = services.clock.now();
  const crossings = await findCrossings(services.db, language);
  const legs: CareLine["legs"] = [];
  for (const [leg, sailingId, day] of [
    ["outbound", line.outboundSailingId, asked.date],
    ["inbound", line.inboundSailingId, asked.returnDate],
  ] as const) {
    if (sailingId === null) continue;
    const current = await findSailing(services.db, sailingId, now);
    const crossing = crossings.find((candidate) => candidate.id === current.crossingId);
    const date = day && isLocalDate(day) ? day : current.serviceDate;
    const sailings = await findDaySailings(services.db, [current.crossingId], date, now);
    legs.push({
      leg,
      route: crossing ? `${crossing.from.name} → ${crossing.to.name}` : "",
      current: { id: current.id, date: current.serviceDate, time: current.time },
      date,
      sailings: sailings.map((sailing) => ({
        id: sailing.id,
        time: sailing.time,
        seatsLeft: sailing.seatsLeft,
        unavailable: sailing.status !== "available" && sailing.status !== "check_in_closed",
      })),
    });
  }
  return legs;
}

export async function loadBookingCarePage(args: Args): Promise<CarePageData> {
  const services = args.context.get(servicesContext);
  const url = new URL(args.request.url);
  const language = languageOfPath(url.pathname);
  const query = QuerySchema.parse(Object.fromEntries(url.searchParams));
  const reference = normalizeReference(query.ref ?? "");
  const booking = reference ? await findBooking(services.db, { reference }) : null;
  const page: CarePageData = {
    reference: query.ref ?? "",
    booking: null,
    lines: [],
    formKey: randomUUID(),
    done: query.done ?? null,
  };
  if (!booking) return page;
  const [lines, tickets] = await Promise.all([
    findBookingLines(services.db, booking.id),
    findTickets(services.db, booking.id),
  ]);
  const products = await findProducts(services.db, language, {
    ids: [...new Set(lines.map((line) => line.productId))],
    withComplements: false,
  });
  page.booking = {
    reference: booking.reference,
    status: booking.status,
    name: booking.buyerName,
    email: booking.buyerEmail,
    phone: booking.buyerPhone,
    language: booking.language,
  };
  for (const line of lines) {
    const ofLine = tickets.filter((ticket) => ticket.bookingLineId === line.id);
    page.lines.push({
      id: line.id,
      kind: line.kind,
      product: products.find((product) => product.id === line.productId)?.name ?? String(line.productId),
      trip: line.trip,
      serviceDate: line.serviceDate,
      returnDate: line.returnDate,
      live: ofLine.filter((ticket) => ticket.status === "valid").length,
      cancelled: ofLine.filter((ticket) => ticket.status === "void").length,
      boarded: ofLine.filter((ticket) => ticket.status === "used").length,
      legs:
        line.kind === "ferry" && line.trip !== "open"
          ? await legsOf(args, line, language, { date: query.date ?? null, returnDate: query.returnDate ?? null })
          : [],
    });
  }
  return page;
}

export async function submitBookingCarePage(args: Args, actor: AuditActor) {
  const form = await args.request.formData().catch(() => new FormData());
  const intent = field(form, "intent", 20);
  const reference = field(form, "reference", 20);
  const key = field(form, "key", 64);
  const deps = staffDepsOf(args, actor);
  const back = (done: CarePageData["done"]) => {
    const url = new URL(args.request.url);
    return redirect(`${url.pathname}?${new URLSearchParams({ ref: reference, done: done ?? "" }).toString()}`, {
      headers: { "Cache-Control": "no-store" },
    });
  };
  try {
    if (intent === "buyer") {
      await editBuyerDetails(deps, {
        reference,
        name: field(form, "name", 120),
        email: field(form, "email", 260),
        phone: field(form, "phone", 40),
      });
      return back("buyer");
    }
    if (intent === "resend") {
      const sent = await resendTickets(deps, { reference, email: field(form, "email", 260), key });
      return back(sent.queued ? "resend" : "resend_again");
    }
    if (intent === "move") {
      const date = field(form, "date", 10);
      await moveLiveTickets(deps, {
        reference,
        lineId: field(form, "line", 40),
        outboundSailingId: integerField(form, "outbound"),
        inboundSailingId: integerField(form, "inbound"),
        date: date === "" ? null : date,
        key,
      });
      return back("move");
    }
    return data(
      { refusal: { intent, target: null, code: "INVALID_REQUEST", issues: [{ path: "intent", code: "unknown" }] } },
      { status: 400 },
    );
  } catch (error) {
    return refusalOf(error, intent, intent === "move" ? field(form, "line", 40) : null);
  }
}
