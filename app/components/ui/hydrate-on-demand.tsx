// Parts of the page shell that are rendered on the server with the rest but whose code is not in the
// page's first JavaScript: React's selective hydration keeps a Suspense boundary's server HTML in place,
// untouched and readable, while the lazy() component inside it waits for its chunk (ADR 0054). The
// chunk is asked for only when the part is wanted:
// - the visitor reaches for it (pointer over it, focus in it, a touch on it);
// - it comes near the viewport (the footer), when the part asks for that;
// - the visitor does anything on the page (a click, a key, a scroll, a form sent, back or forward): React
//   Router's next state reaches every part, and a part still waiting for its code would hold that
//   update (a transition) until the code arrives, so everything starts loading at the first sign;
// - the browser is idle after the page loaded, so nothing waits long for a later update.
// A click or an arrow key that lands on a control of a part still without its code would be lost (React
// stops an event it cannot hand to unhydrated components); it is held and given again once the part
// is hydrated.
import { lazy, memo, Suspense, useEffect, useRef, type ComponentType } from "react";
import { idleAfterLoad } from "./idle.ts";

interface OnDemandPart {
  load: () => Promise<unknown>;
  hydrated: Promise<void>;
  isHydrated: () => boolean;
}

const parts = new Set<OnDemandPart>();

/** Starts loading every on-demand part's code (idempotent). */
export function loadEveryOnDemandPart(): void {
  for (const part of parts) void part.load().catch(() => undefined);
}

/** How many parts the last complete round of loading covered: later renders do not wait again. */
let partsLoaded = 0;

/**
 * Resolves once the code of every on-demand part is loaded, the parts that loaded code declares among
 * them (the header's own parts). The server waits for it before its first render: a part whose code
 * were still on its way would be sent after the rest of the page and moved into place by a script,
 * shifting everything below it as it lands. A part whose code fails to load is left to its Suspense
 * boundary.
 */
export async function everyOnDemandPartLoaded(): Promise<void> {
  while (partsLoaded !== parts.size) {
    const known = parts.size;
    await Promise.all([...parts].map((part) => part.load().catch(() => undefined)));
    partsLoaded = known;
  }
}

const IN_BROWSER = typeof document !== "undefined";
/** Controls whose clicks are held: a link's click is left to the browser, which follows it. */
const CLICKED = "button, [role=button], [role=tab]";
/** Controls whose arrow keys are held: the menus move focus between links too. */
const KEYED = `${CLICKED}, a[href]`;
const HELD_KEYS = new Set(["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "Home", "End", "Escape"]);
/** How long after the page's load event the browser may stay busy before the parts load anyway. */
const IDLE_TIMEOUT_MS = 3000;

if (IN_BROWSER) {
  const anyInteraction = () => {
    loadEveryOnDemandPart();
    for (const type of GLOBAL_TRIGGERS) window.removeEventListener(type, anyInteraction, true);
  };
  const GLOBAL_TRIGGERS = ["pointerdown", "keydown", "submit", "popstate", "touchstart", "scroll", "wheel"] as const;
  for (const type of GLOBAL_TRIGGERS) window.addEventListener(type, anyInteraction, { capture: true, passive: true });
  void idleAfterLoad(IDLE_TIMEOUT_MS).then(loadEveryOnDemandPart);
}

export interface OnDemandOptions {
  /** Load as the part comes within this margin of the viewport (e.g. "300px"), as well. */
  nearViewport?: string;
  /** Classes of the wrapper element; `contents` by default, so that the wrapper adds no box. */
  className?: string;
}

/**
 * A component whose code loads on demand and whose server HTML stays until it does. On the server the
 * code is loaded at once, so the part renders in the page like any other.
 */
export function hydrateOnDemand<P extends object>(
  importer: () => Promise<ComponentType<P>>,
  options: OnDemandOptions = {},
): ComponentType<P> {
  let request!: () => void;
  const requested = new Promise<void>((resolve) => {
    request = resolve;
  });
  let markHydrated!: () => void;
  let hydratedNow = false;
  const hydrated = new Promise<void>((resolve) => {
    markHydrated = () => {
      hydratedNow = true;
      resolve();
    };
  });
  let loading: Promise<ComponentType<P>> | null = null;
  /** The part's component once its code is here: the server renders it in place of the lazy one. */
  let loaded: ComponentType<P> | null = null;
  const load = () => {
    request();
    loading ??= requested
      .then(importer)
      .then((component) => (loaded = component))
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  };
  const part: OnDemandPart = { load, hydrated, isHydrated: () => hydratedNow };
  parts.add(part);
  if (!IN_BROWSER) void load();

  const Lazy = lazy(async () => {
    const Loaded = await load();
    function Hydrated(props: P) {
      useEffect(markHydrated, []);
      return <Loaded {...props} />;
    }
    return { default: Hydrated };
  });

  function OnDemand(props: P) {
    const wrapper = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = wrapper.current;
      if (!element || hydratedNow) return;
      const start = () => void load().catch(() => undefined);
      const reachFor = ["pointerover", "focusin", "touchstart"] as const;
      for (const type of reachFor) element.addEventListener(type, start, { passive: true });
      // A click, or a key that moves or closes (arrows, Home, End, Escape), on a control of the part
      // before its code is there: held, and given again to the hydrated control. Tab, Enter and Space
      // go on as usual (Enter and Space make a click, which is held).
      const hold = (event: MouseEvent | KeyboardEvent) => {
        const keyed = event instanceof KeyboardEvent;
        const control =
          event.target instanceof Element ? event.target.closest<HTMLElement>(keyed ? KEYED : CLICKED) : null;
        if (hydratedNow || !control || !element.contains(control)) return;
        if (keyed && !HELD_KEYS.has(event.key)) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        start();
        void hydrated.then(() => {
          if (event instanceof KeyboardEvent)
            control.dispatchEvent(
              new KeyboardEvent("keydown", {
                key: event.key,
                code: event.code,
                shiftKey: event.shiftKey,
                bubbles: true,
                cancelable: true,
              }),
            );
          else control.click();
        });
      };
      window.addEventListener("click", hold, true);
      window.addEventListener("keydown", hold, true);
      let observer: IntersectionObserver | null = null;
      if (options.nearViewport && "IntersectionObserver" in window) {
        observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), {
          rootMargin: options.nearViewport,
        });
        observer.observe(element.firstElementChild ?? element);
      }
      return () => {
        for (const type of reachFor) element.removeEventListener(type, start);
        window.removeEventListener("click", hold, true);
        window.removeEventListener("keydown", hold, true);
        observer?.disconnect();
      };
    }, []);
    // On the server a loaded part renders at once: lazy() suspends on its first render even when the
    // code is there, which would send the part after the rest of the page. The client hydrates either
    // against the same HTML: only elements are matched, not the components around them.
    const Loaded = IN_BROWSER ? null : loaded;
    return (
      <div ref={wrapper} className={options.className ?? "contents"}>
        <Suspense fallback={null}>{Loaded ? <Loaded {...props} /> : <Lazy {...props} />}</Suspense>
      </div>
    );
  }
  // Memoized: a parent's re-render must not reach a boundary still waiting for its code, or React
  // would give up its server HTML and render it anew.
  return memo(OnDemand);
}
