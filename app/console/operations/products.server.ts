// The console's products page: every product, retired ones included, each with a button to retire it
// or put it back on sale and a link to its edit form (texts, picture uploaded or by address, bands);
// forms for a new product and a new complement; the parks and tours sold by the day (activities), each
// with its hours and capacity to change, and a form for a new one. The use cases are in
// flows/product-admin.ts and flows/activity-admin.ts; after a change the site search is rebuilt at
// once, so a retired or renamed product is found as it now is.
import { data, redirect, type RouterContextProvider } from "react-router";
import { changeActivity, createActivity } from "../../../flows/activity-admin.ts";
import {
  changeProduct,
  createComplement,
  createProduct,
  setProductOnSale,
  type PictureUpload,
} from "../../../flows/product-admin.ts";
import type { LocalizedText } from "../../../lib/db.ts";
import type { Language } from "../../../lib/language.ts";
import type { AuditActor } from "../../../modules/audit/index.ts";
import {
  FARE_FIELDS,
  findProductForEdit,
  findProductRecords,
  type ProductForEdit,
  type ProductRecord,
} from "../../../modules/catalog/index.ts";
import {
  findActivities,
  findActivityRecord,
  type ActivityRecord,
  type OpeningHours,
  type WeekdayHours,
} from "../../../modules/inventory/index.ts";
import { servicesContext } from "../../../server/edge/index.ts";
import { field, integerField, refusalOf, staffDepsOf, type Refusal } from "./shared.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const DONE = [
  "productAdded",
  "productRetired",
  "productReinstated",
  "productChanged",
  "complementAdded",
  "activityAdded",
  "activityChanged",
] as const;
type DoneKind = (typeof DONE)[number];
/** The bookings ahead named on the page after a retirement; the audit entry keeps them all. */
const AHEAD_SHOWN = 20;

export interface ProductsPageData {
  products: (ProductRecord & { label: string; activity: string | null })[];
  activities: { id: number; name: string; code: string; dailyCapacity: number; hours: OpeningHours[] }[];
  /** The product whose edit form is open (`?edit=<id>`), with its name in the operator's language. */
  editing: (ProductForEdit & { label: string }) | null;
  /** The activity whose form is open (`?activity=<id>`); null: the form makes a new one. */
  activity: ActivityRecord | null;
  /** On retiring: how many bookings ahead still travel with it, and the first of them by reference. */
  done: { kind: DoneKind; name: string; aheadCount: number; bookingsAhead: string[] } | null;
}

export async function loadProductsPage(args: Args, language: Language): Promise<ProductsPageData> {
  const services = args.context.get(servicesContext);
  const url = new URL(args.request.url);
  const [products, activities] = await Promise.all([
    findProductRecords(services.db),
    findActivities(services.db, language),
  ]);
  const editId = Number(url.searchParams.get("edit") ?? "");
  const activityId = Number(url.searchParams.get("activity") ?? "");
  const [editing, activity] = await Promise.all([
    Number.isSafeInteger(editId) && editId > 0 ? findProductForEdit(services.db, editId) : null,
    Number.isSafeInteger(activityId) && activityId > 0 ? findActivityRecord(services.db, activityId) : null,
  ]);
  const kind = DONE.find((candidate) => candidate === url.searchParams.get("done")) ?? null;
  const ahead = (url.searchParams.get("ahead") ?? "")
    .split(",")
    .filter((reference) => /^[A-Z0-9]{4,12}$/.test(reference))
    .slice(0, AHEAD_SHOWN);
  const aheadCount = Math.max(Number(url.searchParams.get("count") ?? "0") || 0, ahead.length);
  return {
    products: products.map((product) => ({
      ...product,
      label: product.name[language],
      activity: activities.find((activity) => activity.id === product.activityId)?.name ?? null,
    })),
    activities: activities.map(({ id, name, code, dailyCapacity, hours }) => ({
      id,
      name,
      code,
      dailyCapacity,
      hours,
    })),
    editing: editing ? { ...editing, label: editing.name[language] } : null,
    activity,
    done: kind
      ? { kind, name: (url.searchParams.get("name") ?? "").slice(0, 120), aheadCount, bookingsAhead: ahead }
      : null,
  };
}

const localized = (form: FormData, name: string, max: number): LocalizedText => ({
  es: field(form, `${name}.es`, max),
  en: field(form, `${name}.en`, max),
  pt: field(form, `${name}.pt`, max),
});

/** Pesos as typed ("1499", "1,499.50", "1499,5"), in minor units; blank is none, anything else NaN (refused). */
function pesos(form: FormData, name: string): number | null {
  const text = field(form, name, 20).replace(/\s/g, "");
  if (text === "") return null;
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]!.replace(/,/g, "")) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** A product's texts and picture address as typed: the new-product and edit forms send the same fields. */
function productTextsOf(form: FormData) {
  return {
    name: localized(form, "name", 81),
    summary: localized(form, "summary", 301),
    description: localized(form, "description", 4001),
    image: field(form, "image", 300),
    imageAlt: localized(form, "imageAlt", 161),
  };
}

