// Whether the page is interactive: false during the server render and hydration, true after. The flip
// is a transition, so React renders what it reveals (the date picker, the currency switcher's menu) in
// short slices between the browser's own work rather than as one long task right after hydration, which
// a phone feels as a frozen page and Lighthouse counts as blocking time.
import { startTransition, useEffect, useState } from "react";

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
