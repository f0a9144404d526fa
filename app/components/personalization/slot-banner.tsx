// A content slot's banner (home, promotions): the variant the server chose for this visitor, rendered
// in the first HTML. Its body HTML was sanitized by the personalization module's allow-list.
import { Link } from "react-router";
import { ArrowRightIcon, IdCardIcon, ShipIcon, TicketIcon } from "../ui/icons.tsx";
import { buttonClass } from "../ui/styles.ts";

/** What the banner shows: a slot answer of the personalization service. */
export interface SlotBannerView {
  slotId: string;
  variant: string;
  content: {
    tone: "default" | "resident" | "cart";
    eyebrow: string;
    title: string;
    bodyHtml: string;
    cta: { label: string; href: string } | null;
  };
}

const TONES: Record<SlotBannerView["content"]["tone"], { frame: string; badge: string; icon: typeof ShipIcon }> = {
  default: { frame: "bg-sea-900 text-white", badge: "bg-white/10 text-sea-100", icon: ShipIcon },
  resident: { frame: "bg-emerald-900 text-white", badge: "bg-white/10 text-emerald-50", icon: IdCardIcon },
  cart: { frame: "bg-coral-700 text-white", badge: "bg-white/15 text-white", icon: TicketIcon },
};

export function SlotBanner({ banner, headingLevel = "h2" }: { banner: SlotBannerView; headingLevel?: "h2" | "h3" }) {
  const { content } = banner;
  const tone = TONES[content.tone];
  const Icon = tone.icon;
  const Heading = headingLevel;
  const internal = content.cta?.href.startsWith("/") ?? false;
  return (
    <aside
      aria-label={content.eyebrow || content.title}
      data-testid="slot-banner"
      data-slot={banner.slotId}
      data-variant={banner.variant}
      className={`flex flex-col gap-5 rounded-3xl p-6 shadow-lg sm:flex-row sm:items-center sm:justify-between sm:p-8 ${tone.frame}`}
    >
      <div className="flex items-start gap-4">
        <span className={`hidden size-12 shrink-0 items-center justify-center rounded-2xl sm:flex ${tone.badge}`}>
          <Icon className="size-6" />
        </span>
        <div>
          {/* An operator's slot may have no eyebrow: no empty badge then, and the title names the region. */}
          {content.eyebrow ? (
            <p className={`inline-flex rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wide ${tone.badge}`}>
              {content.eyebrow}
            </p>
          ) : null}
          <Heading className="mt-2 text-2xl font-extrabold tracking-tight text-balance">{content.title}</Heading>
          <div
            className="mt-2 max-w-2xl text-base leading-relaxed opacity-95 [&_a]:underline"
            dangerouslySetInnerHTML={{ __html: content.bodyHtml }}
          />
        </div>
      </div>
      {content.cta ? (
        internal ? (
          <Link to={content.cta.href} className={`${buttonClass("onDark", "lg")} shrink-0`}>
            {content.cta.label}
            <ArrowRightIcon className="size-5" />
          </Link>
        ) : (
          <a href={content.cta.href} className={`${buttonClass("onDark", "lg")} shrink-0`}>
            {content.cta.label}
            <ArrowRightIcon className="size-5" />
          </a>
        )
      ) : null}
    </aside>
  );
}
