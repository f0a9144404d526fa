// The waiting-list page's loader and action (ADR 0037). GET with `sailing` shows the join form for that
// sailing (passengers and fare carried over from the booking widget); GET with `token` shows an offer
// from the mail; the action joins (answers the place in line, or the coded refusal in the visitor's
// language with what was typed) or claims an offer (the seats go to the visitor's cart, then the cart
// page, as after any "add to cart"). Works without JavaScript.
import { data, redirect, type RouterContextProvider } from "react-router";
import { cartSessionCookie } from "../../lib/cart-session.ts";
import { AppError, isAppError } from "../../lib/errors.ts";
import { isLanguage, type Language } from "../../lib/language.ts";
import { claimWaitlistOffer, findOfferView, joinWaitingList, type OfferState } from "../../flows/waitlist.ts";
import { findCrossings, findSailing, isLocalDate } from "../../modules/inventory/index.ts";
import { OFFER_MINUTES } from "../../modules/waitlist/index.ts";
import { readCartSession } from "../cart/cart-session.server.ts";
import { formatLongDate } from "../components/booking/format.ts";
import {
  cartContextOf,
  formField,
  formValuesOf,
  pageStatusOf,
  readFormData,
  requestContext,
  servicesContext,
  findRequestCurrency,
} from "../../server/edge/index.ts";
import { pathOf } from "../../lib/routing/localized-paths.ts";

type Context = Readonly<RouterContextProvider>;

/** Joins per address: a family or a hotel's Wi-Fi joins a few lines, a script is stopped. */
const JOIN_LIMIT = { count: 10, windowSeconds: 600 };

export interface WaitlistSailingView {
  id: number;
  from: string;
  to: string;
  date: string;
  time: string;
  seatsLeft: number;
  status: string;
}

export interface WaitlistFormValues {
  email: string;
  adults: string;
  children: string;
  infants: string;
  category: "tourist" | "resident";
  language: Language;
}

export type WaitlistPageData =
  | { kind: "none" }
  | { kind: "invalid" }
  | { kind: "join"; sailing: WaitlistSailingView; values: WaitlistFormValues; offerMinutes: number }
  | {
      kind: "offer";
      state: OfferState;
      token: string;
      sailing: WaitlistSailingView;
      seats: number;
      expiresAt: string | null;
    };

export type WaitlistActionData =
  | { kind: "joined"; place: number; email: string; seats: number }
  | { kind: "join-error"; code: string; fields: string[]; values: WaitlistFormValues }
  | { kind: "claim-error"; code: string };

async function sailingView(context: Context, sailingId: number, language: Language): Promise<WaitlistSailingView> {
  const { db, clock } = context.get(servicesContext);
  const sailing = await findSailing(db, sailingId, clock.now());
  const crossing = (await findCrossings(db, language)).find((item) => item.id === sailing.crossingId);
  return {
    id: sailing.id,
    from: crossing?.from.name ?? "",
    to: crossing?.to.name ?? "",
    date: isLocalDate(sailing.serviceDate) ? formatLongDate(sailing.serviceDate, language) : sailing.serviceDate,
    time: sailing.time,
    seatsLeft: sailing.seatsLeft,
    status: sailing.status,
  };
}

function small(value: string | null, fallback: string): string {
  return value !== null && /^\d{1,3}$/.test(value) ? value : fallback;
}

