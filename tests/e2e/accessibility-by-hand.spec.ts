// What axe cannot see (WCAG 2.2 AA checked by hand, made automatic): focus hidden behind the sticky
// header or the cookie notice (2.4.11), the cookie notice early in the keyboard's order, reflow at
// 320 px (1.4.10), form-control borders (1.4.11), targets of radios and checkboxes (2.5.8), names of
// repeated fields, of the date dialog and of search landmarks (4.1.2), the error summary that takes
// the focus after a refused submit (3.3.1), and the hold's clock (2.2.1, 4.1.3).
import type { Page } from "@playwright/test";
import { pathOf } from "../../lib/routing/localized-paths.ts";
import { DESKTOP_ONLY, expect, MOBILE_ONLY, test } from "./fixtures.ts";
import { cancunDate, dismissNotices, MESSAGES, parkDay, type Language } from "./shop.ts";

// Transitions finish at once: what is checked is where things end up, not a frame of their way there.
test.use({ reducedMotion: "reduce" });

const CART_API_HEADERS = {
  Authorization: "Bearer travesia-web-public-cart-key",
  "X-Project-Prefix": "TRAVESIA",
  "X-Site-Code": "travesia",
  "Content-Type": "application/json",
};

/** A one-way ferry seat for `adults` in this browser's cart, through the cart API (complements come with it). */
async function addFerrySeat(page: Page, language: Language, days: number, origin: string) {
  const request = page.context().request;
  const date = cancunDate(days);
  const day = await (
    await request.get(
      `${origin}/api/sailings?crossing=cancun-isla-mujeres&date=${date}&adults=1&currency=MXN&language=${language}`,
    )
  ).json();
  const sailing = (day.outbound as { id: number; selectable: boolean }[]).find((candidate) => candidate.selectable);
  if (!sailing) throw new Error(`no sailing on ${date}`);
  const item = {
    type: "ferry",
    crossing: "cancun-isla-mujeres",
    trip: "one_way",
    date,
    outboundSailingId: sailing.id,
    passengers: { adult: 1 },
  };
  const cart = await (
    await request.post(`${origin}/xapi/shopping-cart?Language=${language.toUpperCase()}`, {
      headers: CART_API_HEADERS,
      data: { action: "add", currency: "MXN", item },
    })
  ).json();
  await page.context().addCookies([{ name: "cart_session", value: String(cart.SessionId), url: origin }]);
}

/**
 * Why the focused element cannot be seen, or null when it can: off the screen, or its centre under
 * something else (the sticky header, the cookie notice). A visually hidden input (a styled radio) is
 * seen through its label.
 */
function focusObscured(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused === document.documentElement) return null;
    let target = focused as HTMLElement;
    let rect = target.getBoundingClientRect();
    if ((rect.width < 4 || rect.height < 4) && target.closest("label")) {
      target = target.closest("label") as HTMLElement;
      rect = target.getBoundingClientRect();
    }
    if (rect.width === 0 && rect.height === 0) return null;
    const name = `${focused.tagName.toLowerCase()} "${(focused.getAttribute("aria-label") ?? (focused as HTMLElement).innerText ?? "").trim().slice(0, 40)}"`;
    // The middle of the part inside the window: a panel taller than the window is seen by its part.
    const top = Math.max(rect.top, 0);
    const bottom = Math.min(rect.bottom, window.innerHeight);
    if (bottom <= top) return `${name} is off the screen (top at y=${Math.round(rect.top)})`;
    const x = Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1);
    const y = (top + bottom) / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || target.contains(hit) || hit.contains(target) || focused.contains(hit)) return null;
    const cover = hit.closest("header, [data-testid=cookie-notice], [data-testid=app-banner]") ?? hit;
    return `${name} is under ${cover.tagName.toLowerCase()}${cover.getAttribute("data-testid") ? `[${cover.getAttribute("data-testid")}]` : ""}`;
  });
}