function productDraftOf(form: FormData) {
  return {
    code: field(form, "code", 41),
    kind: field(form, "kind", 30),
    activityId: integerField(form, "activityId") ?? 0,
    ...productTextsOf(form),
    childFromAge: integerField(form, "childFromAge") ?? Number.NaN,
    adultFromAge: integerField(form, "adultFromAge") ?? Number.NaN,
    fares: Object.fromEntries(FARE_FIELDS.map((name) => [name, pesos(form, name)])) as Record<
      (typeof FARE_FIELDS)[number],
      number | null
    >,
    sortOrder: integerField(form, "sortOrder") ?? 0,
  };
}

function productChangeOf(form: FormData) {
  const childFromAge = integerField(form, "childFromAge");
  const adultFromAge = integerField(form, "adultFromAge");
  const hasBands = form.has("childFromAge") || form.has("adultFromAge");
  return {
    ...productTextsOf(form),
    bands: hasBands ? { childFromAge: childFromAge ?? Number.NaN, adultFromAge: adultFromAge ?? Number.NaN } : null,
    sortOrder: integerField(form, "sortOrder") ?? 0,
  };
}

/** The file sent as the picture, if any (a form sent without one has an empty file or none). */
async function uploadOf(form: FormData): Promise<PictureUpload> {
  const file = form.get("pictureFile");
  if (!(file instanceof File) || file.size === 0) return null;
  return new Uint8Array(await file.arrayBuffer());
}

/** Each weekday's opening and closing times as typed; both blank is a closed day. */
function hoursOf(form: FormData): WeekdayHours[] {
  return [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => {
    const opens = field(form, `opens.${weekday}`, 8);
    const closes = field(form, `closes.${weekday}`, 8);
    return opens === "" && closes === "" ? [] : [{ weekday, opens, closes }];
  });
}

function activityDraftOf(form: FormData) {
  return {
    code: field(form, "code", 41),
    name: localized(form, "name", 81),
    dailyCapacity: integerField(form, "dailyCapacity") ?? Number.NaN,
    hours: hoursOf(form),
  };
}

function complementDraftOf(form: FormData) {
  return {
    admissionId: integerField(form, "admissionId") ?? 0,
    upgradeId: integerField(form, "upgradeId") ?? 0,
    code: field(form, "code", 41),
    businessUnit: field(form, "businessUnit", 81),
    businessUnitCode: field(form, "businessUnitCode", 11),
    image: field(form, "image", 300),
    title: localized(form, "title", 121),
    subtitle: localized(form, "subtitle", 201),
    text: localized(form, "text", 4001),
  };
}

export async function submitProductsPage(args: Args, actor: AuditActor, language: Language) {
  const form = await args.request.formData().catch(() => new FormData());
  const intent = field(form, "intent", 20);
  const deps = staffDepsOf(args, actor);
  const services = args.context.get(servicesContext);
  const page = new URL(args.request.url).pathname;
  const back = async (done: DoneKind, name: string, ahead: string[] = []) => {
    // A product retired or added shows (or stops showing) in the site search now, not when the index next goes stale.
    await services.search.rebuild().catch(() => undefined);
    const named = ahead.length > 0 ? `&count=${ahead.length}&ahead=${ahead.slice(0, AHEAD_SHOWN).join(",")}` : "";
    const query = `done=${done}&name=${encodeURIComponent(name)}${named}`;
    return redirect(`${page}?${query}`, { headers: { "Cache-Control": "no-store" } });
  };
  const id = integerField(form, "id");
  try {
    if (intent === "add-product") {
      const product = await createProduct(deps, productDraftOf(form), await uploadOf(form));
      return await back("productAdded", product.name[language]);
    }
    if (intent === "edit-product") {
      const product = await changeProduct(deps, id ?? 0, productChangeOf(form), await uploadOf(form));
      return await back("productChanged", product.name[language]);
    }
    if (intent === "add-activity") {
      const activity = await createActivity(deps, activityDraftOf(form));
      return await back("activityAdded", activity.name[language]);
    }
    if (intent === "edit-activity") {
      const activity = await changeActivity(deps, id ?? 0, activityDraftOf(form));
      return await back("activityChanged", activity.name[language]);
    }
    if (intent === "retire" || intent === "reinstate") {
      const change = await setProductOnSale(deps, id ?? 0, intent === "reinstate");
      const name = change.product.name[language];
      return await back(intent === "retire" ? "productRetired" : "productReinstated", name, change.bookingsAhead);
    }
    if (intent === "add-complement") {
      const complement = await createComplement(deps, complementDraftOf(form));
      return await back("complementAdded", complement.code);
    }
  } catch (error) {
    const target = intent.startsWith("add-")
      ? `new-${intent.slice(4)}`
      : intent.startsWith("edit-")
        ? intent
        : id === null
          ? null
          : `product-${id}`;
    return refusalOf(error, intent, target);
  }
  const refusal: Refusal = {
    intent,
    target: null,
    code: "INVALID_REQUEST",
    issues: [{ path: "intent", code: "unknown" }],
  };
  return data({ refusal }, { status: 400 });
}
