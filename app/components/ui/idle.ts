// Work a page can do later: after its load event, once the browser has nothing else to do (or after
// a timeout, so that a page that never goes idle still gets it done).

/** Resolves when the browser is idle after the page's load event, or `timeoutMs` after the load at the latest. */
export function idleAfterLoad(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if ("requestIdleCallback" in window) window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
      else setTimeout(resolve, timeoutMs);
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
  });
}