/** Tabs `stops` times (Shift+Tab when `backwards`) and lists every stop whose focus cannot be seen. */
async function hiddenFocusStops(page: Page, stops: number, backwards: boolean): Promise<string[]> {
  const problems: string[] = [];
  for (let stop = 0; stop < stops; stop += 1) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    const problem = await focusObscured(page);
    if (problem) problems.push(`${backwards ? "Shift+Tab" : "Tab"} ${stop + 1}: ${problem}`);
  }
  return problems;
}

/** The Tab stop at which the cookie notice's button is reached, from the top of the page. */
async function noticeButtonStop(page: Page): Promise<number> {
  for (let stop = 1; stop <= 60; stop += 1) {
    await page.keyboard.press("Tab");
    if (
      await page.evaluate(
        () =>
          document.activeElement?.closest("[data-testid=cookie-notice]") !== null &&
          document.activeElement?.tagName === "BUTTON",
      )
    )
      return stop;
  }
  return Infinity;
}

const FOCUS_PAGES = [
  { name: "home", path: (language: Language) => pathOf("home", language), cart: false },
  { name: "cart", path: (language: Language) => pathOf("cart", language), cart: true },
  { name: "payment details", path: (language: Language) => pathOf("paymentDetails", language), cart: true },
] as const;

for (const target of FOCUS_PAGES) {
  test(`focus is never hidden on the ${target.name} page, Tab and Shift+Tab, the cookie notice first`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const language: Language = "es";
    if (target.cart) await addFerrySeat(page, language, 20, baseURL ?? "");
    await page.goto(target.path(language));
    await expect(page.getByTestId("cookie-notice")).toBeVisible();
    // The notice's button is among the first stops, right after the skip link.
    expect(await noticeButtonStop(page)).toBeLessThanOrEqual(3);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.evaluate(() => window.scrollTo(0, 0));
    const forwards = await hiddenFocusStops(page, 60, false);
    // From the end of the page back up: the sticky header must not cover what Shift+Tab reaches.
    await page.evaluate(() => {
      // At once: the End key scrolls smoothly, and the focus would move while the page still moves.
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
      const focusable = [
        ...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex='0']"),
      ].filter((element) => element.offsetParent !== null);
      focusable[focusable.length - 1]?.focus();
    });
    const backwards = await hiddenFocusStops(page, 50, true);
    // Past the last stop the focus wraps to the top of a page scrolled to its end: the skip link, the
    // notice, then the header's utility bar (scrolled away on desktop until it holds the focus).
    await page.evaluate(() => {
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
      const focusable = [
        ...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex='0']"),
      ].filter((element) => element.offsetParent !== null);
      focusable[focusable.length - 1]?.focus();
    });
    const wrapped = await hiddenFocusStops(page, 8, false);
    expect([...forwards, ...backwards, ...wrapped]).toEqual([]);
  });
}

test(
  "the routes timetable fits a 320 px screen in es, en and pt: nothing cut, no sideways scrolling",
  MOBILE_ONLY,
  async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await dismissNotices(page.context());
    for (const language of ["es", "en", "pt"] as const) {
      await page.goto(pathOf("routesSchedules", language));
      await expectTimetableFits(page, language);
    }
  },
);

/** The state a timetable row can show whose longest word is longest in a language ("Documentación cerrada"). */
function widestStateLabel(language: Language): string {
  const labels = Object.entries(MESSAGES[language]).filter(
    ([key]) =>
      key.startsWith("booking.status.") && !["booking.status.past", "booking.status.notEnoughSeats"].includes(key),
  );
  const longestWord = (label: string) => Math.max(...label.split(/\s+/).map((word) => word.length));
  return labels
    .map(([, label]) => label)
    .reduce((widest, label) => (longestWord(label) > longestWord(widest) ? label : widest));
}

