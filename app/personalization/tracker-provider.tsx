// Puts the personalization tracker in the page: on when the site's enableCroct flag is, its
// cart and order events only when enableCroctShopping is too. One tracker per browser page, created on
// the first render that needs it; user activity restarts its inactivity pings. Pages track with
// useTrackView (once per view) and components with useTrack.
import { createContext, useCallback, useContext, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { TrackingContext, TrackingEvent } from "../../lib/tracking-events.ts";
import { idleAfterLoad } from "../components/ui/idle.ts";
import { useRootData } from "../i18n/use-translate.ts";
import { sectionSiteOf } from "../routing/client-state.ts";
import type { Tracker } from "./tracker.ts";
import type { z } from "zod";

type Track = (event: TrackingEvent) => boolean;

/** The events that need enableCroctShopping on top of enableCroct. */
const SHOPPING_EVENTS: ReadonlySet<TrackingEvent["type"]> = new Set(["cartViewed", "cartModified", "orderPlaced"]);
/** Views already tracked that must never be tracked twice (an order reloaded), newest last. */
const ONCE_STORAGE_KEY = "travesia.tracker.once";
const ONCE_REMEMBERED = 20;
const ACTIVITY_EVENTS = ["pointerdown", "keydown", "scroll", "touchstart"] as const;
/** Scrolling fires dozens of events a second; the idle clock needs one a second at most. */
const ACTIVITY_THROTTLE_MS = 1_000;

const TrackContext = createContext<Track>(() => false);

let pageTracker: Tracker | null = null;
let currentContext: () => z.infer<typeof TrackingContext> = () => ({
  page: { url: "" },
  language: "en",
  device: "desktop",
});

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The tracker and its event schemas (zod) load when the browser is idle after the page's load, not
 * with its first JavaScript (ADR 0035) nor among the effects that end hydration, whose task it made
 * long: what is tracked before they arrive waits on the import, in order, and is handed over when it
 * resolves. A failed load costs this page its events, never the page itself.
 */
let trackerLoad: Promise<Tracker> | null = null;
/** What the page wants, as its latest render said: a load that ends after a disable stays disabled. */
let trackingWanted = false;
/** How long after the page's load event a busy browser may keep the tracker waiting. */
const TRACKER_IDLE_TIMEOUT_MS = 2000;

function loadTracker(): Promise<Tracker> {
  trackerLoad ??= idleAfterLoad(TRACKER_IDLE_TIMEOUT_MS)
    .then(() => import("./tracker.ts"))
    .then(({ createTracker }) => {
      pageTracker ??= createTracker(
        {
          base: "",
          storage: localStorageOrNull(),
          fetch: (input, init) => fetch(input, init),
          log: (entry) => console[entry.level]("[tracker]", entry.message, entry.detail ?? ""),
          context: () => currentContext(),
        },
        { enabled: false },
      );
      return pageTracker;
    });
  return trackerLoad;
}

/** Runs `use` with the enabled tracker: now when it is loaded, else once it is (and still wanted). */
function withEnabledTracker(use: (tracker: Tracker) => void): void {
  const run = (tracker: Tracker) => {
    if (!trackingWanted) return;
    tracker.enable();
    use(tracker);
  };
  if (pageTracker) run(pageTracker);
  else loadTracker().then(run, (error: unknown) => console.warn("[tracker]", "the tracker did not load", error));
}

/** Address without query or fragment: they can carry a booking reference or a payment id. */
function pageAddress(href: string): string {
  try {
    const url = new URL(href);
    return `${url.origin}${url.pathname}`.slice(0, 2_000);
  } catch {
    return "";
  }
}

export function TrackerProvider({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { pathname } = useLocation();
  const enabled = root?.site.flags.enableCroct === true;
  const shopping = enabled && root?.site.flags.enableCroctShopping === true;
  const language = root?.language ?? "en";
  const section = sectionSiteOf(pathname);

  // What the next event says about where it happened: read when it is tracked, not when it is sent.
  // Browser only: the server renders this too, and must not keep one visitor's page in a module.
  if (typeof window !== "undefined") trackingWanted = enabled;
  if (typeof window !== "undefined")
    currentContext = () => ({
      page: {
        url: pageAddress(window.location.href),
        ...(document.referrer ? { referrer: pageAddress(document.referrer) } : {}),
        ...(document.title ? { title: document.title.slice(0, 200) } : {}),
      },
      language,
      device: window.matchMedia("(max-width: 767px)").matches ? "mobile" : "desktop",
      section,
    });

  useEffect(() => {
    if (!enabled) {
      pageTracker?.disable();
      return;
    }
    withEnabledTracker(() => {});
    let lastActivity = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastActivity < ACTIVITY_THROTTLE_MS) return;
      lastActivity = now;
      pageTracker?.recordActivity();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") onActivity();
    };
    ACTIVITY_EVENTS.forEach((type) => window.addEventListener(type, onActivity, { passive: true }));
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      ACTIVITY_EVENTS.forEach((type) => window.removeEventListener(type, onActivity));
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [enabled]);

  // Moving to another page is activity too.
  useEffect(() => {
    if (enabled) pageTracker?.recordActivity();
  }, [enabled, pathname]);

  const track = useCallback<Track>(
    (event) => {
      if (!enabled || (SHOPPING_EVENTS.has(event.type) && !shopping)) return false;
      // Pages track from their own effects, which run before this provider's: enable on first use.
      if (pageTracker) {
        pageTracker.enable();
        return pageTracker.track(event);
      }
      // Before the tracker has loaded: handed over when it arrives, where its schema may still refuse it.
      withEnabledTracker((tracker) => tracker.track(event));
      return true;
    },
    [enabled, shopping],
  );

  return <TrackContext.Provider value={track}>{children}</TrackContext.Provider>;
}

export function useTrack(): Track {
  return useContext(TrackContext);
}

function seenKeys(storage: Storage | null): string[] {
  try {
    const seen = JSON.parse(storage?.getItem(ONCE_STORAGE_KEY) ?? "[]") as unknown;
    return Array.isArray(seen) ? seen.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

function remember(storage: Storage | null, key: string): void {
  try {
    storage?.setItem(ONCE_STORAGE_KEY, JSON.stringify([...seenKeys(storage), key].slice(-ONCE_REMEMBERED)));
  } catch {
    // Without storage a reload may track the view again: the service sees the same order id twice.
  }
}

/**
 * Tracks `event` when the page shows it: again when `viewKey` changes (another product, a changed
 * cart), never on a re-render. With `once`, a view key tracked before in this browser (an order's
 * thank-you page reloaded) is not tracked again; a view the flags refused is not remembered.
 */
export function useTrackView(event: TrackingEvent | null, viewKey: string, options: { once?: boolean } = {}): void {
  const track = useTrack();
  const latest = useRef(event);
  latest.current = event;
  const once = options.once === true;
  useEffect(() => {
    const current = latest.current;
    if (!current) return;
    const storage = once ? localStorageOrNull() : null;
    if (once && seenKeys(storage).includes(viewKey)) return;
    if (track(current) && once) remember(storage, viewKey);
  }, [viewKey, track, once]);
}
