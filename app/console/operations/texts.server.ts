// The console's texts page: the complements' titles, subtitles and descriptions in es, en
// and pt, and the content slots' variants (a new published version per edit). HTML is sanitized by
// the modules before it is stored.
import { data, redirect, type RouterContextProvider } from "react-router";
import { changeComplementOffers, changeComplementTexts } from "../../../flows/pricing-admin.ts";
import {
  addAudience,
  changeAudience,
  changeSlot,
  changeSlotVariant,
  createSlot,
  retireAudience,
  type SlotDraft,
} from "../../../flows/content-admin.ts";
import type { AuditActor } from "../../../modules/audit/index.ts";
import {
  findComplementOffers,
  findComplementTexts,
  findProducts,
  type ComplementTexts,
} from "../../../modules/catalog/index.ts";
import { LANGUAGES, type Language } from "../../../lib/language.ts";
import { SLOT_POSITIONS } from "../../../lib/routing/content-slots.ts";
import { pathOf } from "../../../lib/routing/localized-paths.ts";
import { findSlotOverviews, type SlotOverview } from "../../../modules/personalization/index.ts";
import { servicesContext } from "../../../server/edge/index.ts";
import { field, integerField, refusalOf, staffDepsOf, type Refusal } from "./shared.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export interface TextsPageData {
  /** Each complement with the products it is offered with (none: retired). */
  complements: (ComplementTexts & { offeredWith: number[] })[];
  /** Every product a complement may be offered with, named in the operator's language. */
  products: { id: number; name: string }[];
  slots: SlotOverview[];
  /** The named positions a slot may be added at, with the page (in the operator's language) that shows each. */
  positions: { position: string; path: string }[];
  done: (typeof DONE)[number] | null;
}

const DONE = [
  "complement",
  "offers",
  "slot",
  "audienceAdded",
  "audience",
  "audienceRetired",
  "slotAdded",
  "slotRetired",
  "slotReinstated",
  "slotMoved",
] as const;

/** The rule as typed: JSON, or undefined when it is not (the flow refuses it, audited, as not_json). */
function ruleOf(form: FormData, name = "audience"): never {
  try {
    return JSON.parse(field(form, name, 2000)) as never;
  } catch {
    return undefined as never;
  }
}

export async function loadTextsPage(args: Args, language: Language): Promise<TextsPageData> {
  const services = args.context.get(servicesContext);
  const done = new URL(args.request.url).searchParams.get("done");
  const [complements, slots, offers, products] = await Promise.all([
    findComplementTexts(services.db),
    findSlotOverviews(services.db),
    findComplementOffers(services.db),
    findProducts(services.db, language, { withComplements: false }),
  ]);
  return {
    complements: complements.map((complement) => ({
      ...complement,
      offeredWith: offers.get(complement.productId) ?? [],
    })),
    products: products.map((product) => ({ id: product.id, name: product.name })),
    slots,
    positions: SLOT_POSITIONS.map(({ position, pageId }) => ({ position, path: pathOf(pageId, language) })),
    done: DONE.find((kind) => kind === done) ?? null,
  };
}

const localized = (form: FormData, name: string, max: number) => ({
  es: field(form, `${name}.es`, max),
  en: field(form, `${name}.en`, max),
  pt: field(form, `${name}.pt`, max),
});