async function expectTimetableFits(page: Page, language: Language) {
  const table = page.locator("[data-testid=timetable] table").first();
  await expect(table).toBeVisible();
  // Seats and states arrive from the live data after the page: measure the table they end up in.
  await expect(page.locator('[data-testid=timetable] [data-sailing-status="pending"]')).toHaveCount(0);
  // Which states show depends on the hour and on what other tests closed: every row takes the
  // widest one, so the check does not depend on when it runs.
  await page.evaluate((label) => {
    for (const row of document.querySelectorAll("[data-testid=timetable] tbody tr[data-sailing-status]"))
      row.lastElementChild!.textContent = label;
  }, widestStateLabel(language));
  const sizes = await page.evaluate(() => {
    const tables = [...document.querySelectorAll<HTMLElement>("[data-testid=timetable] table")];
    return {
      page: document.documentElement.scrollWidth,
      tables: tables.map((element) => {
        const box = element.parentElement as HTMLElement;
        return {
          table: Math.round(element.getBoundingClientRect().width),
          box: box.clientWidth,
          overflow: getComputedStyle(box).overflowX,
          focusable: box.tabIndex === 0,
          name: box.getAttribute("aria-labelledby"),
        };
      }),
    };
  });
  expect(sizes.page, "the page does not scroll sideways").toBeLessThanOrEqual(320);
  for (const sizesOf of sizes.tables) {
    // Fits its box; or, in a language whose words do not, scrolls inside a focusable, named region.
    if (sizesOf.table > sizesOf.box)
      expect(sizesOf, JSON.stringify(sizesOf)).toMatchObject({ overflow: "auto", focusable: true });
    expect(sizesOf.name).toBeTruthy();
  }
  expect(
    sizes.tables.every((sizesOf) => sizesOf.table <= sizesOf.box),
    `timetables ${JSON.stringify(sizes.tables)}`,
  ).toBe(true);
}

