// Whether the page is interactive: false during the server render and hydration, true after. Flipped at
// once after hydration, not as a transition: rendered in slices, the date picker's swap landed after
// the first paint and moved the home page's layout (a layout shift of 0.08 under Lighthouse's slow phone).
import { useEffect, useState } from "react";

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