export async function submitTextsPage(args: Args, actor: AuditActor) {
  const services = args.context.get(servicesContext);
  const form = await args.request.formData().catch(() => new FormData());
  const intent = field(form, "intent", 20);
  const deps = staffDepsOf(args, actor);
  const back = (done: string) =>
    redirect(`${new URL(args.request.url).pathname}?done=${done}`, { headers: { "Cache-Control": "no-store" } });
  if (intent === "complement") {
    const id = integerField(form, "id");
    try {
      await changeComplementTexts(deps, id ?? 0, {
        titleDescription: localized(form, "title", 120),
        subtitleDescription: localized(form, "subtitle", 200),
        textDescription: localized(form, "text", 5000),
      });
      return back("complement");
    } catch (error) {
      return refusalOf(error, intent, id === null ? null : String(id));
    }
  }
  if (intent === "offers") {
    const id = integerField(form, "id");
    const productIds = form
      .getAll("offeredWith")
      .filter((value): value is string => typeof value === "string" && /^\d{1,9}$/.test(value))
      .slice(0, 100)
      .map(Number);
    try {
      await changeComplementOffers(deps, id ?? 0, productIds);
      return back("offers");
    } catch (error) {
      return refusalOf(error, "complement", id === null ? null : String(id));
    }
  }
  if (intent === "slot") {
    const slotId = field(form, "slotId", 64);
    const locale = field(form, "locale", 2);
    const name = field(form, "name", 64);
    const ctaLabel = field(form, "ctaLabel", 80);
    const ctaHref = field(form, "ctaHref", 300);
    const tone = field(form, "tone", 10);
    try {
      await changeSlotVariant(deps, {
        slotId,
        locale,
        name,
        content: {
          tone: tone === "resident" || tone === "cart" ? tone : "default",
          eyebrow: field(form, "eyebrow", 120),
          title: field(form, "title", 200),
          bodyHtml: field(form, "bodyHtml", 5000),
          cta: ctaLabel && ctaHref ? { label: ctaLabel, href: ctaHref } : null,
        },
      });
      // Visitors see the new version at once on this node, not after the content cache's minute.
      services.personalization.slots.clear();
      services.personalization.answers.clear();
      return back("slot");
    } catch (error) {
      return refusalOf(error, intent, `${slotId}:${locale}:${name}`);
    }
  }
  if (intent === "audience" || intent === "retire-audience" || intent === "add-audience") {
    const slotId = field(form, "slotId", 64);
    const locale = field(form, "locale", 2);
    const name = field(form, "name", 41);
    try {
      if (intent === "add-audience") {
        await addAudience(deps, {
          slotId,
          locale,
          name,
          audience: ruleOf(form),
          content: {
            tone: "default",
            eyebrow: "",
            title: field(form, "title", 200),
            bodyHtml: field(form, "bodyHtml", 5000),
            cta: null,
          },
        });
      } else if (intent === "audience") {
        await changeAudience(deps, { slotId, locale, name, audience: ruleOf(form) });
      } else {
        await retireAudience(deps, { slotId, locale, name });
      }
      services.personalization.slots.clear();
      services.personalization.answers.clear();
      return back(intent === "add-audience" ? "audienceAdded" : intent === "audience" ? "audience" : "audienceRetired");
    } catch (error) {
      return refusalOf(
        error,
        intent === "add-audience" ? intent : "audience",
        intent === "add-audience" ? `${slotId}:new` : `${slotId}:${locale}:${name}`,
      );
    }
  }
  if (intent === "add-slot" || intent === "retire-slot" || intent === "reinstate-slot" || intent === "place-slot")
    return submitSlot(args, deps, intent, form);
  const refusal: Refusal = {
    intent,
    target: null,
    code: "INVALID_REQUEST",
    issues: [{ path: "intent", code: "unknown" }],
  };
  return data({ refusal }, { status: 400 });
}

const perLanguage = (form: FormData, name: string, max: number) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, field(form, `${name}.${language}`, max)])) as Record<
    Language,
    string
  >;

/** The new slot's form: its texts in every language, and an audience when a name or a rule is given. */
function slotDraftOf(form: FormData): SlotDraft {
  const eyebrow = perLanguage(form, "eyebrow", 120);
  const title = perLanguage(form, "title", 200);
  const body = perLanguage(form, "bodyHtml", 5000);
  const ctaLabel = perLanguage(form, "ctaLabel", 80);
  const ctaHref = perLanguage(form, "ctaHref", 300);
  const audienceName = field(form, "audienceName", 41);
  const withAudience = audienceName !== "" || field(form, "audience", 2000) !== "";
  return {
    code: field(form, "code", 41),
    description: field(form, "description", 201),
    position: field(form, "position", 64),
    texts: Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        {
          eyebrow: eyebrow[language],
          title: title[language],
          bodyHtml: body[language],
          ctaLabel: ctaLabel[language],
          ctaHref: ctaHref[language],
        },
      ]),
    ) as SlotDraft["texts"],
    audience: withAudience
      ? {
          name: audienceName,
          rule: ruleOf(form),
          title: perLanguage(form, "audienceTitle", 200),
          body: perLanguage(form, "audienceBody", 5000),
        }
      : null,
  };
}

/** Adding a slot, retiring it, putting it back, or moving it and renaming it. */
async function submitSlot(
  args: Args,
  deps: ReturnType<typeof staffDepsOf>,
  intent: "add-slot" | "retire-slot" | "reinstate-slot" | "place-slot",
  form: FormData,
) {
  const services = args.context.get(servicesContext);
  const slotId = field(form, "slotId", 64);
  try {
    if (intent === "add-slot") await createSlot(deps, slotDraftOf(form));
    else if (intent === "place-slot")
      await changeSlot(deps, slotId, {
        position: field(form, "position", 64),
        description: field(form, "description", 201),
      });
    else await changeSlot(deps, slotId, { active: intent === "reinstate-slot" });
    // This node's visitors meet the change at once; every node reads a position's slot on each render.
    services.personalization.slots.clear();
    services.personalization.answers.clear();
    const done = { "add-slot": "slotAdded", "retire-slot": "slotRetired", "reinstate-slot": "slotReinstated" } as const;
    return redirect(
      `${new URL(args.request.url).pathname}?done=${intent === "place-slot" ? "slotMoved" : done[intent]}`,
      {
        headers: { "Cache-Control": "no-store" },
      },
    );
  } catch (error) {
    if (intent !== "add-slot") return refusalOf(error, "slot-place", slotId);
    // Without JavaScript the refused page is a new document: the form is filled again from what was sent.
    const sent = Object.fromEntries(
      [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string").slice(0, 60),
    );
    return refusalOf(error, intent, "new", { sent });
  }
}
