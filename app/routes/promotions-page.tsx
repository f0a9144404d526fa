// The promotions page: its editorial text, led by the promotions content slot, whose variant
// depends on the visitor (residents of Quintana Roo, a returning visitor with a cart, anyone else).
import { data } from "react-router";
import { SlotBanner } from "../components/personalization/slot-banner.tsx";
import { ContentArticle } from "../components/content/content-article.tsx";
import { loadContentView } from "../content/content-view.server.ts";
import { contentMeta } from "../content/meta.ts";
import { loadSlot } from "../personalization/slot.server.ts";
import { PROMOTIONS_BANNER_SLOT } from "../../lib/routing/content-slots.ts";
import type { Route } from "./+types/promotions-page";

export async function loader({ request, context }: Route.LoaderArgs) {
  const view = await loadContentView(request, context, "promotions");
  const slot = await loadSlot(request, context, PROMOTIONS_BANNER_SLOT, view.language);
  return data({ ...view, banner: slot.banner }, { headers: slot.headers });
}

/** The banner decides how the page may be cached: `private, no-store` for a visitor's own, Vary for an anonymous one. */
export { loaderCacheHeaders as headers } from "../routing/cache-headers.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => contentMeta(loaderData);

export default function PromotionsPage({ loaderData }: Route.ComponentProps) {
  const { banner, ...view } = loaderData;
  return <ContentArticle view={view} lead={banner ? <SlotBanner banner={banner} /> : undefined} />;
}
