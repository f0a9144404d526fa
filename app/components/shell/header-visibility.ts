// Decides whether the mobile header hides: it hides while the visitor scrolls down past the top of the
// page and comes back as soon as they scroll up. Small jitters (momentum scrolling, address bar
// resizes) are ignored so the header does not flicker.
import { useEffect, useRef, useState } from "react";

/** Scroll distance (px) a move must exceed to count. */
export const SCROLL_TOLERANCE = 8;
/** Near the top of the page the header always shows. */
export const ALWAYS_SHOWN_ABOVE = 96;

export interface ScrollState {
  hidden: boolean;
  /** The position of the last move that counted. */
  anchorY: number;
}

export function nextScrollState(state: ScrollState, y: number): ScrollState {
  if (y <= ALWAYS_SHOWN_ABOVE) return { hidden: false, anchorY: y };
  const delta = y - state.anchorY;
  if (Math.abs(delta) < SCROLL_TOLERANCE) return state;
  return { hidden: delta > 0, anchorY: y };
}

/** True while the header should be hidden. One passive scroll listener, throttled to a frame. */
export function useHideOnScroll(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let state: ScrollState = { hidden: false, anchorY: window.scrollY };
    if (!started.current) {
      // The header is hydrated on demand (ADR 0054): a page opens at its top, so a visitor found
      // below it has scrolled down before this code ran, and the header hides as it would have.
      started.current = true;
      state = nextScrollState({ hidden: false, anchorY: 0 }, window.scrollY);
      setHidden(state.hidden);
    }
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        state = nextScrollState(state, window.scrollY);
        setHidden(state.hidden);
      });
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [enabled]);
  return hidden;
}