export async function loadWaitlistPage(request: Request, context: Context, language: Language) {
  const { db, clock } = context.get(servicesContext);
  const url = new URL(request.url);
  const headers = { "Cache-Control": "no-store" };
  const token = url.searchParams.get("token");
  if (token !== null) {
    try {
      const offer = await findOfferView(db, token, clock.now());
      const page: WaitlistPageData = {
        kind: "offer",
        state: offer.state,
        token,
        sailing: await sailingView(context, offer.sailing.id, language),
        seats: offer.seats,
        expiresAt: offer.expiresAt,
      };
      return data(page, { headers });
    } catch (failure) {
      if (!isAppError(failure)) throw failure;
      return data({ kind: "invalid" } as WaitlistPageData, { status: pageStatusOf(failure), headers });
    }
  }
  const sailingParam = url.searchParams.get("sailing");
  if (sailingParam === null || !/^[1-9]\d{0,14}$/.test(sailingParam))
    return data({ kind: "none" } as WaitlistPageData, { headers });
  try {
    const category = url.searchParams.get("category") === "resident" ? "resident" : "tourist";
    const page: WaitlistPageData = {
      kind: "join",
      sailing: await sailingView(context, Number(sailingParam), language),
      values: {
        email: "",
        adults: small(url.searchParams.get("adults"), "1"),
        children: small(url.searchParams.get("children"), "0"),
        infants: small(url.searchParams.get("infants"), "0"),
        category,
        language,
      },
      offerMinutes: OFFER_MINUTES,
    };
    return data(page, { headers });
  } catch (failure) {
    if (!isAppError(failure)) throw failure;
    return data({ kind: "none" } as WaitlistPageData, { status: pageStatusOf(failure), headers });
  }
}

/** The join and claim forms' fields, as typed (the use case checks them and says which is wrong). */
const WAITLIST_FIELDS = {
  intent: formField.raw(),
  token: formField.raw(),
  sailing: formField.raw(),
  email: formField.raw(300),
  adults: formField.raw(5),
  children: formField.raw(5),
  infants: formField.raw(5),
  category: formField.raw(),
  language: formField.raw(),
};

export async function submitWaitlistForm(request: Request, context: Context, language: Language) {
  const services = context.get(servicesContext);
  const { db, clock, config, rateLimiter } = services;
  const { site, clientAddress } = context.get(requestContext);
  const form = formValuesOf(await readFormData(request), WAITLIST_FIELDS);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (form.intent === "claim") {
    const cartContext = cartContextOf(services, { siteCode: site.code, language, clientAddress });
    const sessionId = readCartSession(request);
    try {
      const currency = await findRequestCurrency(request, context, language);
      const added = await claimWaitlistOffer(
        db,
        { token: form.token, sessionId, currency: currency.isoCode },
        cartContext,
      );
      if (added.sessionId !== sessionId)
        headers.append("Set-Cookie", cartSessionCookie(added.sessionId, config.NODE_ENV === "production"));
      return redirect(`${pathOf("cart", language)}?updated=1`, { status: 303, headers });
    } catch (failure) {
      if (!isAppError(failure)) throw failure;
      const answer: WaitlistActionData = { kind: "claim-error", code: failure.code };
      return data(answer, { status: pageStatusOf(failure), headers });
    }
  }
  const chosenLanguage = form.language;
  const values: WaitlistFormValues = {
    email: form.email,
    adults: form.adults,
    children: form.children,
    infants: form.infants,
    category: form.category === "resident" ? "resident" : "tourist",
    language: isLanguage(chosenLanguage) ? chosenLanguage : language,
  };
  try {
    if (form.intent !== "join")
      throw new AppError("INVALID_REQUEST", { issues: [{ path: "body.intent", code: "unknown_intent" }] });
    // No double opt-in (ADR 0037): what keeps a script from filling lines with others' addresses is this limit.
    await rateLimiter.take([{ key: `waitlist-join:${clientAddress}`, limit: JOIN_LIMIT }], clock.now());
    const joined = await joinWaitingList(
      { db, now: clock.now() },
      {
        sailing: form.sailing,
        email: values.email,
        adults: values.adults,
        children: values.children,
        infants: values.infants,
        category: form.category,
        language: chosenLanguage,
      },
    );
    const answer: WaitlistActionData = {
      kind: "joined",
      place: joined.place,
      email: values.email.trim(),
      seats: joined.seats,
    };
    return data(answer, { headers });
  } catch (failure) {
    if (!isAppError(failure)) throw failure;
    const answer: WaitlistActionData = {
      kind: "join-error",
      code: failure.code,
      fields: failure.issues.map((issue) => `${issue.path}:${issue.code}`),
      values,
    };
    return data(answer, { status: pageStatusOf(failure), headers });
  }
}