/** WCAG relative luminance contrast between two rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b2] = (color.match(/[\d.]+/g) ?? ["0", "0", "0"]).slice(0, 3).map((channel) => {
      const value = Number(channel) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b2 ?? 0);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

test(
  "form controls stand out from their background at 3:1, and radios and checkboxes are 24 px targets",
  DESKTOP_ONLY,
  async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const language: Language = "en";
    await dismissNotices(page.context());
    await addFerrySeat(page, language, 21, baseURL ?? "");
    const weak: string[] = [];
    const small: string[] = [];
    for (const path of [
      pathOf("home", language),
      `${pathOf("xcaret", language)}?date=${parkDay(20)}&adults=1&step=search`,
      pathOf("cart", language),
      pathOf("paymentDetails", language),
      pathOf("register", language),
    ]) {
      await page.goto(path);
      // The park's date field becomes a date picker when the pointer comes over it: measure the picker a
      // visitor ends up with, not whichever of the two is there at that instant.
      if (path.includes("date=")) {
        await page.locator('[data-date-field="date"] label').hover();
        await page.locator('[data-date-field="date"] [role="group"]').waitFor();
      }
      const controls = await page.evaluate(() => {
        // Computed colours come as oklch() or lab(), some translucent: a canvas paints them over what is
        // under them and reads the sRGB the eye gets, "rgb(r, g, b)".
        const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
        const paint = (colors: string[]): string => {
          if (!canvas) return colors[colors.length - 1] ?? "";
          canvas.clearRect(0, 0, 1, 1);
          for (const color of ["#fff", ...colors]) {
            canvas.fillStyle = color;
            canvas.fillRect(0, 0, 1, 1);
          }
          const [r, g, b] = canvas.getImageData(0, 0, 1, 1).data;
          return `rgb(${r}, ${g}, ${b})`;
        };
        const opaque = (color: string): boolean => {
          if (!canvas) return true;
          canvas.clearRect(0, 0, 1, 1);
          canvas.fillStyle = color;
          canvas.fillRect(0, 0, 1, 1);
          return canvas.getImageData(0, 0, 1, 1).data[3] === 255;
        };
        // The colour behind an element: its ancestors' backgrounds, painted from the first opaque one up.
        const backdrop = (element: Element | null): string => {
          const layers: string[] = [];
          for (let node = element; node; node = node.parentElement) {
            const color = getComputedStyle(node).backgroundColor;
            layers.unshift(color);
            if (opaque(color)) break;
          }
          return paint(layers);
        };
        // Seen and reachable: the date picker keeps a native date input out of the tab order and out of
        // sight for the browser's autofill, which no visitor sees.
        const visible = (element: HTMLElement) =>
          element.offsetParent !== null && element.getBoundingClientRect().width > 2 && element.tabIndex >= 0;
        const fields = [
          ...document.querySelectorAll<HTMLElement>(
            "input:not([type=hidden]):not([type=radio]):not([type=checkbox]), select, textarea",
          ),
        ].filter(visible);
        const checks = [
          ...document.querySelectorAll<HTMLInputElement>("input[type=radio], input[type=checkbox]"),
        ].filter((element) => element.offsetParent !== null);
        return {
          fields: fields.map((element) => {
            const style = getComputedStyle(element);
            const behind = backdrop(element.parentElement);
            return {
              name: element.getAttribute("name") ?? element.id,
              border: paint([behind, style.borderTopColor]),
              width: style.borderTopWidth,
              fill: paint([behind, style.backgroundColor]),
              behind,
            };
          }),
          checks: checks.map((element) => {
            const box = element.getBoundingClientRect();
            const hidden = box.width <= 2;
            const label = element.closest("label")?.getBoundingClientRect();
            const measured = hidden && label ? label : box;
            return {
              name: `${element.name}=${element.value}`,
              width: Math.round(measured.width),
              height: Math.round(measured.height),
            };
          }),
        };
      });
      for (const field of controls.fields) {
        const ratio = Math.max(
          field.width === "0px" ? 1 : contrast(field.border, field.behind),
          contrast(field.fill, field.behind),
        );
        if (ratio < 3) weak.push(`${path} ${field.name}: ${ratio.toFixed(2)}:1 (${field.border} on ${field.behind})`);
      }
      for (const check of controls.checks)
        if (check.width < 24 || check.height < 24) small.push(`${path} ${check.name}: ${check.width}×${check.height}`);
    }
    expect(weak).toEqual([]);
    expect(small).toEqual([]);
  },
);

test(
  "names: cart dates say their product, the date dialog and every search landmark are named",
  DESKTOP_ONLY,
  async ({ page, baseURL }) => {
    const language: Language = "es";
    const t = MESSAGES[language];
    await dismissNotices(page.context());
    await addFerrySeat(page, language, 22, baseURL ?? "");
    await page.goto(pathOf("cart", language));
    const dates = page.locator("[data-testid=complement-card] input[type=date]");
    await expect(dates.first()).toBeVisible();
    const names = await dates.evaluateAll((inputs) => inputs.map((input) => input.getAttribute("aria-label") ?? ""));
    expect(names.length).toBeGreaterThan(1);
    expect(new Set(names).size, names.join(" | ")).toBe(names.length);
    for (const name of names) expect(name.startsWith(t["cart.complements.date"])).toBe(true);
    for (const [index, name] of names.entries())
      await expect(page.getByRole("textbox", { name, exact: true }).or(dates.nth(index))).toHaveCount(1);

    // The search page: the header's box and the page's own, each landmark with a name of its own.
    await page.goto(`${pathOf("search", language)}?q=ferry`);
    const landmarks = page.getByRole("search");
    await expect(landmarks).toHaveCount(2);
    const landmarkNames = await landmarks.evaluateAll((forms) =>
      forms.map(
        (form) =>
          form.getAttribute("aria-label") ??
          document.getElementById(form.getAttribute("aria-labelledby") ?? "")?.textContent ??
          "",
      ),
    );
    expect(landmarkNames.every(Boolean), landmarkNames.join(" | ")).toBe(true);
    expect(new Set(landmarkNames).size).toBe(2);

    // The date picker's dialog is named after its field.
    await page.goto(pathOf("routesSchedules", language));
    await page.getByTestId("timetable").locator("[data-date-field] label").hover();
    await page.getByTestId("timetable").getByRole("button", { name: "Abrir calendario" }).click();
    await expect(page.getByRole("dialog", { name: t["timetable.date"] })).toBeVisible();
  },
);

for (const language of ["es", "en", "pt"] as const) {
  test(
    `a refused payment focuses the error summary, whose links lead to each field (${language})`,
    DESKTOP_ONLY,
    async ({ page, baseURL, allowConsoleError }) => {
      // The refusals are the data requests' 422 and 400.
      allowConsoleError(/status of (422|400)/);
      const t = MESSAGES[language];
      await dismissNotices(page.context());
      await addFerrySeat(page, language, 23, baseURL ?? "");
      await page.goto(pathOf("paymentDetails", language));
      await page.getByTestId("pay").click();
      const summary = page.getByTestId("checkout-error");
      await expect(summary).toBeFocused();
      const links = summary.getByRole("link");
      await expect(links.first()).toContainText(t["checkout.buyer.name"]);
      expect(await links.count()).toBeGreaterThanOrEqual(4);
      await links.first().click();
      await expect(page.getByLabel(t["checkout.buyer.name"], { exact: true })).toBeFocused();
      await summary.getByRole("link", { name: t["checkout.terms"] }).click();
      await expect(page.locator("#accept-terms")).toBeFocused();
      await expect(page.locator("#accept-terms")).toBeInViewport();

      // The account form shares the mechanism.
      await page.goto(pathOf("register", language));
      await page.locator("[data-testid=register-form] button[type=submit]").click();
      const accountSummary = page.getByTestId("account-error");
      await expect(accountSummary).toBeFocused();
      await accountSummary.getByRole("link").first().click();
      await expect(page.locator("#account-email")).toBeFocused();
    },
  );
}

test(
  "the hold's clock warns, says when the seats are released, never offers to pay zero, and holds them again",
  DESKTOP_ONLY,
  async ({ page }) => {
    // It waits out a 15 s hold on the short-hold server.
    test.setTimeout(120_000);
    const origin = process.env.E2E_SHORT_HOLD_ORIGIN ?? "";
    const seconds = Number(process.env.E2E_SHORT_HOLD_SECONDS ?? "8");
    const language: Language = "en";
    const t = MESSAGES[language];
    await dismissNotices(page.context(), origin);
    await addFerrySeat(page, language, 24, origin);
    await page.goto(`${origin}${pathOf("paymentDetails", language)}`);
    // Under two minutes from the start: the warning shows, in a polite live region.
    await expect(page.getByTestId("hold-announcement")).toHaveText(t["hold.left.one"].replace("{count}", "1"));
    await expect(page.getByTestId("hold-announcement")).toHaveAttribute("role", "status");
    await expect(page.getByTestId("pay")).toBeVisible();
    // At zero: the same region says the seats were released; no pay button, nothing to pay zero for.
    const expired = page.getByTestId("hold-expired");
    await expect(expired).toHaveText(t["hold.released"], { timeout: (seconds + 10) * 1000 });
    await expect(expired).toHaveAttribute("role", "status");
    await expect(page.getByTestId("pay")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /0\.00/ })).toHaveCount(0);
    // Holding them again takes the seats back, in the cart.
    await page.getByTestId("hold-again").click();
    await expect(page).toHaveURL(new RegExp(pathOf("cart", language)));
    await expect(page.getByTestId("cart-line")).toHaveAttribute("data-hold", "held");
  },
);
